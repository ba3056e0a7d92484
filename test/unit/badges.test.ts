import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decisionBadge,
  decisionSection,
  evaluatorLabel,
  reasonText,
  resolutionLabel,
} from '../../shared/badges/index.ts';
import {
  ActionId,
  Behavior,
  Confidence,
  Evaluator,
  PermissionDecisionSource,
  Risk,
  RiskCategory,
  Scope,
  type ToolPermissionDecision,
  type ToolPermissionResolution,
} from '../../shared/contract/index.ts';
import { fake } from '../support/fake-secrets.ts';

const decision = (fields: Partial<ToolPermissionDecision>): ToolPermissionDecision => ({
  toolCallId: 'call-123',
  behavior: 'allow',
  source: 'policy',
  reason: 'A reason.',
  reasonCode: 'test',
  risk: 'low',
  ...fields,
});

const resolution = (fields: Partial<ToolPermissionResolution>): ToolPermissionResolution => ({
  toolCallId: 'call-123',
  behavior: 'allow',
  source: 'user',
  actionId: 'allow_once',
  scope: 'once',
  interactionId: 'int-1',
  ...fields,
});

const autoAllow = decision({
  behavior: 'allow',
  source: 'auto_classifier',
  evaluator: 'auto_reviewer',
  confidence: 'high',
  risk: 'low',
  riskCategories: [],
  reviewerModel: 'openai/gpt-4.1-mini',
  reason: 'This is a local workspace edit requested by the user.',
  reasonCode: 'auto_classifier_allow',
});
const fullAccess = decision({
  source: 'full_access',
  evaluator: 'full_access',
  reasonCode: 'mode_full_access',
  reason: 'Approval prompts are disabled by the active permission mode.',
  risk: 'high',
});
const escalation = decision({
  behavior: 'ask',
  source: 'auto_classifier',
  evaluator: 'auto_reviewer',
  confidence: 'medium',
  risk: 'high',
  reason: 'The action modifies an external system.',
  riskCategories: ['external_system'],
});

describe('decisionBadge: the seed table', () => {
  it.each([
    ['Auto classifier allowed', autoAllow, undefined, 'Auto allowed · High conf', 'green'],
    ['User review required', escalation, undefined, 'Review required · High', 'amber'],
    ['Policy allowed', decision({ source: 'policy', risk: 'low' }), undefined, 'Policy allowed', 'neutral'],
    ['Full Access allowed', fullAccess, undefined, 'Full Access · Not reviewed', 'violet'],
    ['Denied', decision({ behavior: 'deny', risk: 'critical' }), undefined, 'Denied · Critical', 'red'],
    ['User approved escalation', escalation, resolution({}), 'User approved', 'blue'],
    [
      'User denied escalation',
      escalation,
      resolution({ behavior: 'deny', actionId: 'deny' }),
      'User denied',
      'red',
    ],
  ] as const)('%s', (_row, d, r, label, color) => {
    expect(decisionBadge(d, r)).toEqual({ label, color });
  });
});

