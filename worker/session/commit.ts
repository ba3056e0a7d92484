import type { SessionEvent, SessionEventName, SessionEventValue } from '../../shared/contract/index.ts';
import type { SessionStore } from './storage.ts';

/**
 * One state change of a session, written in one storage transaction. It collects what must
 * happen once the transaction is committed — and only then: events to stream, waiting agents
 * to wake, the inbox to tell, the alarm to move — so a rolled-back change leaks nothing.
 */
export class Commit {
  readonly store: SessionStore;
  /** One clock reading for the whole change, so its events and rows agree. */
  readonly now: number;
  readonly events: SessionEvent[] = [];
  /** Tool calls whose outcome became final. */
  readonly resolved = new Set<string>();
  /** The session's view (what the inbox shows) changed. */
  viewChanged = false;
  /** Something the alarm waits for (an expiry, a retry) changed. */
  scheduleChanged = false;

  constructor(store: SessionStore, now: number) {
    this.store = store;
    this.now = now;
  }

  emit<N extends SessionEventName>(name: N, value: SessionEventValue<N>): SessionEvent {
    const event = this.store.appendEvent(name, value, this.now);
    this.events.push(event);
    return event;
  }
}
