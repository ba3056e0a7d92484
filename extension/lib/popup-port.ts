import { browser } from 'wxt/browser';
import type { ApproverPort, InboxState } from '../ui/port.ts';
import { portNames, type StatePush } from './messages.ts';
import { sendRequest } from './send-request.ts';

/**
 * The popup's `ApproverPort`: the inbox arrives over a long-lived port the background pushes on
 * every change; actions are requests the background carries out with the token it alone holds.
 * Types only from the contract and no SDK, so the popup stays within its size budget.
 */

export interface PopupPort extends ApproverPort {
  /** Reconnect to the relay now (the Retry button of the unreachable state). */
  retry(): void;
  /** Open the options page (pairing). */
  openOptions(): void;
}

type Port = ReturnType<typeof browser.runtime.connect>;

/** Before the background's first push: the popup shows "connecting", never a stale "nothing waiting". */
export const initialInboxState: InboxState = { connection: 'connecting', relayUrl: null, sessions: [] };

/** Delay before reopening the port when the background went away (MV3 stopped it, or an update). */
const reopenMs = 250;

export function createPopupPort(): PopupPort {
  let current = initialInboxState;
  const listeners = new Set<(state: InboxState) => void>();
  let port: Port | null = null;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;

  function open(): void {
    const opened = browser.runtime.connect({ name: portNames.approver });
    port = opened;
    opened.onMessage.addListener((push: StatePush) => {
      if (push?.type !== 'state') return;
      current = push.state;
      for (const listener of listeners) listener(current);
    });
    opened.onDisconnect.addListener(() => {
      if (port !== opened) return;
      port = null;
      if (listeners.size > 0) reopenTimer = setTimeout(open, reopenMs);
    });
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (!port) open();
      listener(current);
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        clearTimeout(reopenTimer);
        port?.disconnect();
        port = null;
      };
    },
    // The guard's "invalid"/"forbidden" and the transport's "unreachable" are refusals the UI knows.
    respond: (answer) => sendRequest({ type: 'respond', ...answer }),
    sessions: () => sendRequest({ type: 'sessions' }),
    timeline: (sessionId, limit) =>
      sendRequest(
        limit === undefined ? { type: 'timeline', sessionId } : { type: 'timeline', sessionId, limit },
      ),
    selectMode: (sessionId, mode) => sendRequest({ type: 'selectMode', sessionId, mode }),
    grantRequested: (sessionId) => sendRequest({ type: 'grantRequested', sessionId }),
    grants: (sessionId) =>
      sendRequest(sessionId === undefined ? { type: 'grants' } : { type: 'grants', sessionId }),
    revokeGrant: (grantId, sessionId) =>
      sendRequest(
        sessionId === undefined
          ? { type: 'revokeGrant', grantId }
          : { type: 'revokeGrant', grantId, sessionId },
      ),
    respondMany: (items, answer) => sendRequest({ type: 'respondMany', items, answer }),
    declineSuggestion: (rule) => sendRequest({ type: 'declineSuggestion', rule }),
    retry() {
      void sendRequest({ type: 'retry' });
    },
    openOptions() {
      void browser.runtime.openOptionsPage();
    },
  };
}
