import { storage } from '@wxt-dev/storage';
import type { SessionView } from '../../shared/contract/index.ts';

/**
 * Every piece of state the extension keeps, defined once. `local:` survives restarts and stays
 * on this device (never `sync:`: the approver token must not travel to other browsers);
 * `session:` lives as long as the browser session, so a service worker the browser stopped
 * wakes up knowing what it already showed.
 */

/** The relay this browser is paired with. The token is read only by the background. */
export interface RelayPairing {
  /** The relay's origin, e.g. `https://gatehouse.example.workers.dev`. */
  url: string;
  /** An approver token (never shown, never given to a page or content script). */
  token: string;
  workspaceId: string;
  /** When the pairing was made (ISO 8601). */
  pairedAt: string;
}

export const relayItem = storage.defineItem<RelayPairing | null>('local:relay', {
  fallback: null,
  version: 1,
});

/** The approval dock in web pages: off until the user turns it on. */
export const dockEnabledItem = storage.defineItem<boolean>('local:dockEnabled', { fallback: false });

/** The last inbox the background saw, so a restarted service worker repaints badge and popup at once. */
export interface InboxCache {
  connection: 'connecting' | 'live' | 'unreachable';
  sessions: SessionView[];
  error?: string;
}

export const inboxCacheItem = storage.defineItem<InboxCache | null>('session:inbox', { fallback: null });

/** An interaction a notification was already shown for (its id is the notification's id). */
export interface NotifiedInteraction {
  interactionId: string;
  sessionId: string;
  /** What the notification's buttons do, by index (Chrome only; Firefox has no buttons). */
  buttons: Array<'allow_once' | 'deny'>;
}

/** Interactions already notified, newest last, at most `notifiedLimit`: never notify twice, never miss one. */
export const notifiedItem = storage.defineItem<NotifiedInteraction[]>('session:notified', { fallback: [] });

/**
 * How many notified interactions are remembered. An interaction is active once and then gone, so
 * this only has to outlast the ones still pending (at most one per session at a time).
 */
export const notifiedLimit = 200;
