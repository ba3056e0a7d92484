import { describe, expect, it } from 'vitest';
import { presenceRepeatMs, watchPresence } from '../../extension/lib/presence.ts';

// When an approver page says the approver is there (docs/push.md "Delivery follows presence"):
// a fake document and window, a clock and a timer the test turns by hand.

function fakePage(options: { visible?: boolean; focused?: boolean } = {}) {
  const listeners = new Map<string, Set<() => void>>();
  const target = {
    addEventListener(name: string, listener: () => void) {
      if (!listeners.has(name)) listeners.set(name, new Set());
      listeners.get(name)!.add(listener);
    },
    removeEventListener(name: string, listener: () => void) {
      listeners.get(name)?.delete(listener);
    },
  };
  const state = { visible: options.visible ?? true, focused: options.focused ?? true, now: 1_000_000 };
  const document = {
    ...target,
    get visibilityState() {
      return state.visible ? ('visible' as const) : ('hidden' as const);
    },
    hasFocus: () => state.focused,
  };
  let tick: (() => void) | null = null;
  const reports: boolean[] = [];
  const fire = (name: string) => {
    for (const listener of listeners.get(name) ?? []) listener();
  };
  const start = (needsFocus = false) =>
    watchPresence({
      document: document as never,
      window: target as never,
      report: (active) => reports.push(active),
      needsFocus,
      now: () => state.now,
      setInterval: ((run: () => void) => {
        tick = run;
        return 1;
      }) as never,
      clearInterval: (() => {
        tick = null;
      }) as never,
    });
  return { state, reports, fire, start, tick: () => tick?.(), listeners };
}

describe('watchPresence', () => {
  it('a visible popup or /app reports active at once, again on each repeat, and inactive when hidden', () => {
    const page = fakePage();
    page.start();
    expect(page.reports).toEqual([true]);
    page.tick();
    page.tick();
    expect(page.reports).toEqual([true, true, true]);
    page.state.visible = false;
    page.fire('visibilitychange');
    expect(page.reports).toEqual([true, true, true, false]);
    // Hidden, the repeats say nothing more.
    page.tick();
    expect(page.reports.at(-1)).toBe(false);
    expect(page.reports).toHaveLength(4);
    page.state.visible = true;
    page.fire('visibilitychange');
    expect(page.reports.at(-1)).toBe(true);
  });

  it('a hidden page starts inactive; leaving the page or stopping says inactive once', () => {
    const page = fakePage({ visible: false });
    const stop = page.start();
    expect(page.reports).toEqual([false]);
    page.state.visible = true;
    page.fire('visibilitychange');
    page.fire('pagehide');
    expect(page.reports).toEqual([false, true, false]);
    stop();
    expect(page.reports).toEqual([false, true, false]);
    const other = fakePage();
    other.start()();
    expect(other.reports).toEqual([true, false]);
    // Stopped: no listener is left behind.
    expect([...other.listeners.values()].every((set) => set.size === 0)).toBe(true);
  });

  it('the dock needs its tab focused, or input within the last minute', () => {
    const page = fakePage({ focused: false });
    page.start(true);
    expect(page.reports).toEqual([false]);
    page.fire('keydown');
    expect(page.reports).toEqual([false, true]);
    page.state.now += 59_000;
    page.tick();
    expect(page.reports.at(-1)).toBe(true);
    page.state.now += 2_000;
    page.tick();
    expect(page.reports.at(-1)).toBe(false);
    page.state.focused = true;
    page.fire('focus');
    expect(page.reports.at(-1)).toBe(true);
    page.state.focused = false;
    page.fire('blur');
    expect(page.reports.at(-1)).toBe(false);
  });

  it('repeats well within the relay’s 60 s lapse', () => {
    expect(presenceRepeatMs).toBeLessThanOrEqual(30_000);
  });
});
