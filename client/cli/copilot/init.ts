import { join, resolve } from 'node:path';
import { hookTimeouts } from '../hook.ts';
import { applyFileEdit, describeFileEdit, type Json } from '../init-file.ts';

/**
 * `gatehouse init copilot`: Copilot CLI's hooks file for Gatehouse, `.github/hooks/gatehouse.json`
 * in the repository (Copilot reads `<git root>/.github/hooks/*.json`) or, with --user,
 * `$COPILOT_HOME/hooks/gatehouse.json` (default ~/.copilot). The file is Gatehouse's alone:
 * `version: 1`, `preToolUse` and `permissionRequest` running `gatehouse hook --agent copilot`.
 */
export interface InitCopilotOptions {
  user?: boolean | undefined;
  dir?: string | undefined;
  remove?: boolean | undefined;
  onError?: 'ask' | undefined;
  /** The hook's own deadline (`--timeout`), when not the default; `timeoutSec` stays 30 s above it. */
  timeoutSeconds?: number | undefined;
  /** This gatehouse, as a command line (node and the script, absolute). */
  command: string;
  copilotHome: string;
  cwd: string;
}

/** Copilot skips a hook that runs out its `timeoutSec`, and then runs the call: ours answers first. */
export const copilotTimeouts = {
  /** The hook's own deadline (`--timeout`): past it, it answers deny by itself. */
  hookSeconds: hookTimeouts.giveUpSeconds,
  /** Copilot's `timeoutSec` for the hook: above the hook's own deadline. */
  timeoutSec: hookTimeouts.settingsSeconds,
} as const;

export function copilotHooksPath(options: Pick<InitCopilotOptions, 'user' | 'dir' | 'copilotHome' | 'cwd'>) {
  if (options.user && options.dir !== undefined)
    throw new Error('--user and --dir name different files; pick one');
  if (options.user) return join(resolve(options.cwd, options.copilotHome), 'hooks', 'gatehouse.json');
  return join(resolve(options.cwd, options.dir ?? '.'), '.github', 'hooks', 'gatehouse.json');
}

export function copilotHooks(command: string, onError: 'ask' | undefined, timeoutSeconds?: number): Json {
  const timeout = timeoutSeconds === undefined ? '' : ` --timeout ${timeoutSeconds}`;
  const entry = {
    type: 'command',
    bash: `${command} --agent copilot${onError ? ` --on-error ${onError}` : ''}${timeout}`,
    timeoutSec: timeoutSeconds === undefined ? copilotTimeouts.timeoutSec : Math.ceil(timeoutSeconds) + 30,
  };
  return { preToolUse: [entry], permissionRequest: [entry] };
}

const isGatehouse = (entry: unknown) =>
  typeof (entry as { bash?: unknown })?.bash === 'string' &&
  /(^|[\s/"'])gatehouse(\.[cm]?js)?["']?\s+hook\s.*--agent copilot/.test((entry as { bash: string }).bash);

export async function runInitCopilot(options: InitCopilotOptions, io: { print(line: string): void }) {
  const path = copilotHooksPath(options);
  const wanted = copilotHooks(options.command, options.onError, options.timeoutSeconds);
  const result = await applyFileEdit(
    {
      path,
      edit: (file) => {
        const hooks = { ...((file.hooks as Json | undefined) ?? {}) };
        for (const event of ['preToolUse', 'permissionRequest']) {
          const others = Array.isArray(hooks[event])
            ? (hooks[event] as unknown[]).filter((e) => !isGatehouse(e))
            : [];
          const ours = options.remove ? [] : (wanted[event] as unknown[]);
          if (others.length + ours.length === 0) delete hooks[event];
          else hooks[event] = [...others, ...ours];
        }
        return { ...file, version: 1, hooks };
      },
      empty: (file) =>
        Object.keys(file).every((key) => key === 'version' || key === 'hooks') &&
        Object.keys((file.hooks as Json | undefined) ?? {}).length === 0,
    },
    options.remove ?? false,
  );
  for (const line of describeFileEdit(result, options.remove ?? false, { version: 1, hooks: wanted }))
    io.print(line);
  if (options.remove) return 0;
  io.print(
    'Copilot CLI loads repository hooks only in a folder it trusts (`copilot -p` needs --trust-folder). ' +
      'Start it with GATEHOUSE_URL and GATEHOUSE_TOKEN (an agent token) set: the hook reads them from its environment.',
  );
  return 0;
}
