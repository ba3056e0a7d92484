/// <reference lib="webworker" />

import { answerRoute } from '../../shared/contract/answer-route.ts';
import { AskDetails, PushMessage } from '../../shared/push/message.ts';
import {
  askNotification,
  closedNotification,
  failedNotification,
  type NotificationPlan,
  tagFor,
  testNotification,
} from '../../shared/push/notification.ts';
import { summarizeCall } from '../../shared/push/summary.ts';
import { InteractionView } from './sw-card.ts';
import { readStoredPairing } from './token-vault.ts';

/**
 * /app's service worker (same origin, scope /app/): keeps the app shell for "Add to Home
 * Screen", shows each push as a notification and answers from its buttons with the token /app
 * keeps in IndexedDB. What a push says is parsed against the contract; anything else shows a
 * plain "open Gatehouse" notification, never its text.
 */
declare const self: ServiceWorkerGlobalScope;

const shell = 'gatehouse-shell-v1';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(shell)
      .then((cache) => cache.add('/app/'))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// The shell from the network when there is one, else from the cache; the API is never cached.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (
    event.request.method !== 'GET' ||
    url.origin !== self.location.origin ||
    !url.pathname.startsWith('/app')
  )
    return;
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          void caches.open(shell).then((cache) => cache.put(event.request, copy));
        }
        return response;
      })
      .catch(
        async () => (await caches.match(event.request)) ?? (await caches.match('/app/')) ?? Response.error(),
      ),
  );
});

async function api(path: string, init: RequestInit = {}): Promise<Response> {
  const pairing = await readStoredPairing();
  if (!pairing) throw new Error('not paired');
  return fetch(`/api/v1${path}`, {
    ...init,
    headers: { authorization: `Bearer ${pairing.token}`, 'content-type': 'application/json' },
  });
}

/** With `pushDetails: "none"` the push has ids only: the card is fetched before anything shows. */
async function fetchDetails(sessionId: string, interactionId: string): Promise<AskDetails | undefined> {
  try {
    const response = await api(`/sessions/${encodeURIComponent(sessionId)}`);
    if (!response.ok) return undefined;
    const view = InteractionView.safeParse(await response.json());
    const active = view.success ? view.data.activeInteraction : null;
    if (!active || active.interactionId !== interactionId) return undefined;
    const summary = summarizeCall(active.tool, active.input);
    const parsed = AskDetails.safeParse({
      tool: active.tool,
      summary: summary.text,
      whole: summary.whole,
      risk: active.decision.risk,
      sessionTitle: view.data?.title ? [...view.data.title].slice(0, 120).join('') : null,
    });
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** What to show for a push; null for a closing push whose question no longer shows (see below). */
async function planFor(push: PushMessage | null): Promise<NotificationPlan | null> {
  if (!push)
    return { ...testNotification(), title: 'Gatehouse', body: 'Open Gatehouse.', tag: 'gatehouse:unknown' };
  if (push.kind === 'test') return testNotification();
  if (push.kind === 'closed') {
    // One notification per session: a closing push replaces only the question it closes, never
    // the session's next question, which may have been shown before it arrived.
    const showing = await self.registration.getNotifications({ tag: tagFor(push) });
    const current = showing.map((n) => (n.data as NotificationPlan['data'] | null)?.interactionId);
    if (current.length > 0 && !current.includes(push.interactionId)) return null;
    return closedNotification(push);
  }
  return askNotification(push, push.details ?? (await fetchDetails(push.sessionId, push.interactionId)));
}

/**
 * The app badge counts what the notifications count: the questions waiting, one per session.
 * Browsers without the Badging API in workers ignore it.
 */
async function updateBadge(): Promise<void> {
  const badging = self.navigator as Navigator & {
    setAppBadge?(count?: number): Promise<void>;
    clearAppBadge?(): Promise<void>;
  };
  const waiting = (await self.registration.getNotifications()).filter(
    (n) => (n.data as NotificationPlan['data'] | null)?.waiting === true,
  ).length;
  try {
    if (waiting > 0) await badging.setAppBadge?.(waiting);
    else await badging.clearAppBadge?.();
  } catch {
    // A badge is a nicety; the notification itself is what matters.
  }
}

/**
 * The relay learns the push was shown (docs/push.md "Known to arrive"): unacknowledged, it
 * pushes the question once more. Best effort: a failed receipt only means one push too many.
 */
async function acknowledge(push: PushMessage | null): Promise<void> {
  if (push?.kind !== 'ask' || !push.pushId) return;
  try {
    await api('/push/receipts', { method: 'POST', body: JSON.stringify({ pushId: push.pushId }) });
  } catch {
    // Not paired any more, or offline.
  }
}

function show(plan: NotificationPlan): Promise<void> {
  return self.registration.showNotification(plan.title, {
    body: plan.body,
    tag: plan.tag,
    requireInteraction: plan.requireInteraction,
    silent: plan.silent,
    data: plan.data,
    // `actions` is not in every lib.dom yet; browsers without it ignore it.
    ...({ actions: plan.actions } as object),
  } as NotificationOptions);
}

self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json() ?? null;
  } catch {
    data = null;
  }
  const parsed = PushMessage.safeParse(data);
  const push = parsed.success ? parsed.data : null;
  event.waitUntil(
    planFor(push)
      .then((plan) => (plan ? show(plan) : undefined))
      .then(() => Promise.all([acknowledge(push), updateBadge()]))
      .then(() => undefined),
  );
});

async function answer(notification: Notification, action: 'approve' | 'deny'): Promise<void> {
  const data = notification.data as NotificationPlan['data'];
  const plan: NotificationPlan = {
    title: notification.title,
    body: notification.body,
    tag: notification.tag,
    requireInteraction: false,
    silent: true,
    actions: [],
    data,
  };
  try {
    if (!data.sessionId || !data.interactionId) throw new Error('nothing to answer');
    const { path, body } = answerRoute({
      sessionId: data.sessionId,
      interactionId: data.interactionId,
      answer: action === 'approve' ? { decision: 'approve', scope: 'once' } : { decision: 'reject' },
    });
    const response = await api(`/${path}`, { method: 'POST', body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`answer refused: ${response.status}`);
    notification.close();
    await updateBadge();
  } catch {
    await show(failedNotification(plan));
  }
}

async function openCard(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).pathname.startsWith('/app'));
  if (open) {
    await open.navigate(url).catch(() => null);
    await open.focus();
    return;
  }
  await self.clients.openWindow(url);
}

/** Keeps the worker alive for `work`; an event made by script (not the browser) cannot, but still runs it. */
function keepAlive(event: ExtendableEvent, work: Promise<void>): void {
  try {
    event.waitUntil(work);
  } catch {
    // An untrusted event (isTrusted false) refuses waitUntil; the work is already under way.
  }
}

self.addEventListener('notificationclick', (event) => {
  const { notification } = event;
  const data = notification.data as NotificationPlan['data'] | undefined;
  if (event.action === 'approve' || event.action === 'deny') {
    keepAlive(event, answer(notification, event.action));
    return;
  }
  notification.close();
  keepAlive(
    event,
    Promise.all([openCard(data?.url ?? '/app/'), updateBadge()]).then(() => undefined),
  );
});
