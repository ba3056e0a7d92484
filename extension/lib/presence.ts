/**
 * Whether the approver is at this page (docs/push.md "Delivery follows presence"): the popup or
 * /app open and visible; the dock's tab visible and focused or used within the last minute.
 * Reported on every change and again every `repeatMs` while active, so the relay's 60 s lapse
 * never ends a presence that is real; `false` when the page is hidden or goes away. Takes the
 * page's `document` and `window` as parameters, so it runs against fakes in unit tests.
 */

export interface PresenceOptions {
  document: Pick<Document, 'visibilityState' | 'hasFocus' | 'addEventListener' | 'removeEventListener'>;
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  report(active: boolean): void;
  /** The dock: visible is not enough, the tab must have focus or recent input. */
  needsFocus?: boolean;
  repeatMs?: number;
  inputWindowMs?: number;
  now?: () => number;
  setInterval?: typeof globalThis.setInterval;
  clearInterval?: typeof globalThis.clearInterval;
}

/** How long a report of activity holds at the relay (worker/workspace/presence.ts). */
export const presenceLapseMs = 60_000;

/** Well within the relay's 60 s, so one late timer does not end a presence. */
export const presenceRepeatMs = 20_000;
const inputEvents = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

export function watchPresence(options: PresenceOptions): () => void {
  const { document: page, window: view } = options;
  const now = options.now ?? Date.now;
  const every = options.setInterval ?? globalThis.setInterval;
  const stopEvery = options.clearInterval ?? globalThis.clearInterval;
  const inputWindowMs = options.inputWindowMs ?? 60_000;
  let lastInput = Number.NEGATIVE_INFINITY;
  let last: boolean | null = null;

  const active = () => {
    if (page.visibilityState !== 'visible') return false;
    if (!options.needsFocus) return true;
    return page.hasFocus() || now() - lastInput < inputWindowMs;
  };

  const check = (repeat = false) => {
    const current = active();
    // Changes always; an active state again on each repeat, to outlive the relay's lapse.
    if (current !== last || (repeat && current)) options.report(current);
    last = current;
  };
  const onChange = () => check();
  const onInput = () => {
    lastInput = now();
    if (!last) check();
  };
  const onHide = () => {
    if (last !== false) options.report(false);
    last = false;
  };

  page.addEventListener('visibilitychange', onChange);
  view.addEventListener('focus', onChange);
  view.addEventListener('blur', onChange);
  view.addEventListener('pagehide', onHide);
  for (const name of inputEvents) view.addEventListener(name, onInput, { passive: true, capture: true });
  const timer = every(() => check(true), options.repeatMs ?? presenceRepeatMs);
  check();

  return () => {
    stopEvery(timer);
    page.removeEventListener('visibilitychange', onChange);
    view.removeEventListener('focus', onChange);
    view.removeEventListener('blur', onChange);
    view.removeEventListener('pagehide', onHide);
    for (const name of inputEvents) view.removeEventListener(name, onInput, { capture: true });
    if (last) options.report(false);
  };
}
