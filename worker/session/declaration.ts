import type { Mode, SessionDeclaration, SessionEventValue } from '../../shared/contract/index.ts';
import { type CompiledPlan, compilePlan, PlanError } from '../../shared/plan/index.ts';
import type { SessionCaller } from './caller.ts';
import { modeAllowed, modeInForce, resolveMode } from './modes.ts';
import type { DeclaredMode, SessionMeta } from './records.ts';
import { ok, type Result, refuse } from './result.ts';

export interface MetaChange {
  meta: SessionMeta;
  updated: SessionEventValue<'session_updated'> | null;
  modeChanged: SessionEventValue<'mode_changed'> | null;
}

const allowedList = (allowed: readonly Mode[] | null) => (allowed ?? []).join(', ') || 'none';

const notAllowed = (id: string, mode: Mode, allowed: readonly Mode[] | null) =>
  refuse.forbidden(
    `mode "${id}"${id === mode ? '' : ` (behaves as ${mode})`} is not allowed in this workspace; allowed: ${allowedList(allowed)}`,
    { mode: id, engineMode: mode, allowedModes: allowed },
  );

const unknownMode = (name: string, modes: readonly DeclaredMode[]) =>
  refuse.badRequest(
    `unknown mode "${name}": not a declared mode (${modes.map((mode) => mode.id).join(', ') || 'none declared'}) nor an engine mode`,
    { mode: name },
  );

function modeEvent(
  previous: SessionMeta | null,
  next: { id: string; mode: Mode },
  by: SessionCaller['actor'],
): SessionEventValue<'mode_changed'> | null {
  if (previous && previous.mode === next.id && previous.engineMode === next.mode) return null;
  return { mode: next.id, engineMode: next.mode, previousMode: previous?.mode ?? null, by };
}

const toDeclared = (modes: NonNullable<SessionDeclaration['modes']>): DeclaredMode[] =>
  modes.map(({ id, label, description, mode }) => ({
    id,
    label,
    mode,
    ...(description === undefined ? {} : { description }),
  }));

/**
 * `PUT /sessions/{sid}` → the session's new meta and the events it causes. Permissions must
 * compile (a bad rule is a 400 naming it); every declared mode and the selected one must be
 * allowed by the workspace (403 naming the mode). Unset fields keep their values.
 */
export function applyDeclaration(options: {
  existing: SessionMeta | null;
  declaration: SessionDeclaration;
  caller: SessionCaller;
  workspacePlan: CompiledPlan;
  now: number;
}): Result<MetaChange> {
  const { existing, declaration, caller, workspacePlan, now } = options;
  const allowed = workspacePlan.allowedModes;
  let sessionPlan: CompiledPlan | null = null;
  if (declaration.permissions !== undefined) {
    try {
      sessionPlan = compilePlan(declaration.permissions);
    } catch (error) {
      if (error instanceof PlanError)
        return refuse.badRequest(`invalid permissions: ${error.message}`, error.problems);
      throw error;
    }
  }
  const permissions =
    declaration.permissions === undefined ? (existing?.permissions ?? null) : declaration.permissions;
  const permissionsChanged = JSON.stringify(permissions) !== JSON.stringify(existing?.permissions ?? null);
  const modes = declaration.modes === undefined ? (existing?.modes ?? []) : toDeclared(declaration.modes);
  const forbiddenMode = modes.find((mode) => !modeAllowed(mode.mode, allowed));
  if (forbiddenMode) return notAllowed(forbiddenMode.id, forbiddenMode.mode, allowed);

  let selected: { id: string; mode: Mode };
  if (declaration.mode !== undefined) {
    const resolved = resolveMode(declaration.mode, modes);
    if (!resolved) return unknownMode(declaration.mode, modes);
    selected = resolved;
  } else if (sessionPlan?.mode !== undefined && (existing === null || permissionsChanged)) {
    // New permissions that name a mode select it; the same permissions declared again do not
    // undo a mode an approver has switched to since.
    selected = { id: sessionPlan.mode, mode: sessionPlan.mode };
  } else {
    // Nothing said about the mode: keep the current one (or the workspace's), within what is allowed.
    const current = existing ? resolveMode(existing.mode, modes) : null;
    const mode = modeInForce(current?.mode ?? workspacePlan.mode ?? 'default', allowed);
    selected = current && current.mode === mode ? current : { id: mode, mode };
  }
  if (!modeAllowed(selected.mode, allowed)) return notAllowed(selected.id, selected.mode, allowed);

  const meta: SessionMeta = {
    workspaceId: caller.workspaceId,
    sessionId: caller.sessionId,
    title: declaration.title ?? existing?.title ?? null,
    agent: declaration.agent ?? existing?.agent ?? null,
    mode: selected.id,
    engineMode: selected.mode,
    modes,
    permissions,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  };
  const changed =
    existing === null ||
    meta.title !== existing.title ||
    meta.agent !== existing.agent ||
    JSON.stringify(meta.modes) !== JSON.stringify(existing.modes) ||
    permissionsChanged;
  return ok({
    meta,
    updated: changed
      ? {
          title: meta.title,
          agent: meta.agent,
          modes: meta.modes.map((mode) => ({ id: mode.id, label: mode.label })),
          permissionsChanged,
          by: caller.actor,
        }
      : null,
    modeChanged: modeEvent(existing, selected, caller.actor),
  });
}

/** `PUT /sessions/{sid}/mode`: a declared mode's id or an engine mode name, if the workspace allows it. */
export function applyModeSelection(options: {
  existing: SessionMeta;
  name: string;
  caller: SessionCaller;
  allowedModes: readonly Mode[] | null;
  now: number;
}): Result<MetaChange> {
  const { existing, name, caller, allowedModes, now } = options;
  const selected = resolveMode(name, existing.modes);
  if (!selected) return unknownMode(name, existing.modes);
  if (!modeAllowed(selected.mode, allowedModes)) return notAllowed(selected.id, selected.mode, allowedModes);
  const modeChanged = modeEvent(existing, selected, caller.actor);
  const meta = modeChanged
    ? { ...existing, mode: selected.id, engineMode: selected.mode, updatedAt: now }
    : existing;
  return ok({ meta, updated: null, modeChanged });
}

/** A session the agent never declared, created by its first tool call. */
export function implicitMeta(caller: SessionCaller, engineMode: Mode, now: number): SessionMeta {
  return {
    workspaceId: caller.workspaceId,
    sessionId: caller.sessionId,
    title: null,
    agent: null,
    mode: engineMode,
    engineMode,
    modes: [],
    permissions: null,
    createdAt: now,
    updatedAt: now,
  };
}
