import { browser } from 'wxt/browser';
import type { InteractionAnswer, SessionView } from '../../shared/contract/index.ts';
import type { InboxState, PortResult } from '../ui/port.ts';
import { dispatch, pairingInfo, requestHandlers } from './background-requests.ts';
import type { Backoff } from './backoff.ts';
import { badgeFor } from './badge.ts';
import { reconcileDock } from './dock-registration.ts';
import { extensionUrl } from './extension-url.ts';
import { type InboxConnection, openInbox } from './inbox-connection.ts';
import { admitRequest, type Origin, type Self, senderOrigin } from './message-guard.ts';
import { type OptionsState, portNames, type Request, type Responses } from './messages.ts';
import { createNotifier } from './notifier.ts';
import { openRequest } from './open-request.ts';
import { standingWatch } from './passkey-standing.ts';
import { presenceLapseMs } from './presence.ts';
import { type RelayCalls, relayCalls } from './relay-calls.ts';
import { serial } from './serial.ts';
import { statePorts } from './state-ports.ts';
import { dockEnabledItem, inboxCacheItem, type RelayPairing, relayItem } from './storage.ts';
import { applyBadge } from './toolbar.ts';

/**
 * The background: the only holder of the approver token and the one inbox connection. It keeps
 * the toolbar badge, the notifications, the popup, the options page and the dock in step with
 * the relay, and answers their requests.
 *
 * MV3 stops an idle service worker at will. So every listener is registered synchronously when
 * this starts; the last inbox is repainted from `session:inbox` at once; the socket is opened
 * again on start and checked by an alarm every minute; and which interactions were already
 * notified is in `session:notified`, not in memory.
 */

export const keepAliveAlarm = 'gatehouse-keep-alive';

export interface BackgroundOptions {
  /** Chrome's notifications have buttons; Firefox's do not. */
  notificationButtons: boolean;
  fetch?: typeof fetch;
  WebSocket?: typeof WebSocket;
  random?: () => number;
  backoff?: Backoff;
  heartbeatMs?: number;
  onError?(error: unknown): void;
}

export interface Background {
  /** Resolves once the stored pairing and the cached inbox are loaded. */
  ready: Promise<void>;
  state(): InboxState;
  /** Acts on an admitted request (what the message listener does after the guard). */
  handle<T extends Request>(request: T, origin: Origin): Promise<Responses[T['type']]>;
  /** Opens the inbox connection if paired and none is open (start, alarm). */
  ensureConnected(): Promise<void>;
  /** Waits for queued storage and notification work (tests). */
  settled(): Promise<void>;
  /** Closes the socket (tests). */
  stop(): void;
}

const unpaired = (error?: string): InboxState =>
  error === undefined
    ? { connection: 'unpaired', relayUrl: null, sessions: [] }
    : { connection: 'unpaired', relayUrl: null, sessions: [], error };

const notPaired = {
  ok: false,
  refusal: 'unpaired',
  message: 'this browser is not paired with a relay',
} as const;