describe('decisionBadge: where the seed is silent, and colliding cases', () => {
  it.each([
    [
      'a rule allow is told apart from policy and classifier',
      decision({ source: 'rule', evaluator: 'rule', matchedRule: 'Bash(npm test)' }),
      undefined,
      { label: 'Rule allowed', color: 'neutral' },
    ],
    [
      'a rule allow of a safe read still shows',
      decision({ source: 'rule', risk: 'safe' }),
      undefined,
      { label: 'Rule allowed', color: 'neutral' },
    ],
    [
      'an Auto allow without confidence invents none',
      decision({ source: 'auto_classifier' }),
      undefined,
      { label: 'Auto allowed', color: 'green' },
    ],
    [
      'each confidence is capitalized',
      decision({ source: 'auto_classifier', confidence: 'low', risk: 'high' }),
      undefined,
      { label: 'Auto allowed · Low conf', color: 'green' },
    ],
    [
      'a Review required badge shows risk, never confidence',
      decision({ behavior: 'ask', source: 'auto_classifier', confidence: 'high', risk: 'low' }),
      undefined,
      { label: 'Review required · Low', color: 'amber' },
    ],
    [
      'a classifier deny shows risk',
      decision({ behavior: 'deny', source: 'auto_classifier', confidence: 'high', risk: 'medium' }),
      undefined,
      { label: 'Denied · Medium', color: 'red' },
    ],
    [
      'a rule deny',
      decision({ behavior: 'deny', source: 'rule', risk: 'high' }),
      undefined,
      { label: 'Denied · High', color: 'red' },
    ],
    [
      'a timeout expires the escalation',
      escalation,
      resolution({ behavior: 'deny', source: 'timeout', actionId: 'expired' }),
      { label: 'Expired', color: 'red' },
    ],
    [
      'the agent canceled the escalation',
      escalation,
      resolution({ behavior: 'deny', source: 'cancel', actionId: 'canceled' }),
      { label: 'Canceled', color: 'neutral' },
    ],
    [
      'a user approval for the session is still "User approved"',
      escalation,
      resolution({ actionId: 'allow_session', scope: 'session' }),
      { label: 'User approved', color: 'blue' },
    ],
    [
      'a resolution does not relabel a decision that never asked',
      decision({ behavior: 'deny', risk: 'critical' }),
      resolution({}),
      { label: 'Denied · Critical', color: 'red' },
    ],
    [
      'Full Access named only by the evaluator is still Full Access',
      decision({ source: 'policy', evaluator: 'full_access', risk: 'safe' }),
      undefined,
      { label: 'Full Access · Not reviewed', color: 'violet' },
    ],
    [
      'a deny rule beats Full Access and says so',
      decision({ behavior: 'deny', source: 'full_access', risk: 'critical' }),
      undefined,
      { label: 'Denied · Critical', color: 'red' },
    ],
    [
      'Full Access ignores a stray resolution',
      fullAccess,
      resolution({}),
      { label: 'Full Access · Not reviewed', color: 'violet' },
    ],
  ] as const)('%s', (_case, d, r, badge) => {
    expect(decisionBadge(d, r)).toEqual(badge);
  });

  it('shows no badge for a routine read-only policy allow, unless verbose', () => {
    const routine = decision({ source: 'policy', risk: 'safe', reasonCode: 'read_only' });
    expect(decisionBadge(routine)).toBeNull();
    expect(decisionBadge(routine, undefined, { verbose: false })).toBeNull();
    expect(decisionBadge(routine, undefined, { verbose: true })).toEqual({
      label: 'Policy allowed',
      color: 'neutral',
    });
  });

  it('shows a badge for every policy allow that is not safe', () => {
    for (const risk of ['low', 'medium', 'high', 'critical'] as const) {
      expect(decisionBadge(decision({ source: 'policy', risk }))?.label).toBe('Policy allowed');
    }
  });
});

const anyDecision = fc.record(
  {
    toolCallId: fc.constant('call-1'),
    behavior: fc.constantFrom(...Behavior.options),
    source: fc.constantFrom(...PermissionDecisionSource.options),
    reason: fc.string({ maxLength: 50 }),
    reasonCode: fc.constant('x'),
    risk: fc.constantFrom(...Risk.options),
    confidence: fc.constantFrom(...Confidence.options),
    riskCategories: fc.uniqueArray(fc.constantFrom(...RiskCategory.options)),
    reviewerModel: fc.constantFrom('openai/gpt-4.1-mini', 'gatehouse/heuristic-1'),
    evaluator: fc.constantFrom(...Evaluator.options),
    matchedRule: fc.constant('Bash(npm test)'),
  },
  { requiredKeys: ['toolCallId', 'behavior', 'source', 'reason', 'reasonCode', 'risk'] },
);
const anyResolution = fc.option(
  fc.record({
    toolCallId: fc.constant('call-1'),
    behavior: fc.constantFrom('allow' as const, 'deny' as const),
    source: fc.constantFrom('user' as const, 'timeout' as const, 'cancel' as const),
    actionId: fc.constantFrom(...ActionId.options),
    scope: fc.constantFrom(...Scope.options),
    interactionId: fc.constant('int-1'),
  }),
  { nil: undefined },
);
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

