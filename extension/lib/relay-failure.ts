import { GatehouseError } from '../../client/sdk/index.ts';
import { Interaction } from '../../shared/contract/index.ts';
import type { PortResult, Refusal } from '../ui/port.ts';

/**
 * A relay call's failure as the approver UI knows it: every call the background makes for a
 * page (relay-calls.ts, chat-relay-calls.ts) answers a `PortResult`, and a relay error becomes
 * the `Refusal` the UI has a state for.
 */

type Failure = Extract<PortResult<never>, { ok: false }>;

export function refusalOf(status: number): Refusal {
  switch (status) {
    case 409:
      return 'answered_elsewhere';
    case 410:
      return 'expired';
    case 401:
      return 'unpaired';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 400:
    case 413:
      return 'invalid';
    default:
      // Nothing answered, the relay failed (5xx, garbled) or asked us to slow down (429): try again later.
      return 'unreachable';
  }
}

/**
 * A failed call → its refusal. A 409 or 410 carries the interaction's current state in
 * `error.details.interaction` (the relay's session refusals); it is passed on when it parses,
 * so the UI can say how the question ended ("User approved").
 */
export function failureOf(error: unknown): Failure {
  if (!(error instanceof GatehouseError))
    return {
      ok: false,
      refusal: 'unreachable',
      message: error instanceof Error ? error.message : String(error),
    };
  const failure: Failure = { ok: false, refusal: refusalOf(error.status), message: error.message };
  if (error.status === 409 || error.status === 410) {
    const details = error.details as { interaction?: unknown } | undefined;
    const interaction = Interaction.safeParse(details?.interaction);
    if (interaction.success) failure.interaction = interaction.data;
  }
  return failure;
}

export async function attempt<T>(call: () => Promise<T>): Promise<PortResult<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return failureOf(error);
  }
}
