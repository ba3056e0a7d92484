import { approvalText, denialText } from '../../../shared/answers/index.ts';
import type { ToolCallState } from '../../../shared/contract/index.ts';

/**
 * Codex's hook output. PreToolUse can only deny — `allow` and `ask` are ignored and
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
export const allowEditNote = 'The user approved this call, with the input they edited.';

/** Why the relay's final state denies the call, in a sentence the model reads (shared/answers). */
export const denyReason = (state: ToolCallState, waitedSeconds: number): string =>
  denialText(state, waitedSeconds);

/** What an allowed call's answer says (PermissionRequest only: PreToolUse stays silent). */
export const allowNote = (state: ToolCallState): string | undefined => approvalText(state);
