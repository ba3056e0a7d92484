import { render } from 'preact';
import { browser } from 'wxt/browser';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { type DockState, portNames, type StatePush } from '../../lib/messages.ts';
import { watchPresence } from '../../lib/presence.ts';
import { sendRequest } from '../../lib/send-request.ts';
import { DockBar } from './DockBar.tsx';
import { dockStyles } from './styles.ts';

/**
 * The approval dock: a compact bar for the most urgent request, in every http(s) page — but only
 * after the user turned it on (the background registers this script at runtime then). It lives
 * in a CLOSED shadow root, so the page can neither read it nor reach its buttons; it acts only
 * on trusted (real user) events; it talks only to the background and never sees the token.
 */
export default defineContentScript({
  registration: 'runtime',
  main(ctx) {
    mountDock(ctx);
  },
});

/** How long to wait before reconnecting when the background went away (MV3 stopped it). */
const reconnectMs = 1000;

function mountDock(ctx: ContentScriptContext): void {
  const host = document.createElement('gatehouse-dock');
  const shadow = host.attachShadow({ mode: 'closed' });
  const style = document.createElement('style');
  style.textContent = dockStyles;
  const container = document.createElement('div');
  shadow.appendChild(style);
  shadow.appendChild(container);
  document.documentElement.appendChild(host);

  let state: DockState = { request: null };
  const paint = () => render(<DockBar state={state} />, container);

  function connect(): void {
    if (ctx.isInvalid) return;
    const port = browser.runtime.connect({ name: portNames.dock });
    port.onMessage.addListener((push: StatePush) => {
      if (push?.type !== 'dock') return;
      state = push.state;
      paint();
    });
    port.onDisconnect.addListener(() => {
      // The extension was reloaded or updated: this copy of the dock is dead, remove it.
      if (ctx.isInvalid) return;
      ctx.setTimeout(connect, reconnectMs);
    });
  }

  // A docked tab in focus, or used within the last minute, is the approver at the desk.
  const stopPresence = watchPresence({
    document,
    window,
    needsFocus: true,
    report: (active) => {
      if (!ctx.isInvalid) void sendRequest({ type: 'presence', active });
    },
  });
  ctx.onInvalidated(() => {
    stopPresence();
    render(null, container);
    host.remove();
  });
  paint();
  connect();
}
