import type { ToolCallState, ToolInput } from '../../shared/contract/index.ts';
import type { Refusal } from '../common/result.ts';
import { heldOnReset } from '../http/session-calls.ts';
import { type HookResult, type SessionCaller, sessionStub } from '../rpc.ts';
import { missingSession } from '../session/ownership.ts';
import { engineModeOf } from './modes.ts';

/** What a hook request asks the relay: one tool call, Claude Code's mode, how long to wait. */
export interface HookCall {
  caller: SessionCaller;
  toolCallId: string;
  tool: string;
  input: ToolInput;
  cwd?: string;
  /** Claude Code's `permission_mode`; applied as the agent's choice unless null. */
  permissionMode: string | null;
  waitSeconds: number;
  /** Rules Claude Code suggests saving (`permission_suggestions`); offered only if they pass the relay's check. */
  proposedRules?: string[];
  /** The user's request the call belongs to (`prompt_id`), when Claude Code says. */
  promptId?: string;
}

/**
 * Where the call ended up, for the answer builders. `unanswered`: the wait ran out with the
 * question still open; the relay withdrew it (resolution `canceled`), because nobody is waiting
 * for its answer any more and the calls queued behind it should not wait for its expiry.
 * `notes` are sentences the answer appends (e.g. a mode the workspace does not allow).
 */
export type HookOutcome =
  | { kind: 'decided'; state: ToolCallState; notes: string[] }
  | { kind: 'unanswered'; state: ToolCallState; notes: string[] }
  | { kind: 'refused'; message: string; notes: string[] };

/** The session's title for a hook: the last part of Claude Code's working directory. */
export function titleFromCwd(cwd: string | undefined): string | null {
  const parts = (cwd ?? '').split(/[\\/]+/).filter((part) => part !== '');
  return parts.at(-1) ?? null;
}

/**
 * A session answers an agent token it does not belong to as if it did not exist. A hook never
 * meets a missing session — its first call creates one — so here that answer means the session
 * id is another agent token's, and the deny says so: the token learns nothing the refusal to
 * create the session did not already tell it.
 */
function refusalText(refusal: Refusal, call: HookCall): string {
  const sessionId = call.caller.sessionId;
  return refusal.message === missingSession(sessionId).message
    ? `session "${sessionId}" belongs to another agent token, which alone may send it calls`
    : refusal.message;
}

/** The notes an answer carries about Claude Code's mode: unknown, not allowed, or not granted. */
function modeNotes(call: HookCall, result: HookResult): string[] {
  if (call.permissionMode === null) return [];
  const { mode, known } = engineModeOf(call.permissionMode);
  const notes: string[] = [];
  if (!known)
    notes.push(`Claude Code's mode "${call.permissionMode}" is unknown to the relay; evaluated as default.`);
  if (result.modeRefusal !== null)
    notes.push(`${result.modeRefusal}; evaluated in the session's current mode instead.`);
  else if (result.requested?.engineMode === mode)
    notes.push(
      `${result.requested.label}: the session runs in ${result.engineMode} until an approver grants it.`,
    );
  return notes;
}

/**
 * Evaluates a hook's tool call in one session RPC (`hookToolCall`), holding on up to
 * `waitSeconds` for a human, exactly like `POST …/tool-calls`. `waitId` names the wait so the
 * route can say when Claude Code went away. Fails closed: a refusal or a broken session object
 * becomes `refused`, which every hook answers as a deny.
 */
export async function evaluateHookCall(env: Env, call: HookCall, waitId?: string): Promise<HookOutcome> {
  const mode = call.permissionMode === null ? null : engineModeOf(call.permissionMode);
  const submission = {
    call: {
      tool_call_id: call.toolCallId,
      tool: call.tool,
      input: call.input,
      ...(call.cwd === undefined ? {} : { cwd: call.cwd }),
      ...(call.promptId === undefined ? {} : { prompt_id: call.promptId }),
    },
    // Claude Code's own name for its mode goes along, so what is not applied reads in its words.
    mode:
      mode && call.permissionMode !== null
        ? { mode: mode.mode, name: mode.known ? call.permissionMode : mode.mode }
        : null,
    title: titleFromCwd(call.cwd),
    ...(call.proposedRules === undefined ? {} : { proposedRules: call.proposedRules }),
  };
  try {
    const result = await heldOnReset(
      () => sessionStub(env, call.caller),
      (session, waitSeconds) => session.hookToolCall(call.caller, submission, waitSeconds, waitId),
      call.waitSeconds,
    );
    if (!result.ok) return { kind: 'refused', message: refusalText(result, call), notes: [] };
    const notes = modeNotes(call, result.value);
    const { state, withdrawn } = result.value;
    if (state.outcome !== 'pending') return { kind: withdrawn ? 'unanswered' : 'decided', state, notes };
    // Still open and not withdrawn: the client left (nobody reads this), or it could not be withdrawn.
    return { kind: 'refused', message: 'the question could not be withdrawn', notes };
  } catch (error) {
    console.error('hook evaluation failed; denying', error);
    return { kind: 'refused', message: 'the relay could not evaluate this call', notes: [] };
  }
}
