import { join, resolve } from 'node:path';
import { runInitCopilot } from './copilot/init.ts';
import { hookTimeouts } from './hook.ts';
import { applyFileEdit, describeFileEdit, isObject, type Json } from './init-file.ts';

/** `gatehouse init copilot|cursor|amp`: each agent's file, Gatehouse's entries in it, nothing else touched. */
export interface InitAgentOptions {
  user?: boolean | undefined;
  dir?: string | undefined;
  remove?: boolean | undefined;
  onError?: 'ask' | undefined;
  /** `--timeout`: the hook's own deadline, written into Copilot's hook command. */
  timeoutSeconds?: number | undefined;
  /** This gatehouse's hook, as a command line (`node … gatehouse.cjs hook`). */
  command: string;
  home: string;
  env: Record<string, string | undefined>;
  cwd: string;
}

interface InitIo {
  print(line: string): void;
  warn(line: string): void;
}

const agentCommand = (options: InitAgentOptions, agent: string) =>
  `${options.command} --agent ${agent}${options.onError ? ` --on-error ${options.onError}` : ''}`;

const mentionsOurHook = (command: unknown, agent: string) =>
  typeof command === 'string' &&
  new RegExp(`(^|[\\s/"'])gatehouse(\\.[cm]?js)?["']?\\s+hook\\s.*--agent ${agent}`).test(command);

function pickPath(options: InitAgentOptions, user: string, project: (dir: string) => string): string {
  if (options.user && options.dir !== undefined)
    throw new Error('--user and --dir name different files; pick one');
  return options.user ? user : project(resolve(options.cwd, options.dir ?? '.'));
}

/**
 * Cursor's hooks.json: `beforeShellExecution`, `beforeMCPExecution`, `beforeReadFile`, and
 * `preToolUse` for the tools that write, each with `failClosed: true` (Cursor otherwise runs a
 * call whose hook fails) and a `timeout` above the hook's own deadline.
 */
export function cursorHooks(command: string): Record<string, Json[]> {
  const entry = (matcher?: string): Json => ({
    command,
    timeout: hookTimeouts.settingsSeconds,
    failClosed: true,
    ...(matcher === undefined ? {} : { matcher }),
  });
  return {
    beforeShellExecution: [entry()],
    beforeMCPExecution: [entry()],
    beforeReadFile: [entry()],
    preToolUse: ['Write', 'Edit', 'StrReplace', 'Delete'].map((matcher) => entry(matcher)),
  };
}

async function initCursor(options: InitAgentOptions, io: InitIo): Promise<number> {
  const path = pickPath(options, join(options.home, '.cursor', 'hooks.json'), (dir) =>
    join(dir, '.cursor', 'hooks.json'),
  );
  const wanted = cursorHooks(agentCommand(options, 'cursor'));
  const result = await applyFileEdit(
    {
      path,
      edit: (file) => {
        const hooks: Json = { ...(isObject(file.hooks) ? file.hooks : {}) };
        for (const event of new Set([...Object.keys(hooks), ...Object.keys(wanted)])) {
          const present = hooks[event] ?? [];
          // An event that is not a list is the user's business and Cursor's to refuse: left as it is.
          if (!Array.isArray(present)) continue;
          const others = present.filter((e) => !mentionsOurHook((e as Json)?.command, 'cursor'));
          const ours = options.remove ? [] : (wanted[event] ?? []);
          if (others.length + ours.length === 0) delete hooks[event];
          else hooks[event] = [...others, ...ours];
        }
        return { version: 1, ...file, hooks };
      },
      empty: (file) =>
        Object.keys(file).every((key) => key === 'version' || key === 'hooks') &&
        Object.keys(isObject(file.hooks) ? file.hooks : {}).length === 0,
    },
    options.remove ?? false,
  );
  for (const line of describeFileEdit(result, options.remove ?? false, { version: 1, hooks: wanted }))
    io.print(line);
  if (!options.remove)
    io.print(
      "Cursor's own allowlist still decides what runs once Gatehouse allows; a deny from Gatehouse always holds. " +
        'Start Cursor with GATEHOUSE_URL and GATEHOUSE_TOKEN (an agent token) in its environment.',
    );
  return 0;
}

/** Amp's rule that hands every tool call to Gatehouse (`amp.permissions`, first match wins). */
export const ampRule = (command: string): Json => ({ tool: '*', action: 'delegate', to: command });

async function initAmp(options: InitAgentOptions, io: InitIo): Promise<number> {
  const rule = ampRule(agentCommand(options, 'amp'));
  if (!options.user && options.dir === undefined) {
    io.print(
      'Add this rule first in "amp.permissions" of your Amp settings (or run with --user or --dir D to write it):',
    );
    for (const line of JSON.stringify({ 'amp.permissions': [rule] }, null, 2).split('\n'))
      io.print(`  ${line}`);
    return 0;
  }
  const configHome = options.env.XDG_CONFIG_HOME || join(options.home, '.config');
  const path = pickPath(options, join(configHome, 'amp', 'settings.json'), (dir) =>
    join(dir, '.amp', 'settings.json'),
  );
  const result = await applyFileEdit(
    {
      path,
      edit: (file) => {
        const rules = Array.isArray(file['amp.permissions']) ? (file['amp.permissions'] as unknown[]) : [];
        const others = rules.filter(
          (r) => !(isObject(r) && r.action === 'delegate' && mentionsOurHook(r.to, 'amp')),
        );
        const next = options.remove ? others : [rule, ...others];
        const { 'amp.permissions': _, ...rest } = file;
        return next.length === 0 ? rest : { ...rest, 'amp.permissions': next };
      },
      empty: (file) => Object.keys(file).length === 0,
    },
    options.remove ?? false,
  );
  for (const line of describeFileEdit(result, options.remove ?? false, { 'amp.permissions': [rule] }))
    io.print(line);
  if (!options.remove)
    io.print(
      "Gatehouse's rule comes first, so it decides every call; start Amp with GATEHOUSE_URL and GATEHOUSE_TOKEN set.",
    );
  return 0;
}

export async function runInitAgent(
  agent: 'copilot' | 'cursor' | 'amp',
  options: InitAgentOptions,
  io: InitIo,
): Promise<number> {
  if (agent === 'copilot')
    return runInitCopilot(
      {
        ...options,
        copilotHome: options.env.COPILOT_HOME || join(options.home, '.copilot'),
      },
      io,
    );
  if (agent === 'cursor') return initCursor(options, io);
  return initAmp(options, io);
}