describe('properties', () => {
  it("a Full Access decision's badge never reads as reviewed and is never green or blue", () => {
    fc.assert(
      fc.property(anyDecision, anyResolution, fc.boolean(), (d, r, verbose) => {
        const allowed: ToolPermissionDecision = { ...d, source: 'full_access', behavior: 'allow' };
        const badge = decisionBadge(allowed, r, { verbose });
        expect(badge).toEqual({ label: 'Full Access · Not reviewed', color: 'violet' });
        const sections = decisionSection(allowed, r);
        const text = JSON.stringify(sections);
        expect(text).not.toMatch(/Security reviewer|Auto reviewer|Auto allowed|approved/);
        expect(sections[0]?.rows.map((row) => row.label)).toEqual(['Outcome', 'Evaluator', 'Reason']);
      }),
    );
  });

  it('no Full Access badge, whatever the behavior, claims a review or takes a reviewed colour', () => {
    fc.assert(
      fc.property(anyDecision, fc.boolean(), (d, verbose) => {
        const badge = decisionBadge({ ...d, source: 'full_access' }, undefined, { verbose });
        expect(badge).not.toBeNull();
        expect(badge?.label.replace('Not reviewed', '')).not.toMatch(/reviewed|approved|Auto/i);
        expect(['green', 'blue']).not.toContain(badge?.color);
        const named: ToolPermissionDecision = { ...d, source: 'full_access' };
        expect(evaluatorLabel(named)).toBe('Full Access');
        expect(evaluatorLabel(named, 'dock')).toBe('Full Access');
        expect(JSON.stringify(decisionSection(named))).not.toMatch(/Security reviewer|Auto allowed/);
      }),
    );
  });

  it('confidence never appears as risk', () => {
    fc.assert(
      fc.property(anyDecision, anyResolution, (d, r) => {
        const badge = decisionBadge(d, r, { verbose: true });
        const label = badge?.label ?? '';
        if (/^(Review required|Denied) · /.test(label)) {
          expect(label.split(' · ')[1]).toBe(capitalized(d.risk));
        }
        if (label.startsWith('Auto allowed · '))
          expect(label).toBe(`Auto allowed · ${capitalized(d.confidence!)} conf`);
        const rows = decisionSection(d, r).flatMap((section) => section.rows);
        for (const row of rows) {
          if (row.label === 'Risk') expect(row.value).toBe(capitalized(d.risk));
          if (row.label === 'Confidence') expect(row.value).toBe(capitalized(d.confidence!));
        }
      }),
    );
  });

  it('every decision gets a badge except routine read-only policy allows', () => {
    fc.assert(
      fc.property(anyDecision, anyResolution, (d, r) => {
        const routine =
          d.behavior === 'allow' &&
          d.source === 'policy' &&
          d.evaluator !== 'full_access' &&
          d.risk === 'safe';
        expect(decisionBadge(d, r) === null).toBe(routine);
        expect(decisionBadge(d, r, { verbose: true })).not.toBeNull();
      }),
    );
  });
});

