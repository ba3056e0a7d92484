import { browser } from 'wxt/browser';
import type { Rejection, Request, Responses } from './messages.ts';

/**
 * One request to the background and its answer. A background that cannot be reached (it is
 * starting, or the extension was just updated) is answered here as `unreachable`, so callers
 * always get a value and never an exception.
 */
export async function sendRequest<T extends Request>(
  request: T,
): Promise<Responses[T['type']] | Rejection | Unreachable> {
  try {
    const answer: unknown = await browser.runtime.sendMessage(request);
    if (answer === undefined || answer === null)
      return { ok: false, refusal: 'unreachable', message: 'the extension’s background did not answer' };
    return answer as Responses[T['type']] | Rejection;
  } catch (error) {
    return {
      ok: false,
      refusal: 'unreachable',
      message: error instanceof Error ? error.message : 'the extension’s background did not answer',
    };
  }
}

export interface Unreachable {
  ok: false;
  refusal: 'unreachable';
  message: string;
}
