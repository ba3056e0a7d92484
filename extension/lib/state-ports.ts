import type { browser } from 'wxt/browser';
import type { InboxState } from '../ui/port.ts';
import { dockStateFor } from './dock-state.ts';
import { admitPort, type Self } from './message-guard.ts';
import type { StatePush } from './messages.ts';

/**
 * The long-lived ports the background pushes state on: extension pages get the whole inbox,
 * the dock only its most urgent request. A port is admitted by name and sender first (a stranger,
 * or a content script asking for the whole inbox, is disconnected), then gets the current state
 * once the background is ready, then every change.
 */

type Port = ReturnType<typeof browser.runtime.connect>;

export interface StatePorts {
  accept(port: Port): void;
  broadcast(state: InboxState): void;
}

export function statePorts(
  self: Self,
  current: () => InboxState,
  whenReady: () => Promise<void>,
): StatePorts {
  const approver = new Set<Port>();
  const dock = new Set<Port>();

  function post(port: Port, push: StatePush): void {
    try {
      port.postMessage(push);
    } catch {
      // The page closed between the change and the push.
    }
  }

  const pushFor = (kind: 'approver' | 'dock', state: InboxState): StatePush =>
    kind === 'approver' ? { type: 'state', state } : { type: 'dock', state: dockStateFor(state) };

  return {
    accept(port) {
      const admitted = admitPort(port.name, port.sender ?? {}, self);
      if (!admitted.ok) {
        port.disconnect();
        return;
      }
      const ports = admitted.value === 'approver' ? approver : dock;
      ports.add(port);
      port.onDisconnect.addListener(() => ports.delete(port));
      void whenReady().then(() => {
        if (ports.has(port)) post(port, pushFor(admitted.value, current()));
      });
    },
    broadcast(state) {
      if (approver.size > 0) {
        const push = pushFor('approver', state);
        for (const port of approver) post(port, push);
      }
      if (dock.size > 0) {
        const push = pushFor('dock', state);
        for (const port of dock) post(port, push);
      }
    },
  };
}
