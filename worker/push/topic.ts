import { toBase64Url, utf8 } from './base64url.ts';

/**
 * RFC 8030 §5.4: a push with the same Topic replaces one the push service still holds, so the
 * closing push of a question supersedes its ask when the phone was offline. At most 32
 * base64url characters: the first 24 bytes of the id's SHA-256.
 */
export async function topicFor(interactionId: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', utf8(interactionId)));
  return toBase64Url(digest.subarray(0, 24));
}
