import { hookTimeouts } from '../hook.ts';

/**
 * Gatehouse's entries in a Codex hooks.json (`{"hooks": {Event: [{matcher, hooks: [{type,
 * command, timeout}]}]}}`, the same shape as Claude Code's). Ours are the command hooks running
 * `gatehouse hook --agent codex`; every other hook, group, event and key stays as it is.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The events `init codex` installs, one row each. PreToolUse sees every call and is where the
 * relay decides; PermissionRequest fires only where Codex itself would ask (MCP tools in `codex
 * exec`, escalations) and gets the same call's decision again (the tool call id is derived, see
 * input.ts), never a second question; PostToolUse reports the result. UserPromptSubmit is not
 * installed: the relay has no route for the user's request yet.
 */
export const codexHookEvents = [
  { event: 'PreToolUse', key: 'pre_tool_use', matcher: '*', timeout: hookTimeouts.settingsSeconds },
  {
    event: 'PermissionRequest',
    key: 'permission_request',
    matcher: '*',
    timeout: hookTimeouts.settingsSeconds,
  },
  { event: 'PostToolUse', key: 'post_tool_use', matcher: '*', timeout: 60 },
] as const;

/** Codex's own snake-case name of each event, as its trust keys spell it. */
export const codexEventKeys: Readonly<Record<string, string>> = {
  PreToolUse: 'pre_tool_use',
  PermissionRequest: 'permission_request',
  PostToolUse: 'post_tool_use',
  UserPromptSubmit: 'user_prompt_submit',
  SessionStart: 'session_start',
  Stop: 'stop',
  PreCompact: 'pre_compact',
  PostCompact: 'post_compact',
};

/** Whether a hooks.json handler is one of ours. */
export function isGatehouseCodexHook(hook: unknown): boolean {
  return (
    isObject(hook) &&
    (hook.type === 'command' || hook.type === undefined) &&
    typeof hook.command === 'string' &&
    /(^|[\s/"'])gatehouse(\.[cm]?js)?["']?\s+hook\s+--agent\s+codex(\s|$)/.test(hook.command)
  );
}

/** One of our handlers as it stands in the file, with where Codex finds it. */
export interface PlacedHook {
  event: string;
  matcher: string | undefined;
  groupIndex: number;
  handlerIndex: number;
  hook: { type: 'command'; command: string; timeout: number };
}

/** Every handler of ours in `file`, where it stands. */
export function gatehouseCodexHooks(file: Json): PlacedHook[] {
  const placed: PlacedHook[] = [];
  const hooks = isObject(file.hooks) ? file.hooks : {};
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((group, groupIndex) => {
      if (!isObject(group) || !Array.isArray(group.hooks)) return;
      group.hooks.forEach((hook, handlerIndex) => {
        if (!isGatehouseCodexHook(hook)) return;
        const { command, timeout } = hook as { command: string; timeout?: unknown };
        placed.push({
          event,
          matcher: typeof group.matcher === 'string' ? group.matcher : undefined,
          groupIndex,
          handlerIndex,
          hook: { type: 'command', command, timeout: typeof timeout === 'number' ? timeout : 600 },
        });
      });
    });
  }
  return placed;
}

export interface HooksFileChange {
  file: Json;
  written: Array<{ event: string; entry: Json }>;
  removed: string[];
}

/**
 * The file with our entries as `command` says (undefined: none). An entry of ours is updated in
 * place; an event without one gets a group of its own at the end; a group left empty goes.
 */
export function withGatehouseCodexHooks(file: Json, command: string | undefined): HooksFileChange {
  const hooks: Json = isObject(file.hooks) ? { ...file.hooks } : {};
  const written: HooksFileChange['written'] = [];
  const removed: string[] = [];
  const events = new Set([
    ...(command ? codexHookEvents.map((row) => row.event) : []),
    ...Object.keys(hooks),
  ]);
  for (const event of events) {
    const row = command ? codexHookEvents.find((candidate) => candidate.event === event) : undefined;
    const entry = row && command ? { type: 'command', command, timeout: row.timeout } : undefined;
    const groups = Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : [];
    let placed = false;
    let hadOurs = false;
    const kept: unknown[] = [];
    for (const group of groups) {
      if (!isObject(group) || !Array.isArray(group.hooks) || !group.hooks.some(isGatehouseCodexHook)) {
        kept.push(group);
        continue;
      }
      hadOurs = true;
      const handlers: unknown[] = [];
      for (const hook of group.hooks as unknown[]) {
        if (!isGatehouseCodexHook(hook)) handlers.push(hook);
        else if (entry && !placed) {
          handlers.push(entry);
          placed = true;
        }
      }
      if (handlers.length > 0) kept.push({ ...group, hooks: handlers });
    }
    if (entry && !placed) kept.push({ matcher: row!.matcher, hooks: [entry] });
    if (!entry && hadOurs) removed.push(event);
    if (entry) written.push({ event, entry });
    if (!entry && !hadOurs) continue;
    if (kept.length > 0) hooks[event] = kept;
    else delete hooks[event];
  }
  const next: Json = { ...file, hooks };
  return { file: next, written, removed };
}
