/**
 * Slack's request signing (https://api.slack.com/authentication/verifying-requests-from-slack):
 * `X-Slack-Signature: v0=<hex HMAC-SHA256 of "v0:{X-Slack-Request-Timestamp}:{raw body}">` under
 * the app's signing secret. Hand-written rather than slack-edge's `verifySlackRequest`, which
 * lets a non-numeric timestamp and any timestamp in the future through its freshness check and
 * reads past the scheme prefix without looking at it (test/unit/slack-signature.test.ts pins
 * each).
 */

/** Slack's replay window: a request whose timestamp is further than this from now is refused. */
export const slackSignatureWindowSeconds = 5 * 60;

const timestampPattern = /^\d{1,12}$/;
const signaturePattern = /^v0=([0-9a-f]{64})$/;

export type SignatureCheck =
  | { ok: true }
  | { ok: false; reason: 'missing headers' | 'malformed headers' | 'stale timestamp' | 'bad signature' };

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/**
 * Whether a request came from Slack. The signature is checked by `crypto.subtle.verify`, which
 * compares in constant time; the body must be the exact bytes received, before any parsing.
 */
export async function verifySlackSignature(
  signingSecret: string,
  headers: Headers,
  rawBody: string,
  nowMs: number,
): Promise<SignatureCheck> {
  const timestamp = headers.get('x-slack-request-timestamp');
  const signature = headers.get('x-slack-signature');
  if (timestamp === null || signature === null) return { ok: false, reason: 'missing headers' };
  const hex = signaturePattern.exec(signature)?.[1];
  if (!timestampPattern.test(timestamp) || hex === undefined)
    return { ok: false, reason: 'malformed headers' };
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > slackSignatureWindowSeconds)
    return { ok: false, reason: 'stale timestamp' };
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(signingSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const valid = await crypto.subtle.verify(
    'HMAC',
    key,
    hexBytes(hex),
    encoder.encode(`v0:${timestamp}:${rawBody}`),
  );
  return valid ? { ok: true } : { ok: false, reason: 'bad signature' };
}
