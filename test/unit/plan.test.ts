import { describe, expect, it } from 'vitest';
import { PermissionsConfig } from '../../shared/contract/index.ts';
import { compilePlan, normalize, PlanError } from '../../shared/plan/index.ts';

const parse = (config: unknown) => PermissionsConfig.parse(config);
const ruleTexts = (config: unknown) => {
  const plan = compilePlan(parse(config));
  return {
    allow: plan.rules.allow.map((r) => r.text),
    ask: plan.rules.ask.map((r) => r.text),
    deny: plan.rules.deny.map((r) => r.text),
  };
};

describe('normalize: three dialects, one plan', () => {
  const expected = { allow: ['Bash(npm test:*)'], ask: ['Bash(git push:*)'], deny: ['Read(./.env)'] };

  it.each([
    [
      'native',
      {
        rules: [
          { tool: 'Bash', permission: 'allow', content: 'npm test:*' },
          { tool: 'Bash', permission: 'ask', content: 'git push:*' },
          { tool: 'Read', permission: 'deny', content: './.env' },
        ],
      },
    ],
    [
      'agenta',
      {
        permissions: {
          default: 'allow_reads',
          rules: [
            { tool: 'Bash', permission: 'allow', content: 'npm test:*' },
            { tool: 'Bash', permission: 'ask', content: 'git push:*' },
            { tool: 'Read', permission: 'deny', content: './.env' },
          ],
        },
      },
    ],
    [
      'Claude Code settings',
      { permissions: { allow: ['Bash(npm test:*)'], ask: ['Bash(git push:*)'], deny: ['Read(./.env)'] } },
    ],
  ])('%s', (_dialect, config) => {
    expect(ruleTexts(config)).toEqual(expected);
  });

  it('maps Claude Code defaultMode aliases to engine modes', () => {
    expect(normalize(parse({ permissions: { defaultMode: 'acceptEdits' } })).mode).toBe('accept_edits');
    expect(normalize(parse({ permissions: { defaultMode: 'bypassPermissions' } })).mode).toBe('bypass');
    expect(normalize(parse({ permissions: { defaultMode: 'dontAsk' } })).mode).toBe('dont_ask');
    expect(normalize(parse({ mode: 'plan' })).mode).toBe('plan');
  });

  it('accepts real settings.json files with other top-level keys', () => {
    const settings = { $schema: 'x', env: { A: '1' }, hooks: {}, permissions: { allow: ['Read'] } };
    expect(ruleTexts(settings).allow).toEqual(['Read']);
  });

  it("ignores agenta's legacy permissionPolicy and needsApproval", () => {
    const config = parse({
      permissions: { default: 'ask' },
      permissionPolicy: 'allow_all',
      needsApproval: false,
    });
    const plan = compilePlan(config);
    expect(plan.default).toBe('ask');
    expect(plan.rules.allow).toEqual([]);
  });

  it('tells agenta from Claude Code by shape', () => {
    expect(normalize(parse({ permissions: { default: 'deny' } })).default).toBe('deny');
    expect(normalize(parse({ permissions: { ask: ['Bash'] } })).rules.ask).toHaveLength(1);
  });

  it('drops inherit from per-tool values and keeps the rest', () => {
    const plan = compilePlan(parse({ tools: { Read: 'inherit', Bash: 'ask', Deploy: 'deny' } }));
    expect([...plan.tools]).toEqual([
      ['Bash', 'ask'],
      ['Deploy', 'deny'],
    ]);
  });

  it('resolves unset values to their defaults', () => {
    const plan = compilePlan(null);
    expect(plan).toMatchObject({
      default: 'allow_reads',
      shield: 'ask',
      timeoutSeconds: 600,
      allowedModes: null,
    });
    expect(plan.explicit).toEqual({ default: undefined, shield: undefined, timeoutSeconds: undefined });
  });
});

describe('invalid configs', () => {
  it.each([
    ['an unknown mode', { mode: 'yolo' }],
    ['an unknown default', { default: 'sometimes' }],
    ['an unknown per-tool value', { tools: { Bash: 'maybe' } }],
    ['a timeout below the minimum', { timeoutSeconds: 1 }],
    ['a rule with an unknown permission', { rules: [{ tool: 'Bash', permission: 'perhaps' }] }],
    ['a stray native key', { mode: 'default', extra: true }],
    ['too many rules', { permissions: { allow: Array.from({ length: 501 }, () => 'Read') } }],
    ['a stray agenta key', { permissions: { default: 'ask', surprise: 1 } }],
  ])('rejects %s at the schema', (_what, config) => {
    expect(PermissionsConfig.safeParse(config).success).toBe(false);
  });

  it('names every bad rule and why, with its path', () => {
    const config = parse({ permissions: { allow: ['Bash(npm test', 'Read'], deny: ['(oops)'] } });
    let error: unknown;
    try {
      compilePlan(config);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PlanError);
    const problems = (error as PlanError).problems;
    expect(problems.map((p) => p.path).sort()).toEqual(['permissions.allow.0', 'permissions.deny.0']);
    expect((error as PlanError).message).toContain('Bash(npm test');
    expect((error as PlanError).message).toContain('(oops)');
  });

  it('compiles rules once: the plan holds matchers, not text to re-parse', () => {
    const plan = compilePlan(parse({ permissions: { allow: ['Bash(npm test:*)'] } }));
    expect(typeof plan.rules.allow[0]?.matches).toBe('function');
  });
});
