import type { PairingFailure } from './messages.ts';

/**
 * What the options page's two fields mean, before anything is sent anywhere. The code field
 * takes a bare code (`AB12CD34`), a workspace code (`team.AB12CD34`) or the whole link that
 * `npm start` prints and the QR code carries (`https://relay.example/app#pair=CODE`); a link
 * also says which relay, so it fills the URL.
 *
 * No DOM and no extension APIs here, so the popup-sized options bundle stays small.
 */

export interface PairingInput {
  /** The relay's origin, e.g. `https://relay.example` (no path, no trailing slash). */
  url: string;
  code: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; failure: PairingFailure; message: string };

/** The words shown for each failure (the options page adds the relay's details where useful). */
export const pairingMessages: Record<PairingFailure, string> = {
  invalid_url: 'Invalid relay URL: give its http:// or https:// address, e.g. http://127.0.0.1:8787.',
  invalid_code: 'That is not a pairing code: paste the code (like AB12CD34) or the whole …/app#pair= link.',
  permission_refused: 'Host permission refused: Gatehouse needs access to the relay’s address to talk to it.',
  unreachable: 'Relay unreachable: nothing answered at that address. Is the relay running?',
  not_gatehouse: 'Not a Gatehouse relay: that address answered, but not as a Gatehouse relay.',
  code_unknown: 'Code unknown: the relay does not know this pairing code. Check it, or create a new one.',
  code_used: 'This pairing code was already used or has expired: create a new one (npx gatehouse pair).',
  rate_limited: 'Rate limited: too many pairing attempts. Wait a minute and try again.',
};

const fail = (failure: PairingFailure): { ok: false; failure: PairingFailure; message: string } => ({
  ok: false,
  failure,
  message: pairingMessages[failure],
});

/** A relay address → its origin, accepting only http(s) without credentials. */
export function relayOrigin(text: string): Parsed<string> {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return fail('invalid_url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('invalid_url');
  if (url.username || url.password || !url.hostname) return fail('invalid_url');
  return { ok: true, value: url.origin };
}

/** A pairing link `…#pair=CODE` → its origin and code, or null when the text is not such a link. */
export function pairingLink(text: string): { url: string; code: string } | null {
  const trimmed = text.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  const code = new URLSearchParams(url.hash.slice(1)).get('pair');
  if (!code) return null;
  return { url: url.origin, code: code.trim() };
}

// What a person may type in a code: letters, digits, the workspace dot, spaces and dashes
// between groups. The relay decides whether it is a live code; this only catches the obviously wrong.
const codeShape = /^[A-Za-z0-9][A-Za-z0-9.\s-]{3,80}$/;

/** Both fields → the relay origin and the code to send, or the first thing wrong with them. */
export function parsePairingInput(urlText: string, codeText: string): Parsed<PairingInput> {
  const link = pairingLink(codeText);
  const code = link ? link.code : codeText.trim();
  const origin = relayOrigin(link ? link.url : urlText);
  if (!origin.ok) return origin;
  if (!codeShape.test(code)) return fail('invalid_code');
  return { ok: true, value: { url: origin.value, code } };
}

/**
 * The host permission pattern for a relay origin. Ports are left out: Firefox's match patterns
 * cannot carry one, and a pattern per host is what both browsers show the user anyway.
 */
export function originPattern(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
}
