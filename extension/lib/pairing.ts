import { createClient, GatehouseError, pairWithRelay } from '../../client/sdk/index.ts';
import type { PairingFailure } from './messages.ts';
import { type PairingInput, pairingMessages } from './pairing-input.ts';
import type { RelayPairing } from './storage.ts';

/**
 * Trading a pairing code for an approver token, in the background (the token never reaches a
 * page). First `GET /healthz` must say it is a Gatehouse relay — so a mistyped address is named
 * as such rather than as a strange error from whatever answered — then `POST /api/v1/pair`.
 */

export type PairingOutcome =
  | { ok: true; pairing: RelayPairing }
  | { ok: false; failure: PairingFailure; message: string };

const failed = (failure: PairingFailure, detail?: string): PairingOutcome => ({
  ok: false,
  failure,
  message: detail ? `${pairingMessages[failure]} (${detail})` : pairingMessages[failure],
});

/**
 * A 410 from `/pair`: the relay's words say which it was ("…already used; …", "…has expired;
 * …"); the user is told that once, with how to get a new code.
 */
function codeUsedMessage(relayWords: string): string {
  const which = /already used/i.test(relayWords)
    ? 'was already used'
    : /expired/i.test(relayWords)
      ? 'has expired'
      : undefined;
  return which
    ? pairingMessages.code_used.replace('was already used or has expired', which)
    : pairingMessages.code_used;
}

/** A failed `/pair` → the cause the user is shown. */
export function pairFailure(error: unknown): PairingOutcome {
  if (!(error instanceof GatehouseError)) return failed('unreachable', String(error));
  if (error.status === 0) return failed('unreachable');
  switch (error.status) {
    case 400:
      return failed('code_unknown');
    case 410:
      return { ok: false, failure: 'code_used', message: codeUsedMessage(error.message) };
    case 429:
      return failed('rate_limited');
    default:
      return failed('not_gatehouse', `HTTP ${error.status}`);
  }
}

export async function pairRelay(
  input: PairingInput,
  options: { fetch?: typeof fetch; now?: () => Date; label?: string } = {},
): Promise<PairingOutcome> {
  const fetchOption = options.fetch ? { fetch: options.fetch } : {};
  try {
    const health = await createClient({ url: input.url, token: '', ...fetchOption }).health();
    if (health.ok !== true || health.service !== 'gatehouse') return failed('not_gatehouse');
  } catch (error) {
    if (error instanceof GatehouseError && error.status === 0) return failed('unreachable');
    return failed('not_gatehouse');
  }
  try {
    const paired = await pairWithRelay({
      url: input.url,
      code: input.code,
      ...(options.label === undefined ? {} : { label: options.label }),
      ...fetchOption,
    });
    return {
      ok: true,
      pairing: {
        url: input.url,
        token: paired.token,
        workspaceId: paired.workspaceId,
        pairedAt: (options.now?.() ?? new Date()).toISOString(),
      },
    };
  } catch (error) {
    return pairFailure(error);
  }
}
