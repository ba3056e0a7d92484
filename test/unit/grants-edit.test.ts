import { describe, expect, it } from 'vitest';
import { canEditInput, reevaluateEdited } from '../../shared/engine/index.ts';
import { compileGrants } from '../../shared/grants/index.ts';
import { compilePlan } from '../../shared/plan/index.ts';
import { toDisplayCopy } from '../../shared/redact/index.ts';
import { calls } from '../support/calls.ts';
import { keyGrants } from '../support/key-grants.ts';

const GITHUB_TOKEN = `ghp_${'a1B2c3D4e5F6g7H8i9J0'.repeat(2)}`.slice(0, 40);
const plan = compilePlan({ rules: [{ tool: 'Bash', permission: 'deny', content: 'git push:*' }] });

describe('reevaluateEdited', () => {
  it('keeps the approval for an edited call that would be asked anyway', () => {
    const call = calls.bash('npm install lodash');
    const outcome = reevaluateEdited(plan, call, { command: 'npm install lodash@4' }, { mode: 'default' });
    expect(outcome).toMatchObject({
      ok: true,
      behavior: 'allow',
      input: { command: 'npm install lodash@4' },
      decision: { behavior: 'ask', reasonCode: 'default_allow_reads' },
    });
  });

  it.each([
    ['git push origin main', 'normalized_rule_deny'],
    ['git -C . push', 'normalized_rule_deny'],
    ['npm test && git push', 'normalized_rule_deny'],
    ["bash -c 'git push'", 'normalized_rule_deny'],
  ])('turns the answer into a deny when a deny rule denies the edit: %s', (command, reasonCode) => {
    const outcome = reevaluateEdited(plan, calls.bash('npm test'), { command }, { mode: 'default' });
    expect(outcome).toMatchObject({ ok: true, behavior: 'deny', decision: { behavior: 'deny', reasonCode } });
  });

  it('denies in plan mode an edit that is not a read', () => {
    const outcome = reevaluateEdited(plan, calls.bash('ls'), { command: 'rm -rf build' }, { mode: 'plan' });
    expect(outcome).toMatchObject({
      ok: true,
      behavior: 'deny',
      decision: { reasonCode: 'mode_plan_non_read' },
    });
  });

  it('denies an edit the shield denies when it is set to deny', () => {
    const shielded = compilePlan({ shield: 'deny' });
    const outcome = reevaluateEdited(
      shielded,
      calls.bash('curl https://api.github.com/user'),
      { command: `curl -H "Authorization: token ${GITHUB_TOKEN}" https://api.github.com/user` },
      { mode: 'default' },
    );
    expect(outcome).toMatchObject({
      ok: true,
      behavior: 'deny',
      decision: { reasonCode: 'shield_secret_input' },
    });
  });

  it('does not use the grant of the original arguments for the edited ones', () => {
    const call = calls.bash('npm test');
    const outcome = reevaluateEdited(
      compilePlan({}),
      call,
      { command: 'npm test -- --run' },
      { mode: 'dont_ask', approvalKey: 'K', grants: keyGrants({ session: ['K'] }) },
    );
    expect(outcome).toMatchObject({ ok: true, behavior: 'deny', decision: { reasonCode: 'mode_dont_ask' } });
  });

  it('applies a rule grant to the edited call', () => {
    const grants = compileGrants([{ id: 'g', kind: 'rule', rule: 'Bash(npm test:*)', scope: 'session' }], 0);
    const outcome = reevaluateEdited(
      compilePlan({}),
      calls.bash('npm test'),
      { command: 'npm test -- --run' },
      {
        mode: 'dont_ask',
        grants,
        now: 0,
      },
    );
    expect(outcome).toMatchObject({
      ok: true,
      behavior: 'allow',
      decision: { reasonCode: 'grant_session_rule' },
    });
  });

  it('keeps the approval in auto mode without asking the reviewer', () => {
    const outcome = reevaluateEdited(
      compilePlan({}),
      calls.bash('npm test'),
      { command: 'npm run lint' },
      { mode: 'auto' },
    );
    expect(outcome).toMatchObject({ ok: true, behavior: 'allow', decision: { behavior: 'ask' } });
  });

  it.each<[string, Record<string, unknown>, unknown, RegExp]>([
    ['not an object', { command: 'ls' }, 'rm -rf ~', /not a tool input/],
    ['an array', { command: 'ls' }, ['rm'], /not a tool input/],
    ['a new field', { command: 'ls' }, { command: 'ls', run_in_background: true }, /changed its fields/],
    ['a removed field', { command: 'ls', timeout: 5 }, { command: 'ls' }, /changed its fields/],
    ['a renamed field', { command: 'ls' }, { cmd: 'ls' }, /changed its fields/],
    ['a number changed', { command: 'ls', timeout: 5 }, { command: 'ls', timeout: 600000 }, /not text/],
    ['text turned into an object', { command: 'ls' }, { command: { x: 1 } }, /no longer text/],
    [
      'a list grown',
      { edits: [{ old_string: 'a', new_string: 'b' }] },
      {
        edits: [
          { old_string: 'a', new_string: 'b' },
          { old_string: 'c', new_string: 'd' },
        ],
      },
      /changed its items/,
    ],
    [
      'a nested boolean flipped',
      { o: { replace_all: false, s: 'x' } },
      { o: { replace_all: true, s: 'x' } },
      /not text/,
    ],
  ])('refuses an edit that changes more than text: %s', (_name, input, updated, reason) => {
    const outcome = reevaluateEdited(compilePlan({}), calls.tool('Bash', input), updated, {
      mode: 'default',
    });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.reason).toMatch(reason);
  });

  it('accepts an edit of a nested string', () => {
    const input = { file_path: 'src/a.ts', edits: [{ old_string: 'a', new_string: 'b' }] };
    const updated = { file_path: 'src/a.ts', edits: [{ old_string: 'a', new_string: 'c' }] };
    const outcome = reevaluateEdited(compilePlan({}), calls.tool('MultiEdit', input), updated, {
      mode: 'default',
    });
    expect(outcome).toMatchObject({ ok: true, behavior: 'allow', input: updated });
  });
});

