import type { ToolCallState } from '../../../shared/contract/index.ts';

/**
 * Codex's hook output (issue 19). PreToolUse can only deny — `allow` and `ask` are ignored and
 * the call runs as if the hook were silent — so an allowed call prints nothing. PermissionRequest
 * answers `decision: {behavior, message}`.
 */
export const preToolUseDeny = (reason: string) => ({
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'deny',
    permissionDecisionReason: reason,
  },
});

export const permissionRequestAnswer = (
  behavior: 'allow' | 'deny',
  message?: string,
  updatedInput?: Record<string, unknown>,
) => ({
  hookSpecificOutput: {
    hookEventName: 'PermissionRequest',
    decision: {
      behavior,
      ...(message === undefined ? {} : { message }),
      ...(updatedInput === undefined ? {} : { updatedInput }),
    },
  },
});

/**
 * An approval of an input the approver edited: PreToolUse says allow with `updatedInput`, the
 * one PreToolUse answer other than a deny that carries something Codex must run.
 */
export const preToolUseEdited = (updatedInput: Record<string, unknown>) => ({
  hookSpecificOutput: {
    hookEventName: 'PreToolUse',
    permissionDecision: 'allow',
    permissionDecisionReason: allowEditNote,
    updatedInput,
  },
});

/** PermissionRequest for the edited call an approver already approved in PreToolUse. */
export const allowEditNote = 'Approved by the approver, with the input they edited.';

const scopeWords = { once: 'once', session: 'for this session', global: 'always' } as const;

/** Why the relay's final state denies the call, in a sentence the model reads. */
export function denyReason(state: ToolCallState, waitedSeconds: number): string {
  const { resolution, decision } = state;
  if (state.outcome === 'pending' || resolution?.source === 'cancel')
    return `No approver answered within ${waitedSeconds} s, so Gatehouse withdrew the question and denies the call; ask again to put it back to the approver.`;
  if (resolution?.source === 'timeout')
    return 'No approver answered before the question expired, so Gatehouse denied it.';
  if (resolution?.source === 'user')
    return resolution.comment
      ? `Rejected by the approver: ${resolution.comment}`
      : 'Rejected by the approver.';
  return `Gatehouse denied this: ${decision.reason}`;
}

/** What an allowed call's answer says (PermissionRequest only: PreToolUse stays silent). */
export function allowNote(state: ToolCallState): string | undefined {
  const resolution = state.resolution;
  if (resolution?.source === 'user') return `Approved by the approver (${scopeWords[resolution.scope]}).`;
  return undefined;
}
