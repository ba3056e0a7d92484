import { maskSecrets } from '../shield/index.ts';

/**
 * `text` with every secret the shield recognizes replaced by `[REDACTED:<kind>]`, e.g.
 * `curl -H "Authorization: Bearer [REDACTED:bearer_token]"`. For comments, reasons, outputs
 * and any other free text that is stored, streamed or shown.
 */
export function redactText(text: string): string {
  if (typeof text !== 'string') return '';
  return maskSecrets(text);
}
