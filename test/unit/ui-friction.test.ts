import { describe, expect, it } from 'vitest';
import { actionKeys } from '../../extension/ui/answer/card-actions.ts';
import {
  confirmLabel,
  confirmQuestion,
  modeNeedsConfirm,
  needsConfirm,
} from '../../extension/ui/answer/friction.ts';
import { shortcutFor } from '../../extension/ui/answer/shortcuts.ts';
import { Mode, Risk } from '../../shared/contract/index.ts';

const press = (key: string, shiftKey = false) => ({
  key,
  shiftKey,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
});

describe('needsConfirm', () => {
  it('Approve once and Deny never ask twice', () => {
    for (const risk of Risk.options)
      for (const via of ['click', 'key'] as const) {
        expect(needsConfirm('allow_once', risk, via)).toBe(false);
        expect(needsConfirm('deny', risk, via)).toBe(false);
      }
  });

  it('a single key never gives more than once without confirming, at any risk', () => {
    for (const risk of Risk.options)
      for (const action of actionKeys)
        if (action !== 'allow_once' && action !== 'deny')
          expect(needsConfirm(action, risk, 'key')).toBe(true);
  });

  it('every key that maps to an answer wider than once needs the confirm', () => {
    const keys = ['a', 'A', 's', 'S', 'd', 'e', 'j', 'k', 'x', 'Enter', ' '];
    for (const key of keys)
      for (const shift of [false, true]) {
        const shortcut = shortcutFor(press(key, shift));
        if (shortcut?.kind !== 'action') continue;
        const wide = shortcut.action === 'allow_session' || shortcut.action === 'allow_always';
        expect(needsConfirm(shortcut.action, 'safe', 'key'), `${key}${shift ? '+shift' : ''}`).toBe(wide);
      }
  });

  it('a click on Always asks on high and critical only; a click on the session answer does not', () => {
    expect(Risk.options.filter((risk) => needsConfirm('allow_always', risk, 'click'))).toEqual([
      'high',
      'critical',
    ]);
    expect(Risk.options.filter((risk) => needsConfirm('allow_session', risk, 'click'))).toEqual([]);
  });

  it('the confirm button names what it allows', () => {
    expect(confirmLabel('allow_always', 'Bash')).toBe('Always allow this exact Bash call, in every session');
    expect(confirmLabel('allow_session', 'Edit')).toBe('Allow this exact Edit call for this session');
    expect(confirmQuestion('allow_always', 'critical')).toMatch(
      /^This call is rated critical\. .*every session/,
    );
    expect(confirmQuestion('allow_session', 'low')).not.toMatch(/rated/);
  });
});

describe('modeNeedsConfirm', () => {
  it('only Full Access (bypass) asks', () => {
    expect(Mode.options.filter(modeNeedsConfirm)).toEqual(['bypass']);
  });
});
