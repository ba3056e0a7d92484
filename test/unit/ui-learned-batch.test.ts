import { describe, expect, it } from 'vitest';
import { RequestSchema } from '../../extension/lib/message-guard.ts';
import { batchResults } from '../../extension/lib/relay-calls.ts';
import { isOffered } from '../../extension/ui/answer/answer-choice.ts';
import { learnedOffer, learnedSubject } from '../../extension/ui/answer/learned-offer.ts';
import type { Card } from '../../extension/ui/card/card-order.ts';
import { callIdentity, identicalGroups } from '../../extension/ui/card/identical-calls.ts';
import { allActions, interaction, session } from './ui-fixtures.ts';

// docs/approver-ui.md "Learned rules" and "Answering together": what a card offers from the
// relay's `learned`, and which waiting questions are the same call.

const suggested = { suggestions: [{ rules: ['Bash(npm test:*)'] }] };

describe('learnedOffer', () => {
  it('offers the learned rule as Always with that rule, saying what it covers', () => {
    const offer = learnedOffer(
      interaction({
        ...suggested,
        input: { command: 'npm test' },
        learned: { rule: 'Bash(npm test:*)', approvals: 3 },
      }),
    );
    expect(offer).toEqual({
      rule: 'Bash(npm test:*)',
      approvals: 3,
      subject: 'npm test',
      covers: 'any command starting npm test',
      choice: { action: 'allow_always', rules: ['Bash(npm test:*)'] },
    });
  });

  it('offers nothing without learned, without Always, or for a rule the relay did not suggest here', () => {
    expect(learnedOffer(interaction(suggested))).toBeNull();
    const learned = { rule: 'Bash(npm test:*)', approvals: 3 };
    expect(
      learnedOffer(
        interaction({ ...suggested, learned, actions: allActions.filter((a) => a.id !== 'allow_always') }),
      ),
    ).toBeNull();
    expect(learnedOffer(interaction({ learned }))).toBeNull();
    expect(
      learnedOffer(interaction({ ...suggested, learned: { rule: 'Bash(rm:*)', approvals: 9 } })),
    ).toBeNull();
    // A compound suggestion is not the single learned rule.
    expect(
      learnedOffer(
        interaction({ suggestions: [{ rules: ['Bash(npm test:*)', 'Bash(npm run lint:*)'] }], learned }),
      ),
    ).toBeNull();
  });

  it('the choice it makes is one the card offers (checked again before sending)', () => {
    const source = interaction({ ...suggested, learned: { rule: 'Bash(npm test:*)', approvals: 4 } });
    expect(isOffered(source, learnedOffer(source)!.choice)).toBe(true);
  });

  it.each([
    ['Bash(npm test:*)', 'npm test'],
    ['Bash(npm test *)', 'npm test'],
    ['Bash(ls -la)', 'ls -la'],
    ['Bash(npm * test:*)', 'Bash(npm * test:*)'],
    ['Edit(src/**)', 'Edit(src/**)'],
    ['WebFetch(domain:docs.python.org)', 'WebFetch(domain:docs.python.org)'],
  ])('names %s as %s', (rule, subject) => {
    expect(learnedSubject(rule)).toBe(subject);
  });
});

const card = (sid: string, fields: Parameters<typeof interaction>[0] = {}, live = true): Card => {
  const view = session(sid, `i-${sid}`);
  const asked = interaction({ interactionId: `i-${sid}`, sessionId: sid, editable: true, ...fields });
  return { session: { ...view, activeInteraction: asked }, interaction: asked, live };
};

