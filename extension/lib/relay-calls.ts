import { z } from 'zod';
import { createTransport } from '../../client/sdk/http.ts';
import { createClient } from '../../client/sdk/index.ts';
import {
  GrantList,
  type Interaction,
  type InteractionAnswer,
  InteractionRespondManyAnswer,
  type SessionEvent,
  SessionGrantList,
  SessionView,
} from '../../shared/contract/index.ts';
import type { ChatCalls } from '../ui/chat/chat-calls.ts';
import type { Answer, BatchItem, BatchResult, Grant, PortResult } from '../ui/port.ts';
import { chatRelayCalls } from './chat-relay-calls.ts';
import { type PasskeyRelayCalls, passkeyRelayCalls } from './passkey-relay-calls.ts';
import { attempt, refusalOf } from './relay-failure.ts';

/**
 * The background's calls to the paired relay for the popup, the dock and notification buttons,
 * each answered as a `PortResult`: a relay error becomes the `Refusal` the UI has a state for.
 */

export interface RelayCalls {
  respond(answer: InteractionAnswer): Promise<PortResult<Interaction>>;
  sessions(): Promise<PortResult<SessionView[]>>;
  timeline(sessionId: string, limit: number): Promise<PortResult<SessionEvent[]>>;
  selectMode(sessionId: string, mode: string): Promise<PortResult<SessionView>>;
  grantRequested(sessionId: string): Promise<PortResult<SessionView>>;
  /** A session's grants, or the workspace's without a session. */
  grants(sessionId?: string): Promise<PortResult<Grant[]>>;
  revokeGrant(grantId: string, sessionId?: string): Promise<PortResult<null>>;
  respondMany(items: BatchItem[], answer: Answer): Promise<PortResult<BatchResult[]>>;
  declineSuggestion(rule: string): Promise<PortResult<null>>;
  /** The chat link panel's calls (docs/chat.md "Linking"). */
  chat: ChatCalls;
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
    passkeys: passkeyRelayCalls(http),
    respond: (answer) => attempt(() => client.answer(answer)),
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
    chat: chatRelayCalls(options),
  };
}
