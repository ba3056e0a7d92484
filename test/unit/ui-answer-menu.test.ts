import { describe, expect, it } from 'vitest';
import {
  answerMenu,
  approvalAnswer,
  type Choice,
  isOffered,
  sentAs,
  sentDetail,
} from '../../extension/ui/answer/answer-choice.ts';
import { confirmLabel, confirmQuestion, needsConfirm } from '../../extension/ui/answer/friction.ts';
import { ruleCovers, rulesCover } from '../../extension/ui/common/rule-words.ts';
import { InteractionRespondRequest, Risk } from '../../shared/contract/index.ts';
import { allActions, interaction } from './ui-fixtures.ts';

const npmInstall = { rules: ['Bash(npm install:*)'] };
const compound = { rules: ['Bash(npm test:*)', 'Bash(npm run lint:*)'] };
const onceAndDeny = allActions.filter((action) => action.scope === 'once');
const now = new Date('2026-11-29T12:00:00.000Z');

describe('answerMenu: which answers a card offers', () => {
  it('offers the exact call, the time box and each suggested rule when session and always are offered', () => {
    const menu = answerMenu(interaction({ suggestions: [npmInstall, compound] }));
    expect(menu.exact.map((action) => action.key)).toEqual([
      'allow_once',
      'allow_session',
      'allow_always',
      'deny',
    ]);
    expect(menu.exactCovers).toMatch(/this exact call/);
    expect(menu.timeBox).toBe(true);
    expect(menu.rules).toEqual([
      {
        rules: ['Bash(npm install:*)'],
        text: 'Bash(npm install:*)',
        covers: 'any command starting npm install',
        actions: ['allow_session', 'allow_always'],
      },
      {
        rules: ['Bash(npm test:*)', 'Bash(npm run lint:*)'],
        text: 'Bash(npm test:*) + Bash(npm run lint:*)',
        covers: 'any command starting npm test and any command starting npm run lint',
        actions: ['allow_session', 'allow_always'],
      },
    ]);
  });

  it('offers no rule, no time box and no covers line when only once and deny are offered', () => {
    const menu = answerMenu(interaction({ actions: onceAndDeny, suggestions: [npmInstall] }));
    expect(menu.rules).toEqual([]);
    expect(menu.timeBox).toBe(false);
    expect(menu.exactCovers).toBeNull();
  });

  it('offers a rule only with the scopes the question offers', () => {
    const sessionOnly = allActions.filter((action) => action.scope !== 'global');
    const menu = answerMenu(interaction({ actions: sessionOnly, suggestions: [npmInstall] }));
    expect(menu.rules.map((rule) => rule.actions)).toEqual([['allow_session']]);
  });

  it('shows a suggestion once, and none that is empty or absent', () => {
    expect(
      answerMenu(interaction({ suggestions: [npmInstall, { rules: ['Bash(npm install:*)'] }] })).rules,
    ).toHaveLength(1);
    expect(answerMenu(interaction({ suggestions: [] })).rules).toEqual([]);
    expect(answerMenu(interaction()).rules).toEqual([]);
  });

  it('offers editing only when the relay says the input is whole and once is offered', () => {
    expect(answerMenu(interaction({ editable: true })).edit).toBe(true);
    expect(answerMenu(interaction({ editable: false })).edit).toBe(false);
    expect(answerMenu(interaction()).edit).toBe(false);
    const denyOnly = allActions.filter((action) => action.behavior === 'deny');
    expect(answerMenu(interaction({ editable: true, actions: denyOnly })).edit).toBe(false);
  });
});

