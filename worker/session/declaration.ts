import {
  type ActorRef,
  applicablePermissions,
  type Mode,
  type PermissionsConfig,
  type RequestedAuthority,
  type SessionDeclaration,
  type SessionEventValue,
  workspaceOnlyKeys,
} from '../../shared/contract/index.ts';
import {
  atLeastAsStrict,
  type CompiledPlan,
  compilePlan,
  layerSession,
  PlanError,
} from '../../shared/plan/index.ts';
import { ok, type Result, refuse } from '../common/result.ts';
import type { DeclarationWording, SessionCaller } from '../rpc.ts';
import { actorOf } from './caller.ts';
import { modeAllowed, modeInForce, resolveMode } from './modes.ts';
import type { DeclaredMode, SessionAuthorityRecord, SessionMeta } from './records.ts';
import { noAuthority } from './records.ts';

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
  caller: SessionCaller,
): SessionEventValue<'mode_changed'> | null {
  if (previous && previous.mode === next.id && previous.engineMode === next.mode) return null;
  const actor = actorOf(caller);
  return {
    mode: next.id,
    engineMode: next.mode,
    previousMode: previous?.mode ?? null,
    by: caller.actor,
    ...(actor === undefined ? {} : { actor }),
  };
}

const toDeclared = (modes: NonNullable<SessionDeclaration['modes']>): DeclaredMode[] =>
  modes.map(({ id, label, description, mode }) => ({
    id,
    label,
    mode,
    ...(description === undefined ? {} : { description }),
  }));

/**
 * A session's permissions as declared, with what a session may not set refused (400 naming the
 * key: `allowedModes`, `agents`, `pushDetails` are the workspace's) and a Claude Code settings
 * file's other settings left out (accepted, not applied, not kept), so that the session applies
 * every key it keeps (DESIGN §5 "Authority of declarations").
 */
function declaredPermissions(
  permissions: SessionDeclaration['permissions'],
): Result<PermissionsConfig | undefined> {
  if (permissions === undefined) return ok(undefined);
  const own = workspaceOnlyKeys.filter((key) => permissions[key] !== undefined);
  if (own.length > 0)
    return refuse.badRequest(
      `invalid permissions: ${own.join(', ')} ${own.length === 1 ? 'is a workspace setting' : 'are workspace settings'}; a session cannot set ${own.length === 1 ? 'it' : 'them'}`,
      own.map((key) => ({ path: `permissions.${key}`, message: 'a workspace setting' })),
    );
  return ok(applicablePermissions(permissions).config);
}

function compiled(permissions: SessionDeclaration['permissions'] | null): Result<CompiledPlan | null> {
  if (permissions === undefined || permissions === null) return ok(null);
  try {
    return ok(compilePlan(permissions));
  } catch (error) {
    if (error instanceof PlanError)
      return refuse.badRequest(`invalid permissions: ${error.message}`, error.problems);
    throw error;
  }
}

/** The one line people read about what was asked and left out. */
function requestedLabel(
  mode: { name: string } | undefined,
  permissions: readonly string[],
  who: string,
  hook: boolean,
): string {
  const parts: string[] = [];
  if (mode) parts.push(`${who} ${hook ? 'runs in' : 'asks for mode'} ${mode.name}: not applied`);
  if (permissions.length > 0) {
    parts.push(
      `${permissions.length === 1 ? 'a loosening permission' : `${permissions.length} loosening permissions`} not applied (${permissions.join(', ')})`,
    );
  }
  return parts.join('; ');
}

function requestedOf(
  mode: { name: string; engineMode: Mode } | undefined,
  permissions: string[],
  who: string,
  hook: boolean,
): RequestedAuthority | null {
  if (!mode && permissions.length === 0) return null;
  return {
    ...(mode ? { mode: mode.name, engineMode: mode.engineMode } : {}),
    ...(permissions.length > 0 ? { permissions } : {}),
    label: requestedLabel(mode, permissions, who, hook),
  };
}

/**
 * `PUT /sessions/{sid}` (and a hook's `permission_mode`) → the session's new meta and the events
 * it causes. Permissions must compile (a bad rule is a 400 naming it); every declared mode and
 * the selected one must be within the workspace's `allowedModes` (403 naming the mode). Unset
 * fields keep their values.
 *
 * An agent's declaration only tightens (DESIGN §5 "Layering"): a mode at least as strict as the
 * one in force applies at once; a looser one applies only when the workspace lists it in
 * `agents.modes`, else the session keeps its mode and records what was asked. A mode named again
 * (a hook sends Claude Code's with every call) is no new choice and changes nothing, so it never
 * undoes an approver's. Loosening permissions are kept as declared but layered without their
 * loosening until the workspace or an approver grants it (`policy.ts`). An admin declares with an
 * approver's authority.
 */
