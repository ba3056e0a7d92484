/**
 * Signs a body as Slack signs what it sends to an app (v0, HMAC-SHA256 under the signing
 * secret), written from Slack's documentation and separately from the relay's check, so a test
 * that signs with it checks the relay against Slack's scheme, not against itself. Web Crypto
 * only: it runs in the worker tests (workerd) and in the fake Slack server (Node) alike.
 */
export async function signSlackBody(secret: string, timestamp: string, body: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', key, encoder.encode(`v0:${timestamp}:${body}`)),
  );
  return `v0=${Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** The headers Slack sends with a signed request, for a body signed at `atSeconds`. */
export async function slackHeaders(
  secret: string,
  body: string,
  atSeconds = Math.floor(Date.now() / 1000),
  contentType = 'application/x-www-form-urlencoded',
): Promise<Record<string, string>> {
  const timestamp = String(atSeconds);
  return {
    'content-type': contentType,
    'x-slack-request-timestamp': timestamp,
    'x-slack-signature': await signSlackBody(secret, timestamp, body),
  };
}
