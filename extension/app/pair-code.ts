import { pairingLink } from '../lib/pairing-input.ts';

/**
 * The pairing code /app is given: in its own URL (`/app#pair=CODE`, what the QR code of
 * `npm start` and `POST /pairing-codes` carry) or typed into its form, where a pasted link is
 * fine too. A link for another relay is refused: /app pairs only with the relay that served it.
 */

/** `#pair=CODE` → `CODE` (decoded), or null when the fragment carries none. */
export function codeFromFragment(hash: string): string | null {
  const code = new URLSearchParams(hash.replace(/^#/, '')).get('pair');
  return code?.trim() ? code.trim() : null;
}

/** The fragment without its `pair=` part (other parts, if any, are kept). */
export function fragmentWithoutCode(hash: string): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  params.delete('pair');
  const rest = params.toString();
  return rest ? `#${rest}` : '';
}

export type CodeInput = { ok: true; code: string } | { ok: false; message: string };

/** What a person typed or pasted → the code to send. */
export function codeFromInput(text: string, origin: string): CodeInput {
  const link = pairingLink(text);
  if (link && link.url !== origin)
    return {
      ok: false,
      message: `That link pairs with another relay (${link.url}). Open it there, or enter a code from this relay.`,
    };
  const code = (link?.code ?? text).trim();
  // The relay takes 4–64 characters; it alone decides whether a code is live.
  if (code.length < 4 || code.length > 64)
    return {
      ok: false,
      message: 'Enter the pairing code (like AB12CD34) or paste the whole …/app#pair= link.',
    };
  return { ok: true, code };
}
