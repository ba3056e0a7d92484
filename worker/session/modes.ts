import { type Mode, ModeName } from '../../shared/contract/index.ts';
import type { DeclaredMode } from './records.ts';

/**
 * A mode name as an agent or approver writes it → the selected id and the engine mode. A
 * declared mode's id wins over an engine name of the same spelling (the agent's own names are
 * what the user sees, as in the AstraBox seed); otherwise any engine mode or Claude Code alias.
 */
export function resolveMode(
  name: string,
  declared: readonly DeclaredMode[],
): { id: string; mode: Mode } | null {
  const own = declared.find((mode) => mode.id === name);
  if (own) return { id: own.id, mode: own.mode };
  const engine = ModeName.safeParse(name);
  return engine.success ? { id: name, mode: engine.data } : null;
}

export const modeAllowed = (mode: Mode, allowedModes: readonly Mode[] | null) =>
  allowedModes === null || allowedModes.includes(mode);

/** What a session falls back through when the workspace no longer allows its mode: asking first. */
const fallbackOrder: readonly Mode[] = [
  'default',
  'plan',
  'dont_ask',
  'bubble',
  'accept_edits',
  'auto',
  'bypass',
];

/**
 * The engine mode an evaluation runs in. The workspace can narrow `allowedModes` after a
 * session selected its mode; the session then runs in `default` (asking), or the first allowed
 * of the strict modes — never in the mode the workspace took away.
 */
export function modeInForce(selected: Mode, allowedModes: readonly Mode[] | null): Mode {
  if (modeAllowed(selected, allowedModes)) return selected;
  return fallbackOrder.find((mode) => modeAllowed(mode, allowedModes)) ?? 'dont_ask';
}
