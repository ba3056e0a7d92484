import { describe, expect, it } from 'vitest';
import { deviceName, deviceTitle } from '../../extension/app/device-name.ts';

// /app renames a device (PATCH /push/subscriptions/{id}); the page says what is wrong before
// sending, by the relay's own rules (test/worker/push-rename.test.ts holds the relay to them).

describe('deviceName', () => {
  it.each([
    ['Work phone', 'Work phone'],
    ['  Work phone  ', 'Work phone'],
    ['x'.repeat(100), 'x'.repeat(100)],
    ['Téléphone 📱', 'Téléphone 📱'],
  ])('takes %j as %j', (text, name) => {
    expect(deviceName(text)).toEqual({ ok: true, name });
  });

  it.each([
    ['', 'A name is needed.'],
    ['   ', 'A name is needed.'],
    ['x'.repeat(101), 'At most 100 characters.'],
    ['Phone\nTwo', 'One line of plain text.'],
    ['Phone\u202eenohP', 'One line of plain text.'],
    ['Pho\u200dne', 'One line of plain text.'],
    ['Phone\u2028Two', 'One line of plain text.'],
  ])('refuses %j: %s', (text, problem) => {
    expect(deviceName(text)).toEqual({ ok: false, problem });
  });
});

describe('deviceTitle', () => {
  it('names this device as such, others by their name, unnamed ones as unnamed', () => {
    expect(deviceTitle('Chrome on Android', true)).toBe('This device (Chrome on Android)');
    expect(deviceTitle(null, true)).toBe('This device');
    expect(deviceTitle('Safari on iPhone', false)).toBe('Safari on iPhone');
    expect(deviceTitle(null, false)).toBe('Unnamed device');
  });
});