describe('identical calls', () => {
  it('are the same tool with the same input, whatever the key order, only when the input is whole', () => {
    const a = callIdentity(
      interaction({ tool: 'Edit', input: { a: 1, b: [1, { c: 2, d: 3 }] }, editable: true }),
    );
    const b = callIdentity(
      interaction({ tool: 'Edit', input: { b: [1, { d: 3, c: 2 }], a: 1 }, editable: true }),
    );
    expect(a).not.toBeNull();
    expect(a).toBe(b);
    expect(
      callIdentity(interaction({ tool: 'Write', input: { a: 1, b: [1, { c: 2, d: 3 }] }, editable: true })),
    ).not.toBe(a);
    expect(
      callIdentity(interaction({ tool: 'Edit', input: { a: 1, b: [{ c: 2, d: 3 }, 1] }, editable: true })),
    ).not.toBe(a);
    // Redacted or truncated (not editable): never compared.
    expect(callIdentity(interaction({ input: { command: 'echo [REDACTED:token]' } }))).toBeNull();
    expect(callIdentity(interaction({ editable: false }))).toBeNull();
  });

  it('groups the live, answerable cards sharing a call; a card alone is in no group', () => {
    const cards = [
      card('a', { input: { command: 'npm test' } }),
      card('b', { input: { command: 'npm test' } }),
      card('c', { input: { command: 'npm run lint' } }),
      card('d', { input: { command: 'npm test' } }, false),
      card('e', { input: { command: 'npm test' } }),
      card('f', { input: { command: 'npm test' }, editable: false }),
    ];
    const groups = identicalGroups(cards, (c) => c.session.sessionId !== 'e');
    expect([...groups.keys()]).toEqual(['i-a', 'i-b']);
    expect(groups.get('i-a')!.map((c) => c.session.sessionId)).toEqual(['a', 'b']);
    expect(identicalGroups(cards.slice(2), () => true).size).toBe(0);
  });
});

describe('batch results', () => {
  it('each result is the PortResult one answer alone would have been, in the order asked', () => {
    const answered = interaction({ interactionId: 'i-a', sessionId: 'a' });
    expect(
      batchResults({
        results: [
          { session_id: 'a', interaction_id: 'i-a', ok: true, interaction: answered },
          {
            session_id: 'b',
            interaction_id: 'i-b',
            ok: false,
            status: 409,
            error: { code: 'conflict', message: 'is already resolved' },
          },
          {
            session_id: 'c',
            interaction_id: 'i-c',
            ok: false,
            status: 410,
            error: { code: 'expired', message: 'expired' },
          },
          {
            session_id: 'd',
            interaction_id: 'i-d',
            ok: false,
            status: 500,
            error: { code: 'internal', message: 'x' },
          },
        ],
      }),
    ).toEqual([
      { sessionId: 'a', interactionId: 'i-a', result: { ok: true, value: answered } },
      {
        sessionId: 'b',
        interactionId: 'i-b',
        result: { ok: false, refusal: 'answered_elsewhere', message: 'is already resolved' },
      },
      { sessionId: 'c', interactionId: 'i-c', result: { ok: false, refusal: 'expired', message: 'expired' } },
      { sessionId: 'd', interactionId: 'i-d', result: { ok: false, refusal: 'unreachable', message: 'x' } },
    ]);
  });
});

describe('the background takes batch answers and declines from pages only, well formed', () => {
  const approve = { decision: 'approve', scope: 'once' };
  it.each([
    [{ type: 'respondMany', items: [{ sessionId: 's1', interactionId: 'i1' }], answer: approve }, true],
    [{ type: 'respondMany', items: [], answer: approve }, false],
    [
      {
        type: 'respondMany',
        items: Array.from({ length: 51 }, (_, i) => ({ sessionId: `s${i}`, interactionId: `i${i}` })),
        answer: approve,
      },
      false,
    ],
    [
      { type: 'respondMany', items: [{ sessionId: 's1', interactionId: 'i1', extra: 1 }], answer: approve },
      false,
    ],
    [
      {
        type: 'respondMany',
        items: [{ sessionId: 's1', interactionId: 'i1' }],
        answer: { ...approve, x: 1 },
      },
      false,
    ],
    [{ type: 'declineSuggestion', rule: 'Bash(npm test:*)' }, true],
    [{ type: 'declineSuggestion', rule: '' }, false],
    [{ type: 'declineSuggestion', rule: 'x'.repeat(100_000) }, false],
    [{ type: 'declineSuggestion' }, false],
  ])('%j → %s', (message, accepted) => {
    expect(RequestSchema.safeParse(message).success).toBe(accepted);
  });
});
