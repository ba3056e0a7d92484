import { browser } from 'wxt/browser';
import type { BadgeLook } from './badge.ts';

/**
 * The toolbar button: `action` in MV3 (Chrome), `browserAction` in MV2 (Firefox). Only the calls
 * Gatehouse makes, so both fit; the ones a browser may lack are optional.
 */
export interface Toolbar {
  setBadgeText(details: { text: string }): Promise<void> | void;
  setBadgeBackgroundColor(details: { color: string }): Promise<void> | void;
  setBadgeTextColor?(details: { color: string }): Promise<void> | void;
  setTitle(details: { title: string }): Promise<void> | void;
  openPopup?(): Promise<void>;
  getPopup?(details: Record<string, never>): Promise<string>;
  setPopup?(details: { popup: string }): Promise<void> | void;
}

export function toolbar(): Toolbar {
  const api = browser as unknown as { action?: Toolbar; browserAction?: Toolbar };
  const found = api.action ?? api.browserAction;
  if (!found) throw new Error('this browser has no toolbar action API');
  return found;
}

/** Paints the badge. Text colour is set where the browser supports it (Chrome 110+, Firefox 63+). */
export async function applyBadge(look: BadgeLook, target: Toolbar = toolbar()): Promise<void> {
  await Promise.all([
    target.setBadgeText({ text: look.text }),
    target.setBadgeBackgroundColor({ color: look.background }),
    target.setBadgeTextColor?.({ color: look.textColor }),
    target.setTitle({ title: look.title }),
  ]);
}
