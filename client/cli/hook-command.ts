import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { hookTimeouts, type OnError, onErrorChoices, runHook } from './hook.ts';
import { claudeHookPoster } from './hook-post.ts';
import { pinsPath } from './pins-path.ts';

/**
 * `gatehouse hook` for Claude Code, the command an agent runs on every tool call, started without
 * the rest of the CLI: no SDK, no zod, no other command's code (docs/agents.md, "The command hook
 * starts fast"). Returns undefined for anything it does not handle — another agent's hook, an
 * option it does not know, a bad value — which the full CLI (main.ts) then runs and explains.
 */
export async function claudeHookCommand(
  argv: string[],
  env: Record<string, string | undefined>,
  io: { stdin: () => Promise<string>; write(text: string): void; warn(text: string): void },
): Promise<number | undefined> {
  let values: { url?: string; token?: string; timeout?: string; 'on-error'?: string; agent?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        url: { type: 'string' },
        token: { type: 'string' },
        timeout: { type: 'string' },
        'on-error': { type: 'string' },
        agent: { type: 'string' },
      },
      allowPositionals: false,
    }));
  } catch {
    return undefined;
  }
  if (values.agent !== undefined && values.agent !== 'claude') return undefined;
  // Verifying attestations (--verify, GATEHOUSE_VERIFY=1, or keys kept for some relay) is the full
  // CLI's: this entry never answers unchecked where a check was asked for.
  if (env.GATEHOUSE_VERIFY === '1' || existsSync(pinsPath(env))) return undefined;
  const onError = values['on-error'] ?? 'none';
  if (!(onErrorChoices as readonly string[]).includes(onError)) return undefined;
  const timeoutSeconds = Number(values.timeout ?? hookTimeouts.giveUpSeconds);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds < 0) return undefined;
  const url = values.url ?? env.GATEHOUSE_URL ?? 'http://127.0.0.1:8787';
  const token = values.token ?? env.GATEHOUSE_TOKEN ?? '';
  let poster: ReturnType<typeof claudeHookPoster> | null = null;
  try {
    poster = token ? claudeHookPoster({ url, token }) : null;
  } catch {
    io.warn(`not a URL: ${url}`);
  }
  return runHook(
    poster,
    { onError: onError as OnError, timeoutMs: timeoutSeconds * 1000 },
    { stdin: await io.stdin(), write: io.write, warn: io.warn },
  );
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
