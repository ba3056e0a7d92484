import type { ToolCallState } from '../../shared/contract/index.ts';
import type { GatehouseClient, ToolCallInput } from '../sdk/index.ts';

export interface DecideOptions {
  /** Seconds to wait for a human before withdrawing the question (it is then denied). */
  timeoutSeconds: number;
  signal?: AbortSignal;
  /** Called once when the call needs a human, and again after each long poll still pending. */
  onPending?: (state: ToolCallState) => void;
}

/**
 * Submit a tool call and wait until it is final. A question still open at the deadline (or
 * when the caller aborts) is withdrawn so it does not linger in the approver's inbox; the
 * state returned is then `pending` and the caller must treat it as deny.
 */
export async function decide(
  client: GatehouseClient,
  sessionId: string,
  request: Omit<ToolCallInput, 'wait'>,
  options: DecideOptions,
): Promise<ToolCallState> {
  const until = Date.now() + options.timeoutSeconds * 1000;
  const first = await client.submit(sessionId, { ...request, wait: 0 }, options.signal);
  if (first.outcome !== 'pending') return first;
  options.onPending?.(first);
  try {
    const state = await client.waitFor(sessionId, first.toolCallId, {
      until,
      pollSeconds: 25,
      input: request.input,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onPending ? { onPending: options.onPending } : {}),
    });
    if (state.outcome !== 'pending') return state;
    return await client.cancel(sessionId, first.toolCallId).catch(() => state);
  } catch (error) {
    await client.cancel(sessionId, first.toolCallId).catch(() => undefined);
    throw error;
  }
}