export function startBackground(options: BackgroundOptions): Background {
  const reportError = options.onError ?? ((error: unknown) => console.error('gatehouse:', error));
  const self: Self = { id: browser.runtime.id, pagesUrl: extensionUrl('/') };
  const queue = serial(reportError);

  let relay: RelayPairing | null = null;
  let calls: RelayCalls | null = null;
  let connection: InboxConnection | null = null;
  // Each connection gets a number; reports of a replaced one are ignored.
  let generation = 0;
  let state: InboxState = unpaired();
  // Until when each kind of page last said the approver is there (docs/push.md): the popup, or
  // a docked tab. The popup's "gone" counts at once; a docked tab's is left to lapse, since
  // another tab may have reported meanwhile and reports do not say which tab they are.
  const presentUntil: Record<Origin, number> = { page: 0, content: 0 };
  function presence(from: Origin, active: boolean): void {
    if (active) presentUntil[from] = Date.now() + presenceLapseMs;
    else if (from === 'page') presentUntil.page = 0;
    else return;
    connection?.setPresence(Object.values(presentUntil).some((until) => until > Date.now()));
  }

  const ports = statePorts(
    self,
    () => state,
    () => ready,
  );

  const notifier = createNotifier({
    buttons: options.notificationButtons,
    iconUrl: extensionUrl('/icon/128.png'),
    respond: (answer) => respond(answer),
    openRequest: (sessionId) => openRequest(sessionId),
  });

  // Which approvals need a passkey: pushed with the inbox, read by the dock and the notifications.
  const standing = standingWatch({
    list: () => calls?.passkeys.list() ?? null,
    onChange: (known) => {
      const { passkeys: _old, ...rest } = state;
      publish(known ? { ...rest, passkeys: known } : rest);
    },
  });

  function publish(next: InboxState): void {
    state = next;
    ports.broadcast(next);
    // The badge goes first and outside the queue: it is what a person watches for.
    applyBadge(badgeFor(next)).catch(reportError);
    void queue(async () => {
      if (next.connection === 'unpaired') await inboxCacheItem.removeValue();
      else
        await inboxCacheItem.setValue({
          connection: next.connection,
          sessions: next.sessions,
          ...(next.error === undefined ? {} : { error: next.error }),
        });
      // Only a view fresh from the relay (or the end of a pairing) may create or clear notifications.
      if (next.connection === 'live' || next.connection === 'unpaired')
        await notifier.sync(next.sessions, await standing.settled());
    });
  }

  function connect(pairing: RelayPairing, cached: SessionView[]): void {
    connection?.close();
    const mine = ++generation;
    // Until this connection's first snapshot, the cached inbox is the best there is.
    let fresh = false;
    connection = openInbox({
      relayUrl: pairing.url,
      token: pairing.token,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.WebSocket ? { WebSocket: options.WebSocket } : {}),
      ...(options.random ? { random: options.random } : {}),
      ...(options.backoff ? { backoff: options.backoff } : {}),
      ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
      onState: (report) => {
        if (mine !== generation) return;
        if (report.connection === 'live' && state.connection !== 'live') void standing.refresh();
        if (report.connection === 'live') fresh = true;
        const known = standing.current();
        publish({
          ...(known ? { passkeys: known } : {}),
          connection: report.connection,
          relayUrl: pairing.url,
          sessions: fresh ? report.sessions : cached,
          ...(report.error === undefined ? {} : { error: report.error }),
        });
      },
      onUnauthorized: () => {
        if (mine !== generation) return;
        void forget(
          'The relay no longer accepts this browser’s pairing (its token was revoked); pair again.',
        );
      },
    });
  }

  async function forget(error?: string): Promise<void> {
    generation++;
    connection?.close();
    connection = null;
    calls = null;
    relay = null;
    await relayItem.setValue(null);
    publish(unpaired(error));
    standing.clear();
  }

  async function adopt(pairing: RelayPairing, cached: SessionView[]): Promise<void> {
    standing.clear();
    relay = pairing;
    calls = relayCalls({
      url: pairing.url,
      token: pairing.token,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    publish({ connection: 'connecting', relayUrl: pairing.url, sessions: cached });
    connect(pairing, cached);
  }

  async function start(): Promise<void> {
    const [pairing, cache] = await Promise.all([relayItem.getValue(), inboxCacheItem.getValue()]);
    if (pairing) await adopt(pairing, cache?.sessions ?? []);
    else publish(unpaired());
    if (!(await browser.alarms.get(keepAliveAlarm)))
      await browser.alarms.create(keepAliveAlarm, { periodInMinutes: 1 });
    // Browsers differ in whether a runtime-registered script outlives a restart: make it match the setting.
    await reconcileDock(await dockEnabledItem.getValue()).catch(reportError);
  }

  const ready = start().catch(reportError);

  /** A relay call in the popup's terms; a refused token ends the pairing. */
  async function viaRelay<T>(call: (relay: RelayCalls) => Promise<PortResult<T>>): Promise<PortResult<T>> {
    await ready;
    if (!calls) return notPaired;
    const result = await call(calls);
    if (!result.ok && result.refusal === 'unpaired')
      await forget('The relay no longer accepts this browser’s pairing; pair again.');
    return result;
  }

  async function respond(answer: InteractionAnswer) {
    const result = await viaRelay((relay) => relay.respond(answer));
    if (result.ok) await browser.notifications.clear(answer.interactionId).catch(reportError);
    return result;
  }

  async function optionsState(): Promise<OptionsState> {
    return { relay: pairingInfo(relay), dockEnabled: await dockEnabledItem.getValue() };
  }

  async function setDock(enabled: boolean): Promise<void> {
    const active = await reconcileDock(enabled).catch((error: unknown) => {
      reportError(error);
      return false;
    });
    // Turning it on without the permission (refused, or revoked since) leaves it off.
    await dockEnabledItem.setValue(active);
  }

  const handlers = requestHandlers({
    state: () => state,
    reconnect: () => {
      if (connection) connection.reconnectNow();
      else if (relay) connect(relay, state.sessions);
    },
    viaRelay,
    respond,
    adopt: async (pairing) => {
      await relayItem.setValue(pairing);
      await adopt(pairing, []);
    },
    forget: () => forget(),
    setDock,
    options: optionsState,
    presence,
    standing,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function handle<T extends Request>(request: T, origin: Origin): Promise<Responses[T['type']]> {
    await ready;
    return dispatch(handlers, request, origin);
  }

  async function ensureConnected(): Promise<void> {
    await ready;
    if (relay && !connection) connect(relay, state.sessions);
  }

  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    const admitted = admitRequest(message, sender, self);
    if (!admitted.ok) {
      // Strangers get no answer at all; this extension's own contexts learn what was wrong.
      if (senderOrigin(sender, self))
        sendResponse({ ok: false, refusal: 'invalid', message: admitted.reason });
      return false;
    }
    handle(admitted.value, admitted.origin).then(sendResponse, (error: unknown) => {
      reportError(error);
      sendResponse({
        ok: false,
        refusal: 'unreachable',
        message: error instanceof Error ? error.message : String(error),
      });
    });
    return true;
  });

  browser.runtime.onConnect.addListener((port) => {
    ports.accept(port);
    // The popup closing is the approver leaving it, even when its last report cannot be sent.
    if (port.name === portNames.approver) port.onDisconnect.addListener(() => presence('page', false));
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === keepAliveAlarm) void ensureConnected();
  });
  // Registered so the browser starts this worker with itself; starting is all it takes.
  browser.runtime.onStartup.addListener(() => void ensureConnected());
  // Firefox has no notification buttons, nor this event.
  const buttonClicks = browser.notifications.onButtonClicked as
    | typeof browser.notifications.onButtonClicked
    | undefined;
  buttonClicks?.addListener((id, index) => {
    void ready.then(() => notifier.answer(id, index)).catch(reportError);
  });
  browser.notifications.onClicked.addListener((id) => {
    void ready.then(() => notifier.open(id)).catch(reportError);
  });

  return {
    ready,
    state: () => state,
    handle,
    ensureConnected,
    settled: () => queue(async () => {}),
    stop() {
      generation++;
      connection?.close();
      connection = null;
    },
  };
}
