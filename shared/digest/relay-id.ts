import { Identifier } from '../contract/index.ts';
import { sha256Hex } from './index.ts';

/**
 * One of an agent's ids (Claude Code's `tool_use_id`, `prompt_id`) in the relay's id alphabet:
 * itself if it fits, else `prefix` and 48 hex digits of its SHA-256 (the same every time). The
 * relay names a hook's tool call so, and the command hook expects that name in an attestation.
 */
export async function relayId(prefix: string, id: string): Promise<string> {
  if (Identifier.safeParse(id).success) return id;
  return `${prefix}${(await sha256Hex(id)).slice(0, 48)}`;
}