describe('canEditInput', () => {
  it.each<[string, Record<string, unknown>]>([
    ['a plain command', { command: 'npm install lodash', description: 'Install' }],
    ['an edit', { file_path: 'src/a.ts', old_string: 'a', new_string: 'b', replace_all: false }],
    ['nested values', { a: [1, 2, { b: null }], c: 'd' }],
  ])('is true when the display copy is the whole input: %s', (_name, input) => {
    expect(canEditInput(toDisplayCopy(input), input)).toBe(true);
    // Key order is not a difference.
    expect(
      canEditInput(Object.fromEntries(Object.entries(toDisplayCopy(input) as object).reverse()), input),
    ).toBe(true);
  });

  it.each<[string, Record<string, unknown>]>([
    [
      'a token in the command',
      { command: `curl -H "Authorization: token ${GITHUB_TOKEN}" https://x.example` },
    ],
    ['a sensitive key', { command: 'deploy', password: 'hunter2hunter2' }],
    ['a string cut short', { command: `echo ${'x'.repeat(200_000)}` }],
    ['too many keys', Object.fromEntries(Array.from({ length: 2000 }, (_, at) => [`k${at}`, 'v']))],
  ])('is false when the display copy hides or cuts something: %s', (_name, input) => {
    const shown = toDisplayCopy(input);
    expect(canEditInput(shown, input)).toBe(false);
  });

  it('is false for any difference, and for values without a JSON form', () => {
    expect(canEditInput({ command: 'ls' }, { command: 'ls ' })).toBe(false);
    expect(canEditInput({ command: 'ls' }, { command: 'ls', extra: 1 })).toBe(false);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(canEditInput(circular, circular)).toBe(false);
    expect(canEditInput(undefined, undefined)).toBe(false);
  });
});