describe('isOffered: what the page may send for a question', () => {
  const asked = interaction({ suggestions: [npmInstall], editable: true });

  it('admits the offered buttons, a suggested rule with an offered scope, and an edit with once', () => {
    expect(isOffered(asked, { action: 'allow_once' })).toBe(true);
    expect(isOffered(asked, { action: 'allow_session', rules: ['Bash(npm install:*)'] })).toBe(true);
    expect(isOffered(asked, { action: 'allow_once', updatedInput: { command: 'ls' } })).toBe(true);
  });

  it('refuses a rule the relay did not suggest, in any spelling or combination', () => {
    for (const rules of [
      ['Bash(npm:*)'],
      ['Bash(npm install:*) '],
      ['Bash(*)'],
      ['Bash'],
      ['Bash(npm install:*)', 'Bash(rm:*)'],
      [],
    ])
      expect(isOffered(asked, { action: 'allow_always', rules }), rules.join('|')).toBe(false);
  });

  it('refuses a rule with once or deny, and an edit with anything wider than once', () => {
    expect(isOffered(asked, { action: 'allow_once', rules: ['Bash(npm install:*)'] })).toBe(false);
    expect(isOffered(asked, { action: 'deny', rules: ['Bash(npm install:*)'] })).toBe(false);
    expect(isOffered(asked, { action: 'allow_session', updatedInput: { command: 'ls' } })).toBe(false);
  });

  it('refuses an edit where the input is not whole, and a button not offered', () => {
    expect(
      isOffered(interaction({ editable: false }), { action: 'allow_once', updatedInput: { command: 'ls' } }),
    ).toBe(false);
    expect(isOffered(interaction({ actions: onceAndDeny }), { action: 'allow_always' })).toBe(false);
  });
});

describe('approvalAnswer: the body sent to the relay', () => {
  const parses = (choice: Choice) => {
    const answer = approvalAnswer(choice, now);
    expect(InteractionRespondRequest.safeParse({ interaction_id: 'int-1', answer }).success).toBe(true);
    return answer;
  };

  it('sends the scope, the rules and the time box’s end', () => {
    expect(parses({ action: 'allow_session', rules: ['Bash(npm install:*)'], timeBox: '1h' })).toEqual({
      decision: 'approve',
      scope: 'session',
      rules: ['Bash(npm install:*)'],
      expires_at: '2026-11-29T13:00:00.000Z',
    });
    expect(parses({ action: 'allow_always', timeBox: '15m' })).toEqual({
      decision: 'approve',
      scope: 'global',
      expires_at: '2026-11-29T12:15:00.000Z',
    });
    expect(parses({ action: 'allow_always', timeBox: 'none' })).toEqual({
      decision: 'approve',
      scope: 'global',
    });
  });

  it('never sends rules or a time box with once, nor an edit with a wider scope', () => {
    expect(parses({ action: 'allow_once', rules: ['Bash(x)'], timeBox: '1h' })).toEqual({
      decision: 'approve',
      scope: 'once',
    });
    expect(parses({ action: 'allow_session', updatedInput: { command: 'ls' } })).toEqual({
      decision: 'approve',
      scope: 'session',
    });
  });

  it('sends the edited input with approve once', () => {
    expect(parses({ action: 'allow_once', updatedInput: { command: 'npm ci' } })).toEqual({
      decision: 'approve',
      scope: 'once',
      updated_input: { command: 'npm ci' },
    });
  });
});

