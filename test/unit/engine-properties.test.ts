import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decisionBadge } from '../../shared/badges/index.ts';
import { type EngineToolCall, Mode } from '../../shared/contract/index.ts';
import { decide, decideCall } from '../../shared/engine/index.ts';
import { compilePlan } from '../../shared/plan/index.ts';
import { keyGrants } from '../support/key-grants.ts';

const words = [
  'git',
  'status',
  'push',
  'npm',
  'test',
  'rm',
  '-rf',
  'ls',
  'cat',
  'curl',
  'sh',
  '--force',
  'main',
  '.',
  '~',
  'x',
];
const separators = [' ', ' && ', ' || ', '; ', ' | ', '\n', ' $(', ')', '`', ' > ', '"', "'"];

const command = fc
  .array(fc.oneof(fc.constantFrom(...words), fc.constantFrom(...separators), fc.string({ maxLength: 6 })), {
    minLength: 1,
    maxLength: 12,
  })
  .map((parts) => parts.join(' '));

const toolName = fc.constantFrom(
  'Bash',
  'Read',
  'Edit',
  'Write',
  'WebFetch',
  'Grep',
  'mcp__srv__act',
  'Deploy',
);

const call: fc.Arbitrary<EngineToolCall> = fc.record({
  toolCallId: fc.constant('prop-call'),
  tool: toolName,
  input: fc.oneof(
    command.map((c) => ({ command: c })),
    fc.string({ maxLength: 40 }).map((p) => ({ file_path: p })),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }),
  ),
  cwd: fc.option(fc.constantFrom('/work/repo', '/', 'relative'), { nil: undefined }),
});

const allowRule = fc.oneof(
  toolName,
  fc.constantFrom(
    'Bash(git status)',
    'Bash(npm test:*)',
    'Bash(*)',
    'Read(**)',
    'Edit(src/**)',
    'WebFetch(domain:example.com)',
  ),
);

const mode = fc.constantFrom(...Mode.options);

const anyPlan = fc.record({
  allow: fc.array(allowRule, { maxLength: 5 }),
  mode,
  tools: fc.dictionary(toolName, fc.constantFrom('allow' as const, 'ask' as const, 'inherit' as const), {
    maxKeys: 3,
  }),
  capabilities: fc.record({
    write: fc.constantFrom('allow' as const, 'ask' as const),
    exec: fc.constantFrom('allow' as const, 'ask' as const),
  }),
  grant: fc.boolean(),
});

describe('decide: properties', () => {
  it('never throws and never allows a malformed call', () => {
    const plans = [compilePlan({ default: 'allow', tools: { Bash: 'allow' } }), compilePlan({})];
    fc.assert(
      fc.property(fc.anything(), mode, fc.constantFrom(0, 1), (garbage, m, p) => {
        const decision = decide(plans[p]!, garbage as EngineToolCall, { mode: m });
        expect(decision.behavior).not.toBe('allow');
      }),
    );
  });

  it('never throws on well-shaped calls with hostile commands', () => {
    const plan = compilePlan({ rules: [{ tool: 'Bash', permission: 'allow', content: 'git status' }] });
    fc.assert(
      fc.property(call, mode, (c, m) => {
        const decision = decide(plan, c, { mode: m });
        expect(['allow', 'ask', 'deny']).toContain(decision.behavior);
      }),
    );
  });

  it('a deny rule that matches the call always wins: never allow', () => {
    fc.assert(
      fc.property(call, anyPlan, (c, p) => {
        const plan = compilePlan({
          mode: p.mode,
          tools: p.tools,
          capabilities: p.capabilities,
          rules: [
            ...p.allow.map((text) => ({ tool: text, permission: 'allow' as const })),
            { tool: c.tool, permission: 'deny' },
          ],
        });
        const decision = decide(plan, c, {
          mode: p.mode,
          approvalKey: 'k',
          grants: p.grant ? keyGrants({ session: ['k'], global: ['k'] }) : undefined,
        });
        expect(decision.behavior).toBe('deny');
      }),
    );
  });

  it('a deny rule on the first word of any segment denies the compound command', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('rm', 'curl', 'git'),
        fc.array(fc.constantFrom('ls', 'git status', 'npm test', 'echo hi'), { maxLength: 3 }),
        fc.constantFrom(' && ', '; ', ' || ', ' | ', '\n'),
        mode,
        (word, others, separator, m) => {
          const commandText = [...others, `${word} -x target`].join(separator);
          const plan = compilePlan({
            rules: [
              { tool: 'Bash', permission: 'allow', content: '*' },
              { tool: 'Bash', permission: 'deny', content: `${word}:*` },
            ],
          });
          const decision = decide(
            plan,
            { toolCallId: 't', tool: 'Bash', input: { command: commandText } },
            { mode: m },
          );
          expect(decision.behavior).toBe('deny');
        },
      ),
    );
  });

  it("a Full Access decision's badge never reads as reviewed", () => {
    const plan = compilePlan({});
    fc.assert(
      fc.property(call, (c) => {
        const decision = decide(plan, c, { mode: 'bypass' });
        if (decision.source !== 'full_access') return;
        const badge = decisionBadge(decision);
        expect(badge?.label).toBe('Full Access · Not reviewed');
        expect(badge?.color).toBe('violet');
      }),
    );
  });
});

