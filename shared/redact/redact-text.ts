// The one module, not the barrel: the popup bundles this, and the barrel brings the whole scanner.
import { maskSecrets } from '../shield/mask.ts';

/**
 * `text` with every secret the shield recognizes replaced by `[REDACTED:<kind>]`, e.g.
 * `curl -H "Authorization: Bearer [REDACTED:bearer_token]"`. For comments, reasons, outputs
 * and any other free text that is stored, streamed or shown.
 */
export function redactText(text: string): string {
  if (typeof text !== 'string') return '';
  return maskSecrets(text);
}
