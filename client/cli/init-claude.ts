import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * The one Claude Code event Gatehouse hooks: PreToolUse sees every call, so the relay decides
 * all of them (and a human answers its asks). A second entry on PermissionRequest would put
 * the same question to the approver twice whenever PreToolUse hands a call back as `ask`, so
 * an entry of ours found there (written by an older version) is removed.
 */
export const hookEvents = ['PreToolUse'] as const;
const retiredEvents = ['PermissionRequest'] as const;

/** Seconds Claude Code waits for the hook: long enough for a human to answer (the relay's default expiry is 600 s). */
const hookTimeoutSeconds = 660;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A command that runs `gatehouse hook` (ours, wherever the clone was when it was written). */
const isGatehouseHook = (command: unknown) =>
  typeof command === 'string' && /gatehouse(\.mjs)?"?\s+hook\b/.test(command);

/**
 * Settings with Gatehouse's hook entries merged in. Everything else — other hooks, matchers,
 * permissions, env, unknown keys — is kept as it was; an entry of ours already there is
 * updated in place, so merging twice gives the same settings.
 */
export function mergeClaudeSettings(settings: Json, command: string): Json {
  const hooks = isObject(settings.hooks) ? { ...settings.hooks } : {};
  for (const event of hookEvents) {
    const groups = Array.isArray(hooks[event]) ? [...(hooks[event] as unknown[])] : [];
    let found = false;
    const updated = groups.map((group) => {
      if (!isObject(group) || !Array.isArray(group.hooks)) return group;
      return {
        ...group,
        hooks: group.hooks.map((hook: unknown) => {
          if (!isObject(hook) || !isGatehouseHook(hook.command)) return hook;
          found = true;
          return { ...hook, type: 'command', command, timeout: hookTimeoutSeconds };
        }),
      };
    });
    if (!found) {
      updated.push({ matcher: '*', hooks: [{ type: 'command', command, timeout: hookTimeoutSeconds }] });
    }
    hooks[event] = updated;
  }
  for (const event of retiredEvents) {
    if (!Array.isArray(hooks[event])) continue;
    const kept = (hooks[event] as unknown[])
      .map((group) =>
        isObject(group) && Array.isArray(group.hooks)
          ? {
              ...group,
              hooks: group.hooks.filter(
                (hook: unknown) => !(isObject(hook) && isGatehouseHook(hook.command)),
              ),
            }
          : group,
      )
      .filter((group) => !(isObject(group) && Array.isArray(group.hooks) && group.hooks.length === 0));
    if (kept.length > 0) hooks[event] = kept;
    else delete hooks[event];
  }
  return { ...settings, hooks };
}

const quote = (path: string) => (/^[\w@%+=:,./-]+$/.test(path) ? path : `"${path.replaceAll('"', '\\"')}"`);

/** The hook command: this Node and this CLI by absolute path, so it works from any project directory. */
export const hookCommand = (nodePath: string, cliPath: string) => `${quote(nodePath)} ${quote(cliPath)} hook`;

/** `gatehouse init claude [--local]`: write the entries into `.claude/settings(.local).json` under `projectDir`. */
export async function initClaude(projectDir: string, local: boolean, command: string): Promise<string> {
  const path = join(projectDir, '.claude', local ? 'settings.local.json' : 'settings.json');
  let settings: Json = {};
  if (existsSync(path)) {
    const text = await readFile(path, 'utf8');
    const parsed: unknown = text.trim() === '' ? {} : JSON.parse(text);
    // Never overwrite what we cannot read back: a settings file that is not an object stops here.
    if (!isObject(parsed)) throw new Error(`${path} is not a JSON object; left as it is`);
    settings = parsed;
  }
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(mergeClaudeSettings(settings, command), null, 2)}\n`);
  return path;
}
