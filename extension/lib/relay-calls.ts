import { z } from 'zod';
import { createTransport } from '../../client/sdk/http.ts';
import { createClient, GatehouseError } from '../../client/sdk/index.ts';
import {
  GrantList,
  Interaction,
  InteractionRespondManyAnswer,
  type SessionEvent,
  SessionGrantList,
  SessionView,
} from '../../shared/contract/index.ts';
import type { Answer, BatchItem, BatchResult, Grant, PortResult, Refusal } from '../ui/port.ts';
import { type PasskeyRelayCalls, passkeyRelayCalls } from './passkey-relay-calls.ts';

/**
 * The background's calls to the paired relay for the popup, the dock and notification buttons,
 * each answered as a `PortResult`: a relay error becomes the `Refusal` the UI has a state for.
 */

type Failure = Extract<PortResult<never>, { ok: false }>;

function refusalOf(status: number): Refusal {
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

async function attempt<T>(call: () => Promise<T>): Promise<PortResult<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return failureOf(error);
  }
}

export interface RelayCalls {
  respond(sessionId: string, interactionId: string, answer: Answer): Promise<PortResult<Interaction>>;
  sessions(): Promise<PortResult<SessionView[]>>;
  timeline(sessionId: string, limit: number): Promise<PortResult<SessionEvent[]>>;
  selectMode(sessionId: string, mode: string): Promise<PortResult<SessionView>>;
  grantRequested(sessionId: string): Promise<PortResult<SessionView>>;
  /** A session's grants, or the workspace's without a session. */
  grants(sessionId?: string): Promise<PortResult<Grant[]>>;
  revokeGrant(grantId: string, sessionId?: string): Promise<PortResult<null>>;
  respondMany(items: BatchItem[], answer: Answer): Promise<PortResult<BatchResult[]>>;
  declineSuggestion(rule: string): Promise<PortResult<null>>;
  /** The workspace's passkeys and the step-up options of an approval (docs/attestation.md "Passkeys"). */
  passkeys: PasskeyRelayCalls;
}

const Declined = z.object({ rule: z.string(), declined: z.literal(true) });

/** The relay's list of batch results, each as the `PortResult` one answer alone would have been. */
export function batchResults(answer: z.infer<typeof InteractionRespondManyAnswer>): BatchResult[] {
  return answer.results.map((item) => ({
    sessionId: item.session_id,
    interactionId: item.interaction_id,
    result: item.ok
      ? { ok: true, value: item.interaction }
      : { ok: false, refusal: refusalOf(item.status), message: item.error.message },
  }));
}

const seg = encodeURIComponent;
const grantsPath = (sessionId?: string) =>
  sessionId === undefined ? 'grants' : `sessions/${seg(sessionId)}/grants`;

export function relayCalls(options: { url: string; token: string; fetch?: typeof fetch }): RelayCalls {
  const client = createClient(options);
  // The calls the SDK does not carry yet (grants, grant-requested): the same transport (token,
  // errors, answers parsed with the contract).
  const http = createTransport(options);
  return {
    passkeys: passkeyRelayCalls(http, attempt),
    respond: (sessionId, interactionId, answer) =>
      attempt(() => client.respond(sessionId, { interaction_id: interactionId, answer })),
    sessions: () => attempt(() => client.sessions()),
    // The newest `limit` events, oldest first (the relay's `?tail=`).
    timeline: (sessionId, limit) =>
      attempt(async () => (await client.audit(sessionId, { tail: limit })).events),
    selectMode: (sessionId, mode) => attempt(() => client.selectMode(sessionId, mode)),
    grantRequested: (sessionId) =>
      attempt(() =>
        http.json(SessionView, `sessions/${encodeURIComponent(sessionId)}/grant-requested`, {
          method: 'POST',
        }),
      ),
    grants: (sessionId) =>
      attempt(
        async (): Promise<Grant[]> =>
          sessionId === undefined
            ? (await http.json(GrantList, grantsPath())).grants
            : (await http.json(SessionGrantList, grantsPath(sessionId))).grants,
      ),
    revokeGrant: (grantId, sessionId) =>
      attempt(async () => {
        await http.send(`${grantsPath(sessionId)}/${seg(grantId)}`, { method: 'DELETE' });
        return null;
      }),
    respondMany: (items, answer) =>
      attempt(async () =>
        batchResults(
          await http.json(InteractionRespondManyAnswer, 'interaction-respond-many', {
            method: 'POST',
            body: {
              interactions: items.map((item) => ({
                session_id: item.sessionId,
                interaction_id: item.interactionId,
              })),
              answer,
            },
          }),
        ),
      ),
    declineSuggestion: (rule) =>
      attempt(async () => {
        await http.json(Declined, 'suggestions/decline', { method: 'POST', body: { rule } });
        return null;
      }),
  };
}
