import { describe, expect, it } from 'vitest';
import { type KeyPress, shortcutFor } from '../../extension/ui/answer/shortcuts.ts';

const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

describe('shortcutFor', () => {
  it.each([
    [press('a'), { kind: 'action', action: 'allow_once' }],
    [press('s'), { kind: 'action', action: 'allow_session' }],
    [press('A', { shiftKey: true }), { kind: 'action', action: 'allow_always' }],
    [press('d'), { kind: 'action', action: 'deny' }],
    [press('e'), { kind: 'expand' }],
    [press('j'), { kind: 'move', by: 1 }],
    [press('k'), { kind: 'move', by: -1 }],
  ])('%o → %o', (key, shortcut) => {
    expect(shortcutFor(key)).toEqual(shortcut);
  });

  it('gives "always" only to a real Shift+A, never to Caps Lock', () => {
    expect(shortcutFor(press('A'))).toBeNull();
    // Caps Lock and Shift together type a lower-case a.
    expect(shortcutFor(press('a', { shiftKey: true }))).toBeNull();
  });

  it('tolerates Caps Lock for the other letters', () => {
    expect(shortcutFor(press('D'))).toEqual({ kind: 'action', action: 'deny' });
    expect(shortcutFor(press('J'))).toEqual({ kind: 'move', by: 1 });
  });

  it('leaves modified keys to the browser', () => {
    expect(shortcutFor(press('a', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press('a', { metaKey: true }))).toBeNull();
    expect(shortcutFor(press('d', { altKey: true }))).toBeNull();
    expect(shortcutFor(press('S', { shiftKey: true }))).toBeNull();
  });

  it('ignores other keys', () => {
    for (const key of ['Enter', 'Escape', ' ', 'x', 'ArrowDown', '1'])
      expect(shortcutFor(press(key))).toBeNull();
  });
});
