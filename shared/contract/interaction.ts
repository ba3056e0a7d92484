import { z } from 'zod';
import { RequestedAuthority } from './authority.ts';
import { ApprovalAction, ToolPermissionDecision, ToolPermissionResolution } from './decision.ts';
import { Identifier, InteractionId, SessionId, ToolCallId, ToolName } from './ids.ts';
import { limits } from './limits.ts';
import { AuthenticationResponse } from './passkeys.ts';
import { InteractionState, ToolInput } from './tool-call.ts';

/**
 * What the approver may answer beyond once / session / always: rules the
 * relay suggests saving instead of the exact call (each choice one rule, or one per part of a
 * compound command), and whether the input may be edited before approving (only when the input
 * shown is the whole input).
 */
export const AnswerOffer = z.object({
  suggestions: z
    .array(z.object({ rules: z.array(z.string().max(limits.ruleLength)).min(1).max(limits.grantRules) }))
    .max(limits.ruleSuggestions)
    .optional(),
  editable: z.boolean().optional(),
});
export type AnswerOffer = z.infer<typeof AnswerOffer>;

/** The user's request a question belongs to (Claude Code's UserPromptSubmit): redacted, bounded, plain text. */
export const PromptRef = z.object({ id: z.string(), text: z.string() });
export type PromptRef = z.infer<typeof PromptRef>;

/** A pending (or answered) human question, as approvers see it. `input` is the redacted copy. */
export const Interaction = z.object({
  interactionId: InteractionId,
  sessionId: SessionId,
  toolCallId: ToolCallId,
  tool: ToolName,
  input: z.unknown(),
  decision: ToolPermissionDecision,
  actions: z.array(ApprovalAction),
  state: InteractionState,
  queuePosition: z.number().int().min(0),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  resolution: ToolPermissionResolution.optional(),
  /** What the session's agent asked for and does not get, shown beside the question. */
  requested: RequestedAuthority.optional(),
  ...AnswerOffer.shape,
  /** The user's request the question belongs to ("Asked for: …"), when the relay knows it. */
  prompt: PromptRef.optional(),
  /**
   * The rule the relay suggests for this call, offered because the workspace's approvers approved
   * calls it suggested it for `approvals` times (`suggestions.afterApprovals`); added by the
   * workspace to the inbox, never stored with the question.
   */
  learned: z
    .object({ rule: z.string().max(limits.ruleLength), approvals: z.number().int().min(1) })
    .optional(),
});
export type Interaction = z.infer<typeof Interaction>;

/** The body of `POST /sessions/{sid}/interaction-respond` (the AstraBox seed's shape, plus scope). */
export const InteractionRespondRequest = z.object({
  interaction_id: Identifier,
  answer: z.object({
    decision: z.enum(['approve', 'reject']),
    comment: z.string().max(limits.commentLength).optional(),
    scope: z.enum(['once', 'session', 'global']).optional(),
    /** Save this rule (one the relay suggested, or checked like one) instead of the exact call. */
    rule: z.string().max(limits.ruleLength).optional(),
    /** Several rules saved together: a compound command's suggestion, one rule per part. */
    rules: z.array(z.string().max(limits.ruleLength)).min(1).max(limits.grantRules).optional(),
    /** The grant's time box, an ISO time the client computes (15 min, 1 h, until tomorrow). */
    expires_at: z.iso.datetime({ offset: true }).optional(),
    /** The input as the approver edited it; offered only when the shown input is the whole input. */
    updated_input: ToolInput.optional(),
    /**
     * The approver's passkey assertion (`AuthenticationResponseJSON`) over the step-up options of
     * this very answer: needed to approve at or above the workspace's step-up risk.
     */
    webauthn: AuthenticationResponse.optional(),
  }),
});
export type InteractionRespondRequest = z.infer<typeof InteractionRespondRequest>;

/**
 * One answer to one question: the session, the interaction, the answer. Every approver surface
 * holds an answer in this shape — the extension's popup, dock and notifications, /app and its
 * service worker, the SDK, chat — and the relay reads it back from the route (answer-route.ts)
 * before the session answers it: the one request of the answer path (docs/sessions.md).
 */
export const InteractionAnswer = z.strictObject({
  sessionId: SessionId,
  interactionId: Identifier,
  answer: InteractionRespondRequest.shape.answer,
});
export type InteractionAnswer = z.infer<typeof InteractionAnswer>;
/** An answer as a client writes it (before the relay's defaults). */
export type InteractionAnswerInput = z.input<typeof InteractionAnswer>;

/**
 * `POST /sessions/{sid}/interactions/{iid}/step-up-options`: the approval the passkey is to sign,
 * exactly as it will be sent to `interaction-respond` (without `webauthn`).
 */
export const StepUpOptionsRequest = z.strictObject({
  answer: z.strictObject(InteractionRespondRequest.shape.answer.omit({ webauthn: true }).shape),
});
export type StepUpOptionsRequest = z.infer<typeof StepUpOptionsRequest>;

/** Questions one batch answer may take (`POST /interaction-respond-many`). */
export const respondManyLimit = 50;

/**
 * `POST /interaction-respond-many`: one answer for several pending questions (identical calls in
 * several sessions); each is answered as if alone, and may be refused on its own.
 */
export const InteractionRespondManyRequest = z.strictObject({
  interactions: z
    .array(z.strictObject({ session_id: SessionId, interaction_id: Identifier }))
    .min(1)
    .max(respondManyLimit),
  answer: InteractionRespondRequest.shape.answer,
});
export type InteractionRespondManyRequest = z.infer<typeof InteractionRespondManyRequest>;

export const InteractionRespondManyAnswer = z.object({
  results: z.array(
    z.union([
      z.object({
        session_id: z.string(),
        interaction_id: z.string(),
        ok: z.literal(true),
        interaction: Interaction,
      }),
      z.object({
        session_id: z.string(),
        interaction_id: z.string(),
        ok: z.literal(false),
        status: z.number().int(),
        error: z.object({ code: z.string(), message: z.string() }),
      }),
    ]),
  ),
});