describe('decisionSection', () => {
  it('renders the seed example of an Auto allow', () => {
    expect(decisionSection(autoAllow)).toEqual([
      {
        title: 'Permission decision',
        rows: [
          { label: 'Outcome', value: 'Auto allowed' },
          { label: 'Evaluator', value: 'Security reviewer' },
          { label: 'Reviewer', value: 'openai/gpt-4.1-mini' },
          { label: 'Confidence', value: 'High' },
          { label: 'Risk', value: 'Low' },
          { label: 'Categories', value: 'None' },
          { label: 'Reason', value: 'This is a local workspace edit requested by the user.' },
        ],
      },
    ]);
  });

  it('renders the seed example of Full Access', () => {
    expect(decisionSection(fullAccess)).toEqual([
      {
        title: 'Permission decision',
        rows: [
          { label: 'Outcome', value: 'Allowed without review' },
          { label: 'Evaluator', value: 'Full Access' },
          { label: 'Reason', value: 'Approval prompts are disabled by the active permission mode.' },
        ],
      },
    ]);
  });

  it('keeps both stages of a resolved escalation', () => {
    const sections = decisionSection(escalation, resolution({ comment: 'ok for now' }));
    expect(sections.map((section) => section.title)).toEqual(['Permission decision', 'Review']);
    expect(sections[0]?.rows).toContainEqual({ label: 'Outcome', value: 'Review required' });
    expect(sections[0]?.rows).toContainEqual({ label: 'Categories', value: 'External system' });
    expect(sections[1]).toEqual({
      title: 'Review',
      rows: [
        { label: 'Recommendation', value: 'Review required' },
        { label: 'Reason', value: 'The action modifies an external system.' },
        { label: 'Resolution', value: 'User allowed once' },
        { label: 'Comment', value: 'ok for now' },
      ],
    });
  });

  it('shows the recommendation of a pending escalation, with no Review section yet', () => {
    const sections = decisionSection(escalation);
    expect(sections).toHaveLength(1);
    expect(sections[0]?.rows[0]).toEqual({ label: 'Outcome', value: 'Review required' });
  });

  it('names rule decisions and their rule; policy decisions omit reviewer and confidence', () => {
    const [rule] = decisionSection(
      decision({ source: 'rule', evaluator: 'rule', matchedRule: 'Bash(git push:*)', risk: 'high' }),
    );
    expect(rule?.rows).toContainEqual({ label: 'Evaluator', value: 'Rule' });
    expect(rule?.rows).toContainEqual({ label: 'Matched rule', value: 'Bash(git push:*)' });
    const [policy] = decisionSection(decision({ riskCategories: ['network', 'secret_exposure'] }));
    expect(policy?.rows.map((row) => row.label)).toEqual([
      'Outcome',
      'Evaluator',
      'Risk',
      'Categories',
      'Reason',
    ]);
    expect(policy?.rows).toContainEqual({ label: 'Evaluator', value: 'Policy' });
    expect(policy?.rows).toContainEqual({ label: 'Categories', value: 'Network, Secret exposure' });
  });

  it('redacts secrets a reviewer echoed into its reason or a user into a comment', () => {
    const sections = decisionSection(
      decision({ behavior: 'ask', reason: `It sends ${fake.github} to a remote host.` }),
      resolution({ comment: `never paste ${fake.awsAccessKey}` }),
    );
    const text = JSON.stringify(sections);
    expect(text).not.toContain(fake.github);
    expect(text).not.toContain(fake.awsAccessKey);
    expect(text).toContain('[REDACTED:github_token]');
  });
});

describe('labels', () => {
  it.each([
    [resolution({ actionId: 'allow_once', scope: 'once' }), 'User allowed once'],
    [resolution({ actionId: 'allow_session', scope: 'session' }), 'User allowed for session'],
    [resolution({ actionId: 'allow_always', scope: 'global' }), 'User allowed always'],
    [resolution({ behavior: 'deny', actionId: 'deny' }), 'User denied'],
    [resolution({ behavior: 'deny', source: 'timeout', actionId: 'expired' }), 'Expired'],
    [resolution({ behavior: 'deny', source: 'cancel', actionId: 'canceled' }), 'Canceled'],
  ])('resolution %j reads %s', (r, label) => {
    expect(resolutionLabel(r)).toBe(label);
  });

  it.each([
    [decision({ source: 'policy' }), 'Policy', 'Policy'],
    [decision({ source: 'rule' }), 'Rule', 'Rule'],
    [decision({ source: 'auto_classifier' }), 'Security reviewer', 'Auto reviewer'],
    [decision({ source: 'policy', evaluator: 'auto_reviewer' }), 'Security reviewer', 'Auto reviewer'],
    [decision({ source: 'full_access' }), 'Full Access', 'Full Access'],
  ])('evaluator of %j: %s in the section, %s in the dock', (d, section, dock) => {
    expect(evaluatorLabel(d)).toBe(section);
    expect(evaluatorLabel(d, 'dock')).toBe(dock);
  });

  it('cuts a reason for the collapsed tooltip', () => {
    expect(reasonText('a'.repeat(200), 50)).toBe(`${'a'.repeat(49)}…`);
    expect(reasonText('short', 50)).toBe('short');
  });
});
