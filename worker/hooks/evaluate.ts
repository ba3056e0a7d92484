import type { ToolCallState, ToolInput } from '../../shared/contract/index.ts';
import { heldOnReset } from '../http/session-calls.ts';
import { type Refusal, type Result, type SessionCaller, type SessionRpc, sessionStub } from '../rpc.ts';
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

type SessionStub = SessionRpc;

/**
 * Claude Code's mode becomes the session's mode, declared by the agent (a `mode_changed` event
 * by `agent` when it differs). A mode the workspace does not allow is not applied: the call is
 * evaluated in the session's current mode (which the workspace does allow) and the answer says so.
 */
async function applyMode(session: SessionStub, call: HookCall, notes: string[]): Promise<string | null> {
  if (call.permissionMode === null) return null;
  const { mode, known } = engineModeOf(call.permissionMode);
  if (!known)
    notes.push(`Claude Code's mode "${call.permissionMode}" is unknown to the relay; evaluated as default.`);
  // Claude Code's own name for its mode goes along, so what is not applied reads in its words.
  const declared = await session.declareSession(
    call.caller,
    { mode },
    { agentName: 'Claude Code', modeName: known ? call.permissionMode : mode },
  );
  if (declared.ok) {
    const requested = declared.value.requested;
    if (requested?.engineMode === mode) {
      notes.push(
        `${requested.label}: the session runs in ${declared.value.engineMode} until an approver grants it.`,
      );
    }
    return null;
  }
  if (declared.status === 403) {
    notes.push(`${declared.message}; evaluated in the session's current mode instead.`);
    return null;
  }
  return refusalText(declared, call);
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

function unwrapped(result: Result<ToolCallState>, call: HookCall): ToolCallState | string {
  return result.ok ? result.value : refusalText(result, call);
}

/**
 * Evaluates a hook's tool call through the session exactly like `POST …/tool-calls`, holding on
 * up to `waitSeconds` for a human. Fails closed: a refusal or a broken session object becomes
 * `refused`, which every hook answers as a deny.
 */
export async function evaluateHookCall(env: Env, call: HookCall): Promise<HookOutcome> {
  const notes: string[] = [];
  const open = () => sessionStub(env, call.caller);
  const request = {
    tool_call_id: call.toolCallId,
    tool: call.tool,
    input: call.input,
    ...(call.cwd === undefined ? {} : { cwd: call.cwd }),
  };
  let state: ToolCallState | string;
  try {
    const modeProblem = await applyMode(open(), call, notes);
    if (modeProblem !== null) return { kind: 'refused', message: modeProblem, notes };
    state = unwrapped(
      await heldOnReset(
        open,
        (session, waitSeconds) =>
          session.submitToolCall(call.caller, request, waitSeconds, call.proposedRules ?? []),
        call.waitSeconds,
      ),
      call,
    );
    if (typeof state === 'string') return { kind: 'refused', message: state, notes };
    if (state.outcome !== 'pending') return { kind: 'decided', state, notes };
    const canceled = await open().cancelToolCall(call.caller, call.toolCallId);
    if (canceled.ok) return { kind: 'unanswered', state: canceled.value, notes };
    // Answered between the wait and the withdrawal: that answer stands.
    const final = unwrapped(await open().getToolCall(call.caller, call.toolCallId, 0), call);
    if (typeof final === 'string') return { kind: 'refused', message: final, notes };
    return final.outcome === 'pending'
      ? { kind: 'refused', message: 'the question could not be withdrawn', notes }
      : { kind: 'decided', state: final, notes };
  } catch (error) {
    console.error('hook evaluation failed; denying', error);
    return { kind: 'refused', message: 'the relay could not evaluate this call', notes };
  }
}
