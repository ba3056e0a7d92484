import { describe, expect, it } from 'vitest';
import { type Mode, PermissionsConfig } from '../../shared/contract/index.ts';
import { decide } from '../../shared/engine/index.ts';
import {
  type CompiledPlan,
  compilePlan,
  layerSession,
  normalize,
  PlanError,
} from '../../shared/plan/index.ts';
import { calls } from '../support/calls.ts';

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

describe('layering: a session tightens at once, loosens only with authority', () => {
  const layered = (workspace: unknown, session: unknown, loosen = false) =>
    layerSession(compilePlan(parse(workspace)), compilePlan(parse(session)), { loosen });
  const behavior = (plan: CompiledPlan, call = calls.bash('npm run build'), mode: Mode = 'default') =>
    decide(plan, call, { mode }).behavior;

  // One row per loosening field: the session's declaration, a call it would let through, and
  // what the workspace alone decides for that call.
  const loosenings: [string, unknown, ReturnType<typeof calls.bash>, string][] = [
    [
      'an allow rule',
      { permissions: { allow: ['Bash(npm run build)'] } },
      calls.bash('npm run build'),
      'allow rule Bash(npm run build)',
    ],
    ['tools: allow', { tools: { Bash: 'allow' } }, calls.bash('npm run build'), 'tools.Bash: allow'],
    [
      'capability allow',
      { capabilities: { exec: 'allow' } },
      calls.bash('npm run build'),
      'capabilities.exec: allow',
    ],
    ['default: allow', { default: 'allow' }, calls.bash('npm run build'), 'default: allow'],
    ['shield off', { shield: 'off' }, calls.read('/work/repo/.env'), 'shield: off'],
    ['a looser mode', { mode: 'bypass' }, calls.bash('npm run build'), 'mode: bypass'],
  ];

  it.each(loosenings)('%s is ignored and named without authority', (_, session, call, named) => {
    const { plan, ignored } = layered({}, session);
    expect(decide(plan, call, { mode: plan.mode ?? 'default' }).behavior).toBe('ask');
    expect(ignored).toEqual([named]);
  });

  it.each(loosenings.filter(([name]) => name !== 'shield off' && name !== 'a looser mode'))(
    '%s applies when the session may loosen',
    (_, session, call) => {
      const { plan, ignored } = layered({}, session, true);
      expect(behavior(plan, call)).toBe('allow');
      expect(ignored).toEqual([]);
    },
  );

  it('shield off is a workspace setting: ignored even with authority', () => {
    const { plan, ignored } = layered({}, { shield: 'off' }, true);
    expect(behavior(plan, calls.read('/work/repo/.env'))).toBe('ask');
    expect(ignored).toEqual(['shield: off']);
  });

  it('a looser mode applies when the workspace lists it in agents.modes', () => {
    expect(layered({ agents: { modes: ['accept_edits'] } }, { mode: 'acceptEdits' }).plan.mode).toBe(
      'accept_edits',
    );
    expect(layered({ agents: { loosen: true } }, { mode: 'bypass' }).plan.mode).toBeUndefined();
  });

  it('allowedModes and agents are never taken from a session', () => {
    const { plan } = layered(
      { allowedModes: ['default'] },
      { allowedModes: ['bypass'], agents: { loosen: true, modes: ['bypass'] } },
    );
    expect(plan.allowedModes).toEqual(['default']);
    expect(plan.agents).toEqual({ loosen: false, modes: [] });
  });

  const allowsBuild = { permissions: { allow: ['Bash(npm run build)'] } };
  it.each([
    ['a deny rule', allowsBuild, { permissions: { deny: ['Bash(npm run build)'] } }, 'deny'],
    ['an ask rule', allowsBuild, { permissions: { ask: ['Bash(npm run build)'] } }, 'ask'],
    ['tools: deny', allowsBuild, { tools: { Bash: 'deny' } }, 'deny'],
    ['capability deny', { capabilities: { exec: 'allow' } }, { capabilities: { exec: 'deny' } }, 'deny'],
    ['default: deny', { default: 'allow' }, { default: 'deny' }, 'deny'],
  ])('%s tightens at once, over a workspace that allows', (_, workspace, session, expected) => {
    const { plan, ignored } = layered(workspace, session);
    expect(behavior(plan)).toBe(expected);
    expect(ignored).toEqual([]);
  });

  it('a stricter mode and shield deny apply without authority', () => {
    const { plan } = layered({ mode: 'acceptEdits' }, { mode: 'plan', shield: 'deny' });
    expect(plan.mode).toBe('plan');
    expect(behavior(plan, calls.read('/work/repo/.env'))).toBe('deny');
  });

  it("a granted tools: allow still yields to the workspace's ask and deny rules", () => {
    const workspace = { permissions: { ask: ['Bash(cat ~/.ssh/*)'], deny: ['Bash(rm:*)'] } };
    const { plan } = layered(workspace, { tools: { Bash: 'allow' } }, true);
    expect(behavior(plan, calls.bash('cat ~/.ssh/config'))).toBe('ask');
    expect(behavior(plan, calls.bash('rm -rf build'))).toBe('deny');
    expect(behavior(plan, calls.bash('npm run build'))).toBe('allow');
    // And plan mode still denies what is not a read.
    expect(behavior(plan, calls.bash('npm run build'), 'plan')).toBe('deny');
  });

  it('a granted loosening never loosens a value the workspace set', () => {
    const { plan } = layered(
      { tools: { Bash: 'ask' }, capabilities: { exec: 'ask' }, default: 'ask' },
      { tools: { Bash: 'allow' }, capabilities: { exec: 'allow' }, default: 'allow' },
      true,
    );
    expect(behavior(plan)).toBe('ask');
    expect(plan.default).toBe('ask');
    expect(plan.capabilities.exec).toBe('ask');
  });
});