describe('decideCall: the classifier fails closed', () => {
  const plan = compilePlan({});
  const edit: EngineToolCall = {
    toolCallId: 'c1',
    tool: 'Bash',
    input: { command: 'npm run build' },
    cwd: '/w',
  };

  it('uses the heuristic reviewer by default and reports its model', async () => {
    const decision = await decideCall(plan, edit, { mode: 'auto' });
    expect(decision).toMatchObject({
      source: 'auto_classifier',
      evaluator: 'auto_reviewer',
      reviewerModel: 'gatehouse/heuristic-1',
    });
    expect(decision.confidence).toBeDefined();
  });

  it.each([
    ['throws', { model: 'm/throws', classify: async () => Promise.reject(new Error('boom')) }],
    [
      'answers out of schema',
      { model: 'm/junk', classify: async () => ({ behavior: 'yes please', confidence: 9 }) },
    ],
    [
      'answers allow with an unknown category',
      {
        model: 'm/cat',
        classify: async () => ({
          behavior: 'allow',
          confidence: 'high',
          riskCategories: ['totally_safe'],
          reason: 'ok',
        }),
      },
    ],
    ['never answers', { model: 'm/hang', classify: () => new Promise<never>(() => {}) }],
  ])('asks when the classifier %s', async (_what, classifier) => {
    const decision = await decideCall(plan, edit, { mode: 'auto', classifier, classifierTimeoutMs: 50 });
    expect(decision.behavior).toBe('ask');
    expect(decision.reasonCode).toMatch(/^auto_classifier_(error|timeout|invalid_output)$/);
    expect(decision.reviewerModel).toBe(classifier.model);
  });

  it('takes a valid verdict, keeps the engine risk and adds confidence', async () => {
    const classifier = {
      model: 'test/allow',
      classify: async () => ({
        behavior: 'allow',
        confidence: 'high',
        riskCategories: [],
        reason: 'A local build.',
      }),
    };
    const decision = await decideCall(plan, edit, { mode: 'auto', classifier });
    expect(decision).toMatchObject({
      behavior: 'allow',
      confidence: 'high',
      reason: 'A local build.',
      reasonCode: 'auto_classifier_allow',
    });
    expect(decision.risk).toBe(decide(plan, edit, { mode: 'default' }).risk);
  });

  it('never consults the classifier when an earlier step decides', async () => {
    let asked = false;
    const classifier = {
      model: 'test/spy',
      classify: async () => {
        asked = true;
        return { behavior: 'allow', confidence: 'high', riskCategories: [], reason: 'x' };
      },
    };
    const denyPlan = compilePlan({ rules: [{ tool: 'Bash', permission: 'deny', content: 'npm run:*' }] });
    const decision = await decideCall(denyPlan, edit, { mode: 'auto', classifier });
    expect(decision.behavior).toBe('deny');
    expect(asked).toBe(false);
  });
});
