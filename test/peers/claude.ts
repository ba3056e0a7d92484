import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli } from '../e2e/client-relay.ts';
import type { FakeMessages } from './fake-anthropic.ts';
import { type PeerRun, peerBin, runPeer, scratchDir } from './harness.ts';

// The real Claude Code in print mode against the fake Messages API, with a throwaway HOME (so no
// user settings, credentials or history take part) and a session id the test chose, so it can
// find the session on the relay while Claude Code is still waiting on a hook.

export interface ClaudeRun extends PeerRun {
  sessionId: string;
  /** The `--output-format stream-json` lines, parsed. */
  events: Array<Record<string, unknown>>;
}

export async function runClaude(options: {
  project: string;
  fake: FakeMessages;
  prompt?: string;
  sessionId?: string;
  /** Record the project as trusted in the throwaway HOME (`~/.claude.json`), as its trust dialog would. */
  trustProject?: boolean;
  /** More `claude` options, e.g. `['--mcp-config', file, '--strict-mcp-config']`. */
  args?: string[];
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Kills the CLI when aborted. */
  signal?: AbortSignal;
}): Promise<ClaudeRun> {
  const home = await scratchDir('home');
  const sessionId = options.sessionId ?? randomUUID();
  try {
    // What accepting Claude Code's trust dialog for the project records: without it, Claude Code
    // applies the project's hooks but not its permission rules (seen with 2.1.328).
    if (options.trustProject)
      await writeFile(
        join(home.path, '.claude.json'),
        JSON.stringify({ projects: { [options.project]: { hasTrustDialogAccepted: true } } }),
      );
    const run = await runPeer(
      peerBin('claude'),
      [
        '-p',
        options.prompt ?? 'Do as scripted.',
        '--output-format',
        'stream-json',
        '--verbose',
        '--include-hook-events',
        '--session-id',
        sessionId,
        ...(options.args ?? []),
      ],
      {
        cwd: options.project,
        timeoutMs: options.timeoutMs ?? 60_000,
        signal: options.signal,
        env: {
          HOME: home.path,
          XDG_CONFIG_HOME: join(home.path, '.config'),
          ANTHROPIC_BASE_URL: options.fake.url,
          ANTHROPIC_API_KEY: 'sk-ant-fake-key-for-the-local-stand-in',
          DISABLE_TELEMETRY: '1',
          DISABLE_AUTOUPDATER: '1',
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
          ...options.env,
        },
      },
    );
    const events = run.stdout
      .split('\n')
      .filter((line) => line.trim().startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    return { ...run, sessionId, events };
  } finally {
    await home.remove();
  }
}

/**
 * A project folder with a file to list and `.claude/settings.json` exactly as `gatehouse init
 * claude` writes it (the repo's CLI, run as a user would); returns what init printed.
 */
export async function initProject(dir: string, initArgs: string[]): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'hello-from-the-project.txt'), 'hello\n');
  const init = await runCli(['init', 'claude', '--dir', dir, ...initArgs], {});
  if (init.code !== 0) throw new Error(`gatehouse init claude failed (${init.code}): ${init.stderr}`);
  return init.stdout;
}

/** The `hook_response` events (`--include-hook-events`) of one hook event, in order. */
export const hookResponses = (run: ClaudeRun, event: string) =>
  run.events.filter(
    (line) => line.type === 'system' && line.subtype === 'hook_response' && line.hook_event === event,
  );