export function applyDeclaration(options: {
  existing: SessionMeta | null;
  declaration: SessionDeclaration;
  caller: SessionCaller;
  workspacePlan: CompiledPlan;
  now: number;
  wording?: DeclarationWording;
}): Result<MetaChange> {
  const { existing, declaration, caller, workspacePlan, now, wording = {} } = options;
  const allowed = workspacePlan.allowedModes;
  const person = caller.actor !== 'agent';
  const declared = declaredPermissions(declaration.permissions);
  if (!declared.ok) return declared;
  const declaredPlan = compiled(declared.value);
  if (!declaredPlan.ok) return declaredPlan;
  const permissions = declared.value === undefined ? (existing?.permissions ?? null) : declared.value;
  const permissionsChanged = JSON.stringify(permissions) !== JSON.stringify(existing?.permissions ?? null);
  const sessionPlan = declared.value === undefined ? compiled(permissions) : declaredPlan;
  if (!sessionPlan.ok) return sessionPlan;
  const modes = declaration.modes === undefined ? (existing?.modes ?? []) : toDeclared(declaration.modes);
  const forbiddenMode = modes.find((mode) => !modeAllowed(mode.mode, allowed));
  if (forbiddenMode) return notAllowed(forbiddenMode.id, forbiddenMode.mode, allowed);

  const previous: SessionAuthorityRecord = existing?.authority ?? noAuthority();
  const inForce = modeInForce(existing?.engineMode ?? workspacePlan.mode ?? 'default', allowed);
  const current = existing
    ? { id: existing.mode, mode: existing.engineMode }
    : { id: inForce, mode: inForce };

  let asked: { name: string; id: string; mode: Mode } | null = null;
  if (declaration.mode !== undefined) {
    const resolved = resolveMode(declaration.mode, modes);
    if (!resolved) return unknownMode(declaration.mode, modes);
    asked = { name: wording.modeName ?? declaration.mode, ...resolved };
  } else if (sessionPlan.value?.mode !== undefined && (existing === null || permissionsChanged)) {
    // New permissions that name a mode ask for it, as a declared mode does.
    asked = { name: sessionPlan.value.mode, id: sessionPlan.value.mode, mode: sessionPlan.value.mode };
  }
  if (asked && !modeAllowed(asked.mode, allowed)) return notAllowed(asked.id, asked.mode, allowed);

  const authority: SessionAuthorityRecord = { ...previous };
  let selected = current;
  let requestedMode = previous.requested?.mode
    ? { name: previous.requested.mode, engineMode: previous.requested.engineMode ?? current.mode }
    : undefined;
  if (asked) {
    const repeated = !person && existing !== null && previous.declaredMode === asked.name;
    const mayTake =
      person || atLeastAsStrict(asked.mode, inForce) || workspacePlan.agents.modes.includes(asked.mode);
    if (!person) authority.declaredMode = asked.name;
    if (repeated) {
      // The same choice again: nothing new, whatever an approver did since.
    } else if (mayTake) {
      selected = { id: asked.id, mode: asked.mode };
      authority.modeSetBy = person ? (caller.actor === 'admin' ? 'admin' : 'approver') : 'agent';
      requestedMode = undefined;
    } else {
      requestedMode = { name: asked.name, engineMode: asked.mode };
    }
  } else if (existing) {
    // New declared modes may map the selected id to another engine mode: only a stricter one,
    // never one the agent could not choose itself.
    const remapped = resolveMode(existing.mode, modes);
    if (remapped && remapped.mode !== existing.engineMode) {
      const mayTake =
        person ||
        atLeastAsStrict(remapped.mode, inForce) ||
        workspacePlan.agents.modes.includes(remapped.mode);
      selected = mayTake ? remapped : { id: existing.engineMode, mode: existing.engineMode };
    }
  }
  const fallback = modeInForce(selected.mode, allowed);
  if (fallback !== selected.mode) selected = { id: fallback, mode: fallback };
  const modeMoved = selected.id !== current.id || selected.mode !== current.mode;

  if (permissionsChanged) authority.looseningGranted = person;
  const ignored = layerSession(workspacePlan, sessionPlan.value, {
    loosen: authority.looseningGranted || workspacePlan.agents.loosen,
  }).ignored.filter((item) => !item.startsWith('mode: '));
  const who = wording.agentName ?? declaration.agent ?? existing?.agent ?? 'The agent';
  authority.requested = requestedOf(requestedMode, ignored, who, wording.modeName !== undefined);
  const actor = actorOf(caller);
  if (modeMoved && actor) authority.modeActor = actor;

  const meta: SessionMeta = {
    workspaceId: caller.workspaceId,
    sessionId: caller.sessionId,
    title: declaration.title ?? existing?.title ?? null,
    agent: declaration.agent ?? existing?.agent ?? null,
    mode: selected.id,
    engineMode: selected.mode,
    modes,
    permissions,
    authority,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  };
  const requestedChanged = JSON.stringify(authority.requested) !== JSON.stringify(previous.requested);
  const changed =
    existing === null ||
    meta.title !== existing.title ||
    meta.agent !== existing.agent ||
    JSON.stringify(meta.modes) !== JSON.stringify(existing.modes) ||
    permissionsChanged ||
    requestedChanged;
  return ok({
    meta,
    updated: changed
      ? {
          title: meta.title,
          agent: meta.agent,
          modes: meta.modes.map((mode) => ({ id: mode.id, label: mode.label })),
          permissionsChanged,
          ...(requestedChanged ? { requested: authority.requested } : {}),
          by: caller.actor,
          ...(actor === undefined ? {} : { actor }),
        }
      : null,
    modeChanged: modeEvent(existing, selected, caller),
  });
}

