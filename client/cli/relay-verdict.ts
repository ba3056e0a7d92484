import { denialText, refusedText, unavailableText } from '../../shared/answers/index.ts';
import type { ToolCallState } from '../../shared/contract/index.ts';
import { type GatehouseClient, GatehouseError, type SessionDeclarationInput } from '../sdk/index.ts';
import { decide } from './decide.ts';

/**
 * What the relay made of one call, for the hooks of agents that have no relay route of their own
 * (Copilot CLI, Cursor, Amp): run it (perhaps with the input an approver edited), or not, with
 * the text the model reads (shared/answers). `failed` is the hook's own failure — the relay
 * unreachable, a 5xx, a garbled answer, no answer before the hook's deadline — which each agent's
 * hook answers as its `--on-error` says (a deny unless told to ask).
 */
export type RelayVerdict =
  | { kind: 'allow'; state: ToolCallState; updatedInput?: Record<string, unknown> }
  | { kind: 'deny'; text: string; state?: ToolCallState }
  | { kind: 'unanswered'; text: string; state: ToolCallState }
  | { kind: 'failed'; text: string; reason: string };

export interface RelayCall {
  sessionId: string;
  toolCallId: string;
  tool: string;
  input: Record<string, unknown>;
  cwd?: string;
}

export interface RelayAsk {
  /** The session's declaration, sent before the call (the agent's name, the folder as title). */
  declaration: SessionDeclarationInput;
  /** How long a question is held for a human before it is withdrawn (≤ the relay's wait). */
  waitSeconds: number;
  /** The hook's own deadline: past it the answer is `failed`, whatever the relay is doing. */
  signal: AbortSignal;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The relay down, or the hook out of time: the hook's own failure, not the relay's refusal. */
function failure(error: unknown, signal: AbortSignal): RelayVerdict | undefined {
  if (signal.aborted) {
    const reason = 'no answer from Gatehouse before the hook’s own deadline';
    return { kind: 'failed', reason, text: unavailableText(reason) };
  }
  if (error instanceof GatehouseError && error.relayFailed)
    return { kind: 'failed', reason: error.message, text: unavailableText(error.message) };
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return { kind: 'failed', reason: error.message, text: unavailableText(error.message) };
  return undefined;
}

/**
 * Declares the session, submits the call and holds it until a human answers or `waitSeconds`
 * pass (the question is then withdrawn). Never throws: every outcome is a verdict.
 */
export async function askRelay(
  client: GatehouseClient | null,
  call: RelayCall,
  ask: RelayAsk,
): Promise<RelayVerdict> {
  if (!client) {
    const reason = 'no relay configured: set GATEHOUSE_URL and GATEHOUSE_TOKEN';
    return { kind: 'failed', reason, text: unavailableText(reason) };
  }
  try {
    // A refused declaration (a mode the workspace does not allow) still lets the call be evaluated.
    await client.declareSession(call.sessionId, ask.declaration).catch((error: unknown) => {
      if (failure(error, ask.signal)) throw error;
    });
    const state = await decide(
      client,
      call.sessionId,
      {
        tool_call_id: call.toolCallId,
        tool: call.tool,
        input: call.input,
        ...(call.cwd === undefined ? {} : { cwd: call.cwd }),
      },
      { timeoutSeconds: ask.waitSeconds, signal: ask.signal },
    );
    if (state.outcome === 'allow') {
      const edited = state.resolution?.updatedInput;
      return { kind: 'allow', state, ...(edited === undefined ? {} : { updatedInput: edited }) };
    }
    const text = denialText(state, ask.waitSeconds);
    const unanswered =
      state.outcome === 'pending' ||
      state.resolution?.source === 'cancel' ||
      state.resolution?.source === 'timeout';
    return unanswered ? { kind: 'unanswered', text, state } : { kind: 'deny', text, state };
  } catch (error) {
    return failure(error, ask.signal) ?? { kind: 'deny', text: refusedText(reasonOf(error)) };
  }
}
