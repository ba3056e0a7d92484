import type { BackgroundCore, RequestHandlers } from './background-core.ts';
import { chatRequestHandlers } from './chat-requests.ts';
import { deviceLabel } from './device-label.ts';
import { dockStateFor } from './dock-state.ts';
import type { Origin } from './message-guard.ts';
import type { PairingInfo, Request, Responses } from './messages.ts';
import { pairRelay } from './pairing.ts';
import { parsePairingInput } from './pairing-input.ts';
import { passkeyHandlers } from './passkey-requests.ts';
import type { RelayPairing } from './storage.ts';

/**
 * What the background does for each request, once the guard has admitted it. The state, the
 * connection and the token stay in `background-service.ts`; this only decides, per request,
 * which of its operations to use and what to answer.
 */

/** The paired relay as pages may see it: no token. */
export const pairingInfo = (relay: RelayPairing | null): PairingInfo | null =>
  relay && { url: relay.url, workspaceId: relay.workspaceId, pairedAt: relay.pairedAt };

/** Timeline length when the page does not say. */
const timelineDefault = 50;

export function requestHandlers(core: BackgroundCore): RequestHandlers {
  return {
    ...passkeyHandlers(core),
    state: async (_request, origin) => (origin === 'content' ? dockStateFor(core.state()) : core.state()),
    retry: async () => {
      core.reconnect();
      return { ok: true };
    },
    respond: async (request, origin) => {
      // The dock may only answer what is waiting now, not some id a page talked it into.
      if (origin === 'content') {
        const waiting = core
          .state()
          .sessions.some(
            (view) =>
              view.sessionId === request.sessionId &&
              view.activeInteraction?.interactionId === request.interactionId,
          );
        if (!waiting)
          return { ok: false, refusal: 'answered_elsewhere', message: 'this request is no longer waiting' };
      }
      const { type: _, ...answer } = request;
      return core.respond(answer);
    },
    sessions: () => core.viaRelay((relay) => relay.sessions()),
    timeline: (request) =>
      core.viaRelay((relay) => relay.timeline(request.sessionId, request.limit ?? timelineDefault)),
    selectMode: (request) => core.viaRelay((relay) => relay.selectMode(request.sessionId, request.mode)),
    grantRequested: (request) => core.viaRelay((relay) => relay.grantRequested(request.sessionId)),
    grants: (request) => core.viaRelay((relay) => relay.grants(request.sessionId)),
    revokeGrant: (request) => core.viaRelay((relay) => relay.revokeGrant(request.grantId, request.sessionId)),
    respondMany: (request) => core.viaRelay((relay) => relay.respondMany(request.items, request.answer)),
    declineSuggestion: (request) => core.viaRelay((relay) => relay.declineSuggestion(request.rule)),
    pairing: () => core.options(),
    pair: async (request) => {
      // The options page checked the fields already; the background does not take its word for it.
      const input = parsePairingInput(request.url, request.code);
      if (!input.ok) return input;
      const outcome = await pairRelay(input.value, {
        ...(core.fetch ? { fetch: core.fetch } : {}),
        label: deviceLabel(globalThis.navigator),
      });
      if (!outcome.ok) return outcome;
      await core.adopt(outcome.pairing);
      return { ok: true, relay: pairingInfo(outcome.pairing)! };
    },
    unpair: async () => {
      await core.forget();
      return core.options();
    },
    dockEnabled: async (request) => {
      await core.setDock(request.enabled);
      return core.options();
    },
    presence: async (request, origin) => {
      core.presence(origin, request.active);
      return { ok: true };
    },
    ...chatRequestHandlers(core),
  };
}

/** Runs the handler of `request`'s type. */
export function dispatch<T extends Request>(
  handlers: RequestHandlers,
  request: T,
  origin: Origin,
): Promise<Responses[T['type']]> {
  // The map pairs each type with its handler; TypeScript cannot follow that through `T`.
  const handler = handlers[request.type] as unknown as (
    request: T,
    origin: Origin,
  ) => Promise<Responses[T['type']]>;
  return handler(request, origin);
}
