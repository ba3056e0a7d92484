import { pairWithRelay } from '../../client/sdk/index.ts';
import type { SessionView } from '../../shared/contract/index.ts';
import { deviceLabel } from '../lib/device-label.ts';
import { type InboxConnection, openInbox } from '../lib/inbox-connection.ts';
import { pairFailure } from '../lib/pairing.ts';
import { type RelayCalls, relayCalls } from '../lib/relay-calls.ts';
import type { ApproverPort, InboxState, PortResult } from '../ui/port.ts';
import { codeFromInput } from './pair-code.ts';
import { forgetPairing, readPairing, savePairing } from './pairing-store.ts';

/**
 * /app's `ApproverPort`: straight to the relay that served the page. The token lives in this
 * origin's localStorage and goes only to this origin, as `Authorization: Bearer`; the inbox
 * socket opens with a single-use ticket (`POST /ws-tickets` → `?ticket=`), never the token.
 */

export interface DirectPortOptions {
  /** The relay's origin: the page's own. */
  origin: string;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  fetch?: typeof fetch;
  WebSocket?: typeof WebSocket;
}

export type PairOutcome = { ok: true } | { ok: false; message: string };

export interface DirectPort extends ApproverPort {
  /** Trade a pairing code (or a pasted `…#pair=` link) for a token, keep it and connect. */
  pair(input: string): Promise<PairOutcome>;
  /** Forget the token and disconnect. */
  unpair(): void;
  /** Reconnect now (the unreachable state's Retry). */
  retry(): void;
  /** Whether the approver is looking at /app (docs/push.md "Delivery follows presence"). */
  presence(active: boolean): void;
  close(): void;
}

/** How many of a session's newest events the timeline asks for when the caller does not say. */
const defaultTimelineEvents = 200;

const revoked = 'This relay no longer accepts this pairing: pair again.';

export function createDirectPort(options: DirectPortOptions): DirectPort {
  const { origin, storage } = options;
  const transport = {
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.WebSocket ? { WebSocket: options.WebSocket } : {}),
  };
  const listeners = new Set<(state: InboxState) => void>();
  let state: InboxState = { connection: 'unpaired', relayUrl: null, sessions: [] };
  let inbox: InboxConnection | null = null;
  let calls: RelayCalls | null = null;
  let present = false;

  function emit(next: InboxState): void {
    state = next;
    for (const listener of listeners) listener(state);
  }

  function disconnect(): void {
    inbox?.close();
    inbox = null;
    calls = null;
  }

  function drop(error?: string): void {
    disconnect();
    forgetPairing(storage);
    emit(
      error === undefined
        ? { connection: 'unpaired', relayUrl: null, sessions: [] }
        : { connection: 'unpaired', relayUrl: null, sessions: [], error },
    );
  }

  function connect(token: string): void {
    disconnect();
    calls = relayCalls({ url: origin, token, ...(options.fetch ? { fetch: options.fetch } : {}) });
    emit({ connection: 'connecting', relayUrl: origin, sessions: [] });
    inbox = openInbox({
      relayUrl: origin,
      token,
      ...transport,
      onState: ({ connection, sessions, error }) =>
        emit(
          error === undefined
            ? { connection, relayUrl: origin, sessions }
            : { connection, relayUrl: origin, sessions, error },
        ),
      onUnauthorized: () => drop(revoked),
    });
    if (present) inbox.setPresence(true);
  }

  /** A relay call with the current token; a 401 means the pairing is gone. */
  async function call<T>(run: (relay: RelayCalls) => Promise<PortResult<T>>): Promise<PortResult<T>> {
    if (!calls) return { ok: false, refusal: 'unpaired', message: 'not paired with this relay' };
    const result = await run(calls);
    if (!result.ok && result.refusal === 'unpaired') drop(revoked);
    return result;
  }

  const stored = readPairing(storage);
  if (stored) connect(stored.token);

  return {
    subscribe(listener) {
      listeners.add(listener);
      listener(state);
      return () => {
        listeners.delete(listener);
      };
    },
    respond: (answer) => call((relay) => relay.respond(answer)),
    sessions: () => call((relay) => relay.sessions()),
    timeline: (sessionId, limit = defaultTimelineEvents) => call((relay) => relay.timeline(sessionId, limit)),
    selectMode: (sessionId, mode): Promise<PortResult<SessionView>> =>
      call((relay) => relay.selectMode(sessionId, mode)),
    grantRequested: (sessionId) => call((relay) => relay.grantRequested(sessionId)),
    grants: (sessionId) => call((relay) => relay.grants(sessionId)),
    revokeGrant: (grantId, sessionId) => call((relay) => relay.revokeGrant(grantId, sessionId)),
    respondMany: (items, answer) => call((relay) => relay.respondMany(items, answer)),
    declineSuggestion: (rule) => call((relay) => relay.declineSuggestion(rule)),

    async pair(input) {
      const parsed = codeFromInput(input, origin);
      if (!parsed.ok) return parsed;
      try {
        const paired = await pairWithRelay({
          url: origin,
          code: parsed.code,
          // Named by platform ("Chrome on Android", "Safari on iPhone"): its answers say where from.
          label: deviceLabel(globalThis.navigator),
          ...(options.fetch ? { fetch: options.fetch } : {}),
        });
        savePairing(storage, paired);
        connect(paired.token);
        return { ok: true };
      } catch (error) {
        const failure = pairFailure(error);
        return { ok: false, message: failure.ok ? 'Pairing failed.' : failure.message };
      }
    },
    unpair: () => drop(),
    retry: () => inbox?.reconnectNow(),
    presence(active) {
      present = active;
      inbox?.setPresence(active);
    },
    close() {
      disconnect();
      listeners.clear();
    },
  };
}
