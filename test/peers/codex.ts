import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FakeResponses } from './fake-responses.ts';
import { type PeerRun, peerBin, runPeer, scratchDir } from './harness.ts';

// The real Codex CLI (`codex exec`) against the fake Responses API: a throwaway CODEX_HOME whose
// config.toml names a custom model provider at the fake, and whose hooks.json holds the test's
// hooks. Nothing of a developer's own Codex setup takes part.

export { startFakeResponses } from './fake-responses.ts';

/** A hooks.json: event → matcher groups → command hooks, the same shape as Claude Code's. */
export interface CodexHooks {
  hooks: Record<
    string,
    Array<{ matcher?: string; hooks: Array<{ type: 'command'; command: string; timeout?: number }> }>
  >;
}

/**
 * config.toml for an offline Codex: a model it knows (or it offers no apply_patch tool), the
 * fake as its provider with a fake key from the environment, and no update check or plugin
 * look-ups (each would reach for the network).
 */
export const codexConfig = (fake: FakeResponses) => `model = "gpt-5.5"
model_provider = "fake"
check_for_update_on_startup = false

[model_providers.fake]
name = "fake"
base_url = "${fake.url}/v1"
wire_api = "responses"
env_key = "GATEHOUSE_FAKE_OPENAI_KEY"

[features]
plugins = false
`;

/**
 * An `[mcp_servers.<name>]` table. `required` makes `codex exec` wait for the server's start (a
 * slow one, such as a gateway, would otherwise have no tools yet when the model searches); the
 * server's tools are found only through `tool_search` (see `mcpToolTurns`).
 */
export function mcpServerToml(
  name: string,
  server: { command: string; args: string[]; env?: Record<string, string> },
  more: Record<string, string | number | boolean> = {},
): string {
  const env = Object.entries(server.env ?? {}).map(([key, value]) => `${key} = ${JSON.stringify(value)}`);
  const lines = [
    `[mcp_servers.${name}]`,
    `command = ${JSON.stringify(server.command)}`,
    `args = ${JSON.stringify(server.args)}`,
    'required = true',
    ...(env.length > 0 ? [`env = { ${env.join(', ')} }`] : []),
    ...Object.entries(more).map(([key, value]) => `${key} = ${JSON.stringify(value)}`),
  ];
  return `\n${lines.join('\n')}\n`;
}

/**
 * Codex offers MCP tools only behind `tool_search`: the model searches (`<callId>_search`), and
 * the next turn calls the tool in the namespace the search loaded, `mcp__<server>`.
 */
export const mcpToolTurns = (callId: string, server: string, tool: string, args: Record<string, unknown>) => [
  { calls: [{ toolSearch: { query: tool.replaceAll('_', ' '), limit: 8 }, callId: `${callId}_search` }] },
  { calls: [{ namespace: `mcp__${server}`, name: tool, arguments: args, callId }] },
];

export async function runCodex(options: {
  project: string;
  fake: FakeResponses;
  /** More config.toml, appended (e.g. `mcpServerToml(…)`). */
  config?: string;
  prompt?: string;
  hooks?: CodexHooks;
  /**
   * `codex exec` skips hooks the user has not trusted without a word; tests trust theirs with
   * `--dangerously-bypass-hook-trust` (the flag is Codex's own, for exactly this).
   */
  trustHooks?: boolean;
  /** More `codex exec` options, e.g. `['--sandbox', 'workspace-write']`. */
  args?: string[];
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Kills the CLI when aborted. */
  signal?: AbortSignal;
}): Promise<PeerRun> {
  const home = await scratchDir('codex-home');
  try {
    await writeFile(join(home.path, 'config.toml'), codexConfig(options.fake) + (options.config ?? ''));
    if (options.hooks) await writeFile(join(home.path, 'hooks.json'), JSON.stringify(options.hooks, null, 2));
    return await runPeer(
      peerBin('codex'),
      [
        'exec',
        '--skip-git-repo-check',
        ...(options.trustHooks ? ['--dangerously-bypass-hook-trust'] : []),
        ...(options.args ?? []),
        options.prompt ?? 'Do as scripted.',
      ],
      {
        cwd: options.project,
        timeoutMs: options.timeoutMs ?? 60_000,
        signal: options.signal,
        env: {
          HOME: home.path,
          CODEX_HOME: home.path,
          GATEHOUSE_FAKE_OPENAI_KEY: 'sk-fake-key-for-the-local-stand-in',
          ...options.env,
        },
      },
    );
  } finally {
    await home.remove();
  }
}
