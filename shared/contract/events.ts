import { z } from 'zod';
import { CompactJws } from './attestation.ts';
import { ActorRef, RequestedAuthority } from './authority.ts';
import { ApprovalAction, ToolPermissionDecision, ToolPermissionResolution } from './decision.ts';
import { ToolCallId, ToolName } from './ids.ts';
import { AnswerOffer, PromptRef } from './interaction.ts';
import { Capability, Mode } from './permissions.ts';

/** Who changed something: the agent's token, or a human's. */
export const Actor = z.enum(['agent', 'approver', 'admin', 'system']);

const event = <N extends string, V extends z.ZodType>(name: N, value: V) =>
  z.object({
    /** Strictly increasing within a session; the resume point of every stream. */
    seq: z.number().int().positive(),
    ts: z.string(),
    name: z.literal(name),
    value,
  });

export const ToolCallStartEvent = event(
  'TOOL_CALL_START',
  z.object({
    toolCallId: ToolCallId,
    tool: ToolName,
    /** Redacted, bounded display copy. */
    input: z.unknown(),
    capability: Capability.optional(),
    cwd: z.string().optional(),
  }),
);
export const DecisionEvent = event('tool_permission_decision', ToolPermissionDecision);
export const ApprovalRequestEvent = event(
  'tool_approval_request',
  z.object({
    toolCallId: ToolCallId,
    interactionId: z.string(),
    tool: ToolName,
    input: z.unknown(),
    decision: ToolPermissionDecision,
    actions: z.array(ApprovalAction),
    expiresAt: z.string().nullable(),
    queuePosition: z.number().int().min(0),
    /** What the session's agent asked for and does not get (e.g. a looser mode). */
    requested: RequestedAuthority.optional(),
    ...AnswerOffer.shape,
    /** The user's request the question belongs to ("Asked for: …"). */
    prompt: PromptRef.optional(),
  }),
);
/** The user asked the agent something (Claude Code's UserPromptSubmit): redacted, bounded, plain text. */
export const UserPromptEvent = event('user_prompt', z.object({ promptId: z.string(), text: z.string() }));
/** A queued interaction became the active one (its timeout starts now). */
export const InteractionActivatedEvent = event(
  'interaction_activated',
  z.object({ toolCallId: ToolCallId, interactionId: z.string(), expiresAt: z.string() }),
);
export const ResolutionEvent = event('tool_permission_resolution', ToolPermissionResolution);
/**
 * The relay signed a call's outcome (docs/attestation.md): the same bytes the call's state
 * carries. In the commit of the decision or the answer when it could sign first; after the
 * timeout or withdrawal that decided it otherwise.
 */
export const AttestedEvent = event(
  'tool_call_attested',
  z.object({ toolCallId: ToolCallId, outcome: z.enum(['allow', 'deny']), attestation: CompactJws }),
);
export const ToolCallResultEvent = event(
  'TOOL_CALL_RESULT',
  z.object({
    toolCallId: ToolCallId,
    status: z.enum(['ok', 'error']),
    /** Redacted, bounded. */
    output: z.string().optional(),
    durationMs: z.number().min(0).optional(),
    /** `hook`: seen by Claude Code's PostToolUse hook, whatever the relay had decided (it ran). */
    reportedBy: z.enum(['agent', 'hook']).optional(),
  }),
);
export const ModeChangedEvent = event(
  'mode_changed',
  z.object({
    mode: z.string(),
    engineMode: Mode,
    previousMode: z.string().nullable(),
    by: Actor,
    /** The token that made the change. */
    actor: ActorRef.optional(),
  }),
);
export const SessionUpdatedEvent = event(
  'session_updated',
  z.object({
    title: z.string().nullable().optional(),
    agent: z.string().nullable().optional(),
    modes: z.array(z.object({ id: z.string(), label: z.string() })).optional(),
    permissionsChanged: z.boolean().optional(),
    /** What the agent asked for and does not get; null once nothing is. */
    requested: RequestedAuthority.nullable().optional(),
    /** An approver granted the session's own loosening permissions. */
    looseningGranted: z.boolean().optional(),
    by: Actor,
    actor: ActorRef.optional(),
  }),
);

/** Every event of a session's stream (and its audit log). */
export const SessionEvent = z.discriminatedUnion('name', [
  ToolCallStartEvent,
  DecisionEvent,
  ApprovalRequestEvent,
  InteractionActivatedEvent,
  ResolutionEvent,
  AttestedEvent,
  ToolCallResultEvent,
  ModeChangedEvent,
  SessionUpdatedEvent,
  UserPromptEvent,
]);
export type SessionEvent = z.infer<typeof SessionEvent>;
export type SessionEventName = SessionEvent['name'];
export type SessionEventValue<N extends SessionEventName> = Extract<SessionEvent, { name: N }>['value'];

/** `GET /sessions/{sid}/audit`: the event log a page at a time; `next` is the `after` of the next page. */
export const AuditLog = z.object({
  events: z.array(SessionEvent),
  next: z.number().int().positive().nullable(),
});
export type AuditLog = z.infer<typeof AuditLog>;