describe('friction for rules and time boxes', () => {
  const rule: Choice = { action: 'allow_session', rules: ['Bash(npm install:*)'] };

  it('a rule on a high or critical call needs the confirm step, even for the session, even by click', () => {
    expect(Risk.options.filter((risk) => needsConfirm(rule, risk, 'click'))).toEqual(['high', 'critical']);
    expect(
      Risk.options.filter((risk) => needsConfirm({ ...rule, action: 'allow_always' }, risk, 'click')),
    ).toEqual(['high', 'critical']);
  });

  it('an edited approve once never asks twice', () => {
    for (const risk of Risk.options)
      expect(needsConfirm({ action: 'allow_once', updatedInput: { command: 'ls' } }, risk, 'click')).toBe(
        false,
      );
  });

  it('the confirm step names the rule, what it covers and the time box', () => {
    expect(confirmLabel({ ...rule, timeBox: '1h' }, 'Bash')).toBe(
      'Allow Bash(npm install:*) for this session, for 1 hour',
    );
    expect(confirmLabel({ action: 'allow_always', rules: ['Edit(src/**)'] }, 'Edit')).toBe(
      'Always allow Edit(src/**), in every session',
    );
    expect(confirmLabel({ action: 'allow_always', timeBox: 'tomorrow' }, 'Bash')).toBe(
      'Always allow this exact Bash call, in every session, until tomorrow 00:00',
    );
    expect(confirmQuestion(rule, 'high')).toBe(
      'This call is rated high. Approving it for the rest of this session lets any command starting npm install run without asking.',
    );
  });

  it('the sent line says the rule, the time box, or that the call was edited', () => {
    expect(sentDetail({ ...rule, timeBox: '15m' })).toEqual(['Bash(npm install:*)', 'for 15 min']);
    expect(sentDetail({ action: 'allow_once', updatedInput: { command: 'ls' } })).toEqual([
      'Edited before approval',
    ]);
    expect(sentDetail({ action: 'allow_once' })).toEqual([]);
  });

  it('an approval the relay turned into a deny (an edit a deny rule covers) is sent as denied, with its reason', () => {
    const edited: Choice = { action: 'allow_once', updatedInput: { command: 'rm -rf build' } };
    const denied = {
      behavior: 'deny',
      source: 'user',
      actionId: 'deny',
      scope: 'once',
      comment: 'The edited input is denied: Denied by the rule Bash(rm:*)',
    } as const;
    expect(sentAs(edited, { resolution: { toolCallId: 'c', ...denied } })).toEqual({
      action: 'deny',
      detail: ['The edited input is denied: Denied by the rule Bash(rm:*)'],
    });
    const { comment: _comment, ...bare } = denied;
    expect(sentAs(edited, { resolution: { toolCallId: 'c', ...bare } })).toEqual({
      action: 'deny',
      detail: [],
    });
    // Taken as sent, the line says what was chosen.
    const allowed = {
      toolCallId: 'c',
      behavior: 'allow',
      source: 'user',
      actionId: 'allow_once',
      scope: 'once',
    } as const;
    expect(sentAs(edited, { resolution: allowed })).toEqual({
      action: 'allow_once',
      detail: ['Edited before approval'],
    });
    expect(sentAs({ ...rule, timeBox: '15m' }, {})).toEqual({
      action: 'allow_session',
      detail: ['Bash(npm install:*)', 'for 15 min'],
    });
    expect(sentAs({ action: 'deny' }, { resolution: { toolCallId: 'c', ...denied } })).toEqual({
      action: 'deny',
      detail: [],
    });
  });
});

describe('ruleCovers: a rule in plain words', () => {
  it.each([
    ['Bash(npm install:*)', 'any command starting npm install'],
    ['Bash(npm run *)', 'any command starting npm run'],
    ['Bash(git status)', 'exactly the command git status'],
    ['Bash(git * main)', 'commands matching git * main'],
    ['Edit(src/**)', 'edits of any file under src/'],
    ['Edit(/README.md)', 'edits of README.md only'],
    ['Edit(src/*.ts)', 'edits of files matching src/*.ts'],
    ['Write(docs/**)', 'writes to any file under docs/'],
    ['Read(**/*.env)', 'reads of files matching **/*.env'],
    ['WebFetch(domain:docs.python.org)', 'fetches from docs.python.org'],
    ['mcp__github__create_issue', 'every call of github · create_issue'],
    ['Bash', 'every Bash call'],
    ['Bash(*)', 'every Bash call'],
    ['Grep(foo)', 'calls matching Grep(foo)'],
    ['not a rule(', 'calls matching not a rule('],
  ])('%s → %s', (rule, words) => {
    expect(ruleCovers(rule)).toBe(words);
  });

  it('joins a compound suggestion’s parts', () => {
    expect(rulesCover(['Bash(a:*)', 'Bash(b)', 'Bash(c:*)'])).toBe(
      'any command starting a, exactly the command b and any command starting c',
    );
  });
});
