import type { Mode } from '../../shared/contract/index.ts';

/** Claude Code's `permission_mode` values → the engine's modes (DESIGN §5 step 10). */
const claudeModes: Readonly<Record<string, Mode>> = {
  default: 'default',
  acceptEdits: 'accept_edits',
  plan: 'plan',
  dontAsk: 'dont_ask',
  bypassPermissions: 'bypass',
  auto: 'auto',
};

/**
 * The mode a hook request asks the session to run in. A name this relay does not know (a newer
 * Claude Code) maps to `default`, which asks: never to a mode that allows more than the user chose.
 */
export function engineModeOf(permissionMode: string): { mode: Mode; known: boolean } {
  const mode = Object.hasOwn(claudeModes, permissionMode) ? claudeModes[permissionMode] : undefined;
  return mode ? { mode, known: true } : { mode: 'default', known: false };
}
