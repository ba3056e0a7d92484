import {
  type ActorRef,
  type ApprovalAction,
  type InteractionRespondRequest,
  limits,
  type ToolPermissionResolution,
} from '../../shared/contract/index.ts';
import { redactText, toDisplayCopy } from '../../shared/redact/index.ts';

/** What an approver can do with every ask (carried by `tool_approval_request`). */
export const approvalActions: readonly ApprovalAction[] = [
  { id: 'allow_once', label: 'Approve once', behavior: 'allow', scope: 'once' },
  { id: 'allow_session', label: 'Approve for this session', behavior: 'allow', scope: 'session' },
  { id: 'allow_always', label: 'Always allow', behavior: 'allow', scope: 'global' },
  { id: 'deny', label: 'Deny', behavior: 'deny', scope: 'once' },
];

/** A human's comment as stored and streamed: secrets redacted, length bounded. */
export function displayComment(comment: string | undefined): string | undefined {
  if (comment === undefined) return undefined;
  const redacted = redactText(comment);
  return redacted.length <= limits.commentLength
    ? redacted
    : `${redacted.slice(0, limits.commentLength - 1)}…`;
}

/** A tool's reported output as stored and streamed: redacted, bounded. */
export function displayOutput(output: string): string {
  const shown = toDisplayCopy(output);
  return typeof shown === 'string' ? shown : redactText(output).slice(0, limits.displayStringChars);
}

const approveAction = { once: 'allow_once', session: 'allow_session', global: 'allow_always' } as const;

/** An approver's answer → the resolution it writes. A rejection is always scoped `once`. */
export function userResolution(
  answer: InteractionRespondRequest['answer'],
  ids: { toolCallId: string; interactionId: string },
  actor?: ActorRef,
): ToolPermissionResolution {
  const comment = displayComment(answer.comment);
  const base = {
    ...ids,
    source: 'user' as const,
    ...(comment === undefined ? {} : { comment }),
    ...(actor === undefined ? {} : { actor }),
  };
  if (answer.decision === 'reject') return { ...base, behavior: 'deny', actionId: 'deny', scope: 'once' };
  const scope = answer.scope ?? 'once';
  return { ...base, behavior: 'allow', actionId: approveAction[scope], scope };
}

/** The agent stopped waiting (DELETE of the tool call). */
export const canceledResolution = (ids: {
  toolCallId: string;
  interactionId: string;
}): ToolPermissionResolution => ({
  ...ids,
  behavior: 'deny',
  source: 'cancel',
  actionId: 'canceled',
  scope: 'once',
});

/** Nobody answered in time: fail closed (DESIGN §6). */
export const expiredResolution = (ids: {
  toolCallId: string;
  interactionId: string;
}): ToolPermissionResolution => ({
  ...ids,
  behavior: 'deny',
  source: 'timeout',
  actionId: 'expired',
  scope: 'once',
});
