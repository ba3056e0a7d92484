import { z } from 'zod';
import { ActorRef } from './authority.ts';
import { ToolCallId } from './ids.ts';
import { limits } from './limits.ts';
import { Risk } from './risk.ts';

export const Behavior = z.enum(['allow', 'ask', 'deny']);
export type Behavior = z.infer<typeof Behavior>;

/** What kind of thing decided (the seed transparency contract's `source`). */
export const PermissionDecisionSource = z.enum(['policy', 'rule', 'auto_classifier', 'full_access']);
export type PermissionDecisionSource = z.infer<typeof PermissionDecisionSource>;

/** What the UI names as the decider. */
export const Evaluator = z.enum(['policy', 'rule', 'auto_reviewer', 'full_access']);
export type Evaluator = z.infer<typeof Evaluator>;

export { Risk } from './risk.ts';

/** A classifier's self-reported confidence. Never a risk score. */
export const Confidence = z.enum(['low', 'medium', 'high']);
export type Confidence = z.infer<typeof Confidence>;

export const RiskCategory = z.enum([
  'destructive',
  'exfiltration',
  'secret_exposure',
  'privilege_escalation',
  'external_system',
  'code_execution',
  'network',
]);
export type RiskCategory = z.infer<typeof RiskCategory>;

/** A JSON value (checked as one), typed so Durable Object RPC can carry it. */
const JsonValue = z
  .custom<string | number | boolean | null | object>(
    (value) =>
      value === null ||
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      typeof value === 'object',
    { message: 'not a JSON value' },
  )
  .meta({
    // A custom check has no JSON Schema of its own; /openapi.json says what it admits.
    type: ['string', 'number', 'boolean', 'null', 'object', 'array'],
  });

const Reason = z.string().max(limits.reasonLength);

export const ToolPermissionDecision = z.object({
  toolCallId: ToolCallId,
  behavior: Behavior,
  source: PermissionDecisionSource,
  reason: Reason,
  /** Stable machine-readable cause, e.g. `normalized_rule_deny`, `mode_full_access`. */
  reasonCode: z.string().max(100),
  risk: Risk,
  confidence: Confidence.optional(),
  riskCategories: z.array(RiskCategory).max(limits.riskCategories).optional(),
  reviewerModel: z.string().max(200).optional(),
  evaluator: Evaluator.optional(),
  matchedRule: z.string().max(limits.ruleLength).optional(),
  /** What the risk rater found, most dangerous first (≤ 6): a sentence and, when it comes from the
   *  command, the characters of the command it is about. Display only. */
  findings: z
    .array(
      z.object({
        risk: Risk,
        note: z.string().max(limits.reasonLength),
        category: RiskCategory.optional(),
        span: z.object({ start: z.number().int().min(0), end: z.number().int().min(0) }).optional(),
      }),
    )
    .max(6)
    .optional(),
});
export type ToolPermissionDecision = z.infer<typeof ToolPermissionDecision>;

export const ResolutionSource = z.enum(['user', 'timeout', 'cancel']);
export const Scope = z.enum(['once', 'session', 'global']);
export type Scope = z.infer<typeof Scope>;
export const ActionId = z.enum([
  'allow_once',
  'allow_session',
  'allow_always',
  'deny',
  'expired',
  'canceled',
]);
export type ActionId = z.infer<typeof ActionId>;

export const ToolPermissionResolution = z.object({
  toolCallId: ToolCallId,
  behavior: z.enum(['allow', 'deny']),
  source: ResolutionSource,
  actionId: ActionId,
  scope: Scope,
  comment: z.string().max(limits.commentLength).optional(),
  interactionId: z.string().max(limits.idLength).optional(),
  /** Who answered (source `user`): token id, its label and role. */
  actor: ActorRef.optional(),
  /** A grant wider than the exact call: the rule the approver saved (DESIGN §4). */
  rule: z.string().max(limits.ruleLength).optional(),
  /** Every rule saved when a suggestion is several (one per part of a compound command). */
  rules: z.array(z.string().max(limits.ruleLength)).min(1).max(limits.grantRules).optional(),
  /** The grant's time box, an ISO time; without it the grant lasts as long as its scope. */
  expiresAt: z.string().max(64).optional(),
  /**
   * The input as the approver edited it before approving; the agent runs this one. Values are
   * typed as any JSON value but `unknown`, which Durable Object RPC types cannot return.
   */
  updatedInput: z.record(z.string(), JsonValue).optional(),
});
export type ToolPermissionResolution = z.infer<typeof ToolPermissionResolution>;

/** What a human can do with an ask (carried by `tool_approval_request`). */
export const ApprovalAction = z.object({
  id: ActionId,
  label: z.string().max(limits.labelLength),
  behavior: z.enum(['allow', 'deny']),
  scope: Scope,
});
export type ApprovalAction = z.infer<typeof ApprovalAction>;
