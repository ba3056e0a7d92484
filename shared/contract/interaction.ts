import { z } from 'zod';
import { RequestedAuthority } from './authority.ts';
import { ApprovalAction, ToolPermissionDecision, ToolPermissionResolution } from './decision.ts';
import { Identifier, InteractionId, SessionId, ToolCallId, ToolName } from './ids.ts';
import { limits } from './limits.ts';
import { InteractionState } from './tool-call.ts';

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
  /** The user's request the question belongs to ("Asked for: …"), when the relay knows it. */
  prompt: PromptRef.optional(),
});
export type Interaction = z.infer<typeof Interaction>;

/** The body of `POST /sessions/{sid}/interaction-respond` (the AstraBox seed's shape, plus scope). */
export const InteractionRespondRequest = z.object({
  interaction_id: Identifier,
  answer: z.object({
    decision: z.enum(['approve', 'reject']),
    comment: z.string().max(limits.commentLength).optional(),
    scope: z.enum(['once', 'session', 'global']).optional(),
  }),
});
export type InteractionRespondRequest = z.infer<typeof InteractionRespondRequest>;
