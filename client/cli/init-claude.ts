import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { apiRoot, type ClaudeHookEventRow, claudeHookEvents } from '../sdk/index.ts';
import { hookTimeouts, type OnError } from './hook.ts';

/**
 * `gatehouse init claude`: Gatehouse's entries in a Claude Code settings file. Gatehouse owns
 * every hook entry that is its own — an HTTP hook on a relay's `/api/v1/hooks/claude/` route, or
 * a command running `gatehouse hook` — and nothing else: other hooks, matchers, permissions,
 * env and unknown keys stay as they are, in their order.
 */

/** The kind of hook to write: Claude Code posts to the relay itself, or runs `gatehouse hook`. */
export type GatehouseHook =
  | { type: 'http'; relayUrl: string }
  | { type: 'command'; command: string; onError?: OnError | undefined };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Which kind of Gatehouse entry a settings hook is, if it is one. */
export function gatehouseHookType(hook: unknown): GatehouseHook['type'] | undefined {
  if (!isObject(hook)) return undefined;
  if (hook.type === 'http' && typeof hook.url === 'string' && /\/api\/v1\/hooks\/claude\//.test(hook.url))
    return 'http';
  if (
    (hook.type === 'command' || hook.type === undefined) &&
    typeof hook.command === 'string' &&
    /(^|[\s/"'])gatehouse(\.[cm]?js)?["']?\s+hook(\s|$)/.test(hook.command)
  )
    return 'command';
  return undefined;
}

/** The relay's API root for a URL the user gave; only http(s), and no credentials in the URL. */
function relayApiRoot(relayUrl: string): URL {
  let given: URL;
  try {
    given = new URL(relayUrl);
  } catch {
    throw new Error(`not a URL: ${relayUrl}`);
  }
  if (given.protocol !== 'http:' && given.protocol !== 'https:')
    throw new Error(`the relay URL must be http(s): ${relayUrl}`);
  if (given.username || given.password)
    throw new Error('the relay URL must not carry credentials: the token comes from GATEHOUSE_TOKEN');
  return apiRoot(relayUrl);
}

/** The settings entry of one event for one kind of hook. */
export function hookEntry(hook: GatehouseHook, row: Pick<ClaudeHookEventRow, 'route' | 'waits'>): Json {
  const timeout = row.waits ? hookTimeouts.settingsSeconds : hookTimeouts.recordSeconds;
  if (hook.type === 'command') {
    const onError = hook.onError && hook.onError !== 'none' ? ` --on-error ${hook.onError}` : '';
    return { type: 'command', command: `${hook.command}${onError}`, timeout };
  }
  return {
    type: 'http',
    url: new URL(`hooks/claude/${row.route}`, relayApiRoot(hook.relayUrl)).href,
    // Claude Code puts an environment variable into a header only when the hook lists it here;
    // the token itself never lands in the file.
    headers: { Authorization: 'Bearer $GATEHOUSE_TOKEN' },
    allowedEnvVars: ['GATEHOUSE_TOKEN'],
    timeout,
  };
}

export interface HookChange {
  event: string;
  type: GatehouseHook['type'];
}

export interface SettingsChange {
  settings: Json;
  written: Array<{ event: string; entry: Json }>;
  removed: HookChange[];
}

/**
 * One event's matcher groups with our entries taken out and `entry` (if any) put where the first
 * of them was — so a second run, or a switch between HTTP and command, updates in place — or, when
 * there was none, in a group of its own at the end. A group left with no hooks goes.
 */
function placeEntry(
  groups: unknown[],
  entry: Json | undefined,
  matcher: string | undefined,
  removed: (type: GatehouseHook['type']) => void,
) {
  let placed = false;
  const kept: unknown[] = [];
  for (const group of groups) {
    if (!isObject(group) || !Array.isArray(group.hooks)) {
      kept.push(group);
      continue;
    }
    const hooks: unknown[] = [];
    let ours = false;
    for (const hook of group.hooks as unknown[]) {
      const type = gatehouseHookType(hook);
      if (type === undefined) {
        hooks.push(hook);
        continue;
      }
      ours = true;
      if (entry && !placed) {
        hooks.push(entry);
        placed = true;
      }
      if (!entry || type !== entry.type) removed(type);
    }
    if (!ours) kept.push(group);
    else if (hooks.length > 0) kept.push({ ...group, hooks });
  }
  if (entry && !placed) kept.push(matcher === undefined ? { hooks: [entry] } : { matcher, hooks: [entry] });
  return kept;
}

/**
 * Settings with Gatehouse's entries as `hook` says (`undefined`: none at all). Every event is
 * looked at, so an entry of ours on an event no longer installed (an older PermissionRequest
 * entry, which would ask the approver twice) is taken out too.
 */
export function withGatehouseHooks(settings: Json, hook: GatehouseHook | undefined): SettingsChange {
  const hooks: Json = isObject(settings.hooks) ? { ...settings.hooks } : {};
  const written: SettingsChange['written'] = [];
  const removed: HookChange[] = [];
  const installed: readonly ClaudeHookEventRow[] = hook ? claudeHookEvents.filter((row) => row.install) : [];
  const events = new Set([...installed.map((row) => row.event), ...Object.keys(hooks)]);
  for (const event of events) {
    const row = installed.find((candidate) => candidate.event === event);
    const entry = hook && row ? hookEntry(hook, row) : undefined;
    const groups = Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : [];
    const hadOurs = groups.some(
      (group) =>
        isObject(group) && Array.isArray(group.hooks) && group.hooks.some((h) => gatehouseHookType(h)),
    );
    if (!entry && !hadOurs) continue;
    const kept = placeEntry(groups, entry, row?.matcher, (type) => removed.push({ event, type }));
    if (entry) written.push({ event, entry });
    if (kept.length > 0) hooks[event] = kept;
    else delete hooks[event];
  }
  if (!hook && removed.length === 0) return { settings, written, removed };
  const next: Json = { ...settings, hooks };
  if (Object.keys(hooks).length === 0) delete next.hooks;
  return { settings: next, written, removed };
}

export interface SettingsLocation {
  /** The project directory (`--dir`, default the current one). */
  dir?: string | undefined;
  /** `--user`: `~/.claude/settings.json`. */
  user?: boolean | undefined;
  /** `--local`: the project's `.claude/settings.local.json` (the user's own, uncommitted). */
  local?: boolean | undefined;
  cwd: string;
  home: string;
}

/** Which settings file the flags name. Claude Code has no user-level local settings. */
export function claudeSettingsPath(where: SettingsLocation): string {
  if (where.user) {
    if (where.dir !== undefined) throw new Error('--user and --dir name different settings files; pick one');
    if (where.local) throw new Error('--local is for a project (.claude/settings.local.json), not --user');
    return join(where.home, '.claude', 'settings.json');
  }
  return join(where.dir ?? where.cwd, '.claude', where.local ? 'settings.local.json' : 'settings.json');
}

export interface InitResult extends Omit<SettingsChange, 'settings'> {
  path: string;
  /** False when the file already said exactly this (nothing was written). */
  changed: boolean;
}

/**
 * Write (or with `hook` undefined, take out) Gatehouse's entries in the settings file at `path`.
 * A file that is not a JSON object stops here, untouched: never overwrite what we cannot read back.
 */
export async function initClaude(path: string, hook: GatehouseHook | undefined): Promise<InitResult> {
  let settings: Json = {};
  let before = '';
  if (existsSync(path)) {
    before = await readFile(path, 'utf8');
    let parsed: unknown;
    try {
      parsed = before.trim() === '' ? {} : JSON.parse(before);
    } catch (error) {
      throw new Error(
        `${path} is not valid JSON (${error instanceof Error ? error.message : String(error)}); left as it is`,
      );
    }
    if (!isObject(parsed)) throw new Error(`${path} is not a JSON object; left as it is`);
    settings = parsed;
  } else if (!hook) {
    return { path, written: [], removed: [], changed: false };
  }
  const change = withGatehouseHooks(settings, hook);
  const after = `${JSON.stringify(change.settings, null, 2)}\n`;
  const changed = after !== before && (hook !== undefined || change.removed.length > 0);
  if (changed) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, after);
  }
  return { path, written: change.written, removed: change.removed, changed };
}

const quote = (path: string) => (/^[\w@%+=:,./-]+$/.test(path) ? path : `"${path.replaceAll('"', '\\"')}"`);

/**
 * The command hook's command: this Node and this CLI by absolute path, so it runs from any
 * project directory and does not depend on the PATH Claude Code was started with.
 */
export const hookCommand = (nodePath: string, cliPath: string) => `${quote(nodePath)} ${quote(cliPath)} hook`;

/** What `init` tells the user: the file, each event and what it now runs, what it replaced. */
export function describeInit(result: InitResult, removing: boolean): string[] {
  const lines: string[] = [];
  if (removing) {
    const events = [...new Set(result.removed.map((change) => change.event))];
    lines.push(
      events.length === 0
        ? `No Gatehouse hooks in ${result.path}; nothing changed.`
        : `Removed Gatehouse hooks (${events.join(', ')}) from ${result.path}.`,
    );
    return lines;
  }
  const kind = result.written[0]?.entry.type === 'http' ? 'HTTP' : 'command';
  lines.push(
    `${result.changed ? 'Wrote' : 'Already in place, unchanged:'} Gatehouse ${kind} hooks in ${result.path}:`,
  );
  for (const { event, entry } of result.written) {
    const target = entry.type === 'http' ? `POST ${String(entry.url)}` : `runs ${String(entry.command)}`;
    lines.push(`  ${event}: ${target} (timeout ${String(entry.timeout)} s)`);
  }
  for (const { event, type } of result.removed) lines.push(`  removed: the ${type} hook on ${event}`);
  return lines;
}
