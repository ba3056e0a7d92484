import type { ActionKey } from './card-actions.ts';

/** What a key press asks of the focused (or first) request card. */
export type Shortcut =
  | { kind: 'action'; action: ActionKey }
  | { kind: 'expand' }
  | { kind: 'move'; by: 1 | -1 };

export interface KeyPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** The hint line under the requests. */
export const shortcutHint = 'a approve once · s session · A always · d deny · e details · j/k next/previous';

/**
 * A key → its shortcut, or null. Modified keys belong to the browser. "Always" needs a real
 * Shift+A: an `A` typed with Caps Lock on does nothing, because the widest approval must never
 * be one stray key away. Other letters ignore Caps Lock. Typing in a field is the caller's to
 * exclude (the deny comment handles its own Enter and Escape).
 */
export function shortcutFor(press: KeyPress): Shortcut | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (press.key === 'A') return press.shiftKey ? { kind: 'action', action: 'allow_always' } : null;
  if (press.shiftKey) return null;
  switch (press.key.toLowerCase()) {
    case 'a':
      return { kind: 'action', action: 'allow_once' };
    case 's':
      return { kind: 'action', action: 'allow_session' };
    case 'd':
      return { kind: 'action', action: 'deny' };
    case 'e':
      return { kind: 'expand' };
    case 'j':
      return { kind: 'move', by: 1 };
    case 'k':
      return { kind: 'move', by: -1 };
    default:
      return null;
  }
}
