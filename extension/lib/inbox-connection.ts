import { createClient, GatehouseError } from '../../client/sdk/index.ts';
import { InboxMessage, type SessionView } from '../../shared/contract/index.ts';
import { applyInboxMessage } from '../../shared/inbox/index.ts';
import { type Backoff, backoffDelay, defaultBackoff } from './backoff.ts';

/**
 * The one live view of a workspace's inbox, shared by the extension's background and the /app
 * web app: a WebSocket opened with a single-use ticket, reopened with backoff and jitter
 * whenever it drops, and a fresh snapshot on every open — so a reconnect (or a service worker
 * woken from scratch) neither misses a question nor shows one twice.
 */

export type InboxConnectionState = 'connecting' | 'live' | 'unreachable';

export interface InboxConnectionOptions {
  /** The relay's origin. */
  relayUrl: string;
  /** An approver token. */
  token: string;
  onState(state: { connection: InboxConnectionState; sessions: SessionView[]; error?: string }): void;
  /** The relay refused the token (revoked, or the workspace is gone): the caller drops the pairing. */
  onUnauthorized?(): void;
  fetch?: typeof fetch;
  WebSocket?: typeof WebSocket;
  random?: () => number;
  backoff?: Backoff;
  /**
   * How often an idle socket is pinged (the relay answers `pong` without waking its object). A
   * ping unanswered for as long again means the connection is dead even if TCP has not noticed;
   * the traffic also keeps an MV3 service worker alive while it waits for questions.
   */
  heartbeatMs?: number;
}

export interface InboxConnection {
  close(): void;
  /** Reconnect at once (a user pressed Retry, or the browser came back online). */
  reconnectNow(): void;
  /**
   * Whether the approver is at a client of this connection (docs/push.md): sent on the socket,
   * again on every reconnect while active, or as `POST /presence` while no socket is open.
   */
  setPresence(active: boolean): void;
  readonly sessions: SessionView[];
}

/** 401 (unknown or revoked token) or 403 (a token that is not an approver's): retrying cannot help. */
const refusesToken = (error: unknown) =>
  error instanceof GatehouseError && (error.status === 401 || error.status === 403);

/** `http://host` → `ws://host/api/v1/inbox?ticket=…` (and https → wss). */
export function inboxSocketUrl(relayUrl: string, ticket: string): string {
  const url = new URL('/api/v1/inbox', relayUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('ticket', ticket);
  return url.href;
}

export function openInbox(options: InboxConnectionOptions): InboxConnection {
  const Socket = options.WebSocket ?? globalThis.WebSocket;
  const random = options.random ?? Math.random;
  const backoff = options.backoff ?? defaultBackoff;
  const heartbeatMs = options.heartbeatMs ?? 20_000;
  const client = createClient({
    url: options.relayUrl,
    token: options.token,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  let sessions: SessionView[] = [];
  let socket: WebSocket | null = null;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  let closed = false;
  let present = false;
  // Each attempt gets a number; callbacks of an older socket or ticket request are ignored.
  let attempt = 0;

  const report = (connection: InboxConnectionState, error?: string) =>
    options.onState(error === undefined ? { connection, sessions } : { connection, sessions, error });

  function stopTimers(): void {
    clearTimeout(retryTimer);
    clearInterval(heartbeatTimer);
    retryTimer = undefined;
    heartbeatTimer = undefined;
  }

  function dropSocket(): void {
    const old = socket;
    socket = null;
    if (!old) return;
    old.onopen = old.onmessage = old.onclose = old.onerror = null;
    try {
      old.close(1000, 'reconnecting');
    } catch {
      // Already closing.
    }
  }

  function retryLater(error: string): void {
    if (closed) return;
    dropSocket();
    stopTimers();
    const delay = backoffDelay(failures++, backoff, random);
    report('unreachable', `${error}; retrying in ${Math.max(1, Math.round(delay / 1000))} s`);
    retryTimer = setTimeout(connect, delay);
  }

  function startHeartbeat(live: WebSocket): void {
    let answered = true;
    live.addEventListener('message', () => {
      answered = true;
    });
    heartbeatTimer = setInterval(() => {
      if (!answered) {
        retryLater('the relay stopped answering');
        return;
      }
      answered = false;
      try {
        live.send('ping');
      } catch {
        retryLater('the connection to the relay was lost');
      }
    }, heartbeatMs);
  }

  function sendPresence(): boolean {
    if (socket?.readyState !== 1) return false;
    try {
      socket.send(JSON.stringify({ type: 'presence', active: present }));
      return true;
    } catch {
      return false;
    }
  }

  /** Without an open socket the report goes over HTTP; a failure only means the phone may buzz. */
  function postPresence(): void {
    const call = options.fetch ?? globalThis.fetch;
    void call(new URL('/api/v1/presence', options.relayUrl).href, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ active: present }),
    }).catch(() => {});
  }

  function giveUp(): void {
    closed = true;
    stopTimers();
    dropSocket();
    sessions = [];
    report('unreachable', 'the relay no longer accepts this pairing; pair again');
    options.onUnauthorized?.();
  }

  async function connect(): Promise<void> {
    if (closed) return;
    stopTimers();
    dropSocket();
    const mine = ++attempt;
    report('connecting');
    let ticket: string;
    try {
      ticket = (await client.wsTicket()).ticket;
    } catch (error) {
      if (mine !== attempt || closed) return;
      if (refusesToken(error)) return giveUp();
      retryLater(error instanceof Error ? error.message : 'relay unreachable');
      return;
    }
    if (mine !== attempt || closed) return;

    const live = new Socket(inboxSocketUrl(options.relayUrl, ticket));
    socket = live;
    live.onmessage = (event) => {
      if (typeof event.data !== 'string' || event.data === 'pong') return;
      let json: unknown;
      try {
        json = JSON.parse(event.data);
      } catch {
        return;
      }
      // The relay is untrusted too: a message that is not the contract changes nothing.
      const parsed = InboxMessage.safeParse(json);
      if (!parsed.success) return;
      sessions = applyInboxMessage(sessions, parsed.data);
      if (parsed.data.type === 'snapshot') {
        failures = 0;
        // A new socket is a new client at the relay: it is told at once that the approver is here.
        if (present) sendPresence();
      }
      report('live');
    };
    let heard = false;
    live.addEventListener('message', () => {
      heard = true;
    });
    const lost = async (why: string) => {
      if (socket !== live) return;
      dropSocket();
      // A browser hides why an upgrade failed. A socket refused before its snapshot may be a
      // token that is no longer (or never was) an approver's: ask the JSON inbox, which says.
      if (!heard) {
        const refused = await client.inbox().then(
          () => false,
          (error: unknown) => refusesToken(error),
        );
        if (mine !== attempt || closed) return;
        if (refused) return giveUp();
      }
      retryLater(why);
    };
    live.onclose = (event) => {
      void lost(event.reason ? `the relay closed the connection (${event.reason})` : 'connection lost');
    };
    live.onerror = () => {
      void lost('relay unreachable');
    };
    startHeartbeat(live);
  }

  void connect();

  return {
    close() {
      closed = true;
      attempt++;
      stopTimers();
      dropSocket();
    },
    reconnectNow() {
      if (closed) return;
      failures = 0;
      void connect();
    },
    setPresence(active) {
      if (closed) return;
      present = active;
      if (!sendPresence()) postPresence();
    },
    get sessions() {
      return sessions;
    },
  };
}
