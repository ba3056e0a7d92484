/**
 * A device's name as the relay takes it (`PATCH /push/subscriptions/{id}`, docs/push.md
 * "Devices"): trimmed, 1 to 100 characters, one line. Checked here only to say so before sending;
 * the relay checks again and its word is final.
 */
export const deviceNameChars = 100;

/** The name to send, or what is wrong with it. */
export function deviceName(text: string): { ok: true; name: string } | { ok: false; problem: string } {
  const name = text.trim();
  if (name === '') return { ok: false, problem: 'A name is needed.' };
  if ([...name].length > deviceNameChars)
    return { ok: false, problem: `At most ${deviceNameChars} characters.` };
  if (/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(name)) return { ok: false, problem: 'One line of plain text.' };
  return { ok: true, name };
}

/** How a device is listed: this device says so, the others by name (the service when unnamed). */
export const deviceTitle = (label: string | null, thisDevice: boolean) =>
  thisDevice ? `This device${label ? ` (${label})` : ''}` : (label ?? 'Unnamed device');