/**
 * `PUT /sessions/{sid}/mode`: a declared mode's id or an engine mode name, if the workspace
 * allows it. A person's choice: it stays until a person changes it, and what the agent asked
 * for that this choice gives is no longer outstanding.
 */
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
  const modeChanged = modeEvent(existing, selected, caller);
  const requested = existing.authority.requested;
  const answered = requested?.engineMode !== undefined && requested.engineMode === selected.mode;
  const remaining: RequestedAuthority | null =
    answered && requested
      ? requested.permissions
        ? {
            permissions: requested.permissions,
            label: requestedLabel(undefined, requested.permissions, '', false),
          }
        : null
      : requested;
  const actor = actorOf(caller);
  const authority: SessionAuthorityRecord = {
    ...existing.authority,
    modeSetBy: caller.actor === 'admin' ? 'admin' : 'approver',
    requested: remaining,
    ...(actor === undefined ? {} : { modeActor: actor }),
  };
  const meta = { ...existing, mode: selected.id, engineMode: selected.mode, authority, updatedAt: now };
  return ok({
    meta,
    updated:
      remaining === requested
        ? null
        : {
            requested: remaining,
            by: caller.actor,
            ...(actor === undefined ? {} : { actor }),
          },
    modeChanged,
  });
}

/**
 * `POST /sessions/{sid}/grant-requested`: an approver grants what the agent asked for, for this
 * one session, in one action — the mode (a mode change by that approver) and the session's own
 * loosening permissions. 409 when nothing is asked.
 */
export function applyGrantRequested(options: {
  existing: SessionMeta;
  caller: SessionCaller;
  allowedModes: readonly Mode[] | null;
  now: number;
}): Result<MetaChange> {
  const { existing, caller, allowedModes, now } = options;
  const requested = existing.authority.requested;
  if (!requested) return refuse.conflict('this session asks for nothing that is not applied');
  let selected = { id: existing.mode, mode: existing.engineMode };
  if (requested.mode !== undefined) {
    const resolved =
      resolveMode(requested.mode, existing.modes) ??
      (requested.engineMode ? { id: requested.engineMode, mode: requested.engineMode } : null);
    if (!resolved) return unknownMode(requested.mode, existing.modes);
    if (!modeAllowed(resolved.mode, allowedModes))
      return notAllowed(resolved.id, resolved.mode, allowedModes);
    selected = resolved;
  }
  const actor: ActorRef | undefined = actorOf(caller);
  const authority: SessionAuthorityRecord = {
    ...existing.authority,
    requested: null,
    looseningGranted: existing.authority.looseningGranted || requested.permissions !== undefined,
    ...(requested.mode === undefined
      ? {}
      : { modeSetBy: caller.actor === 'admin' ? ('admin' as const) : ('approver' as const) }),
    ...(requested.mode !== undefined && actor ? { modeActor: actor } : {}),
  };
  const meta = { ...existing, mode: selected.id, engineMode: selected.mode, authority, updatedAt: now };
  return ok({
    meta,
    updated: {
      requested: null,
      ...(requested.permissions ? { looseningGranted: true } : {}),
      by: caller.actor,
      ...(actor === undefined ? {} : { actor }),
    },
    modeChanged: modeEvent(existing, selected, caller),
  });
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
    authority: noAuthority(),
    createdAt: now,
    updatedAt: now,
  };
}
