/**
 * Whether the extension's own pages can hold a passkey ceremony for the relay they are paired
 * with. WebAuthn's RP ID is a host name (the relay's, docs/attestation.md "RP ID and origins"),
 * and Chromium lets an extension page (chrome-extension://) claim one only for a host it may
 * reach over https, or `localhost` over http — never an IP address such as 127.0.0.1, which the
 * WebAuthn spec does not accept as an RP ID anyway. For such a relay the ceremony runs in /app,
 * served by the relay itself.
 */

const ipHost = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/** Why the extension cannot use a passkey for the relay at `relayUrl`, or null when it can. */
export function extensionCannotClaim(relayUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(relayUrl);
  } catch {
    return 'the paired relay address is not a URL';
  }
  if (ipHost.test(url.hostname))
    return `the relay is paired by IP address (${url.hostname}), and a browser extension can use a passkey only for a named host`;
  if (url.protocol === 'https:' || url.hostname === 'localhost') return null;
  return `the relay is paired over plain http (${url.hostname}), and a browser extension can use a passkey only over https or on localhost`;
}

/**
 * /app on the relay, where the ceremony can run. A loopback IP becomes `localhost`: the relay's
 * RP ID there is `localhost`, which a page at 127.0.0.1 cannot claim either.
 */
export function appAddress(relayUrl: string): string {
  const url = new URL(relayUrl);
  if (url.hostname === '127.0.0.1' || url.hostname === '[::1]') url.hostname = 'localhost';
  return `${url.origin}/app`;
}
