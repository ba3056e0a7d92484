import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli } from '../e2e/client-relay.ts';
import type { ChatTurn, FakeChat } from './fake-chat.ts';
import { peerBin } from './harness.ts';

// The real `opencode serve` (where Kilo runs) as a test peer: started on a loopback port, offline
// against the scripted model, driven through its HTTP API as a client of the server does — a
// session created with `POST /session`, a prompt sent with `POST /session/{id}/message` — while
// its event stream (`GET /event`) is recorded, so a test sees OpenCode's own permission requests
// and how they were answered (`permission.asked`, `permission.replied`).

export interface ServeEvent {
  type: string;
  properties: Record<string, unknown>;
}

export interface OpenCodeServer {
  url: string;
  /** Every event of the server's stream so far, in order. */
  events: ServeEvent[];
  /** The server's stdout and stderr so far (its log, with `--print-logs`). */
  log(): string;
  /** A new session; the prompt, answered when OpenCode has finished its turn (tool calls and all). */
  prompt(text: string): Promise<{ sessionId: string; reply: unknown }>;
  stop(): Promise<void>;
}

/** The project's opencode.json: the scripted model as a custom provider; `permission` as given. */
export async function writeOpenCodeConfig(project: string, fake: FakeChat, permission?: unknown) {
  await writeFile(
    join(project, 'opencode.json'),
    JSON.stringify({
      $schema: 'https://opencode.ai/config.json',
      provider: {
        fake: {
          npm: '@ai-sdk/openai-compatible',
          name: 'Fake',
          options: { baseURL: `${fake.url}/v1`, apiKey: 'sk-fake-key-for-the-local-stand-in' },
          models: { 'fake-model': { name: 'Fake' } },
        },
      },
      model: 'fake/fake-model',
      ...(permission === undefined ? {} : { permission }),
    }),
  );
}

/** `gatehouse init opencode --dir project` with this clone's CLI. */
export async function initPlugin(project: string, args: string[] = []) {
  const init = await runCli(['init', 'opencode', '--dir', project, ...args], {});
  if (init.code !== 0) throw new Error(`init opencode failed: ${init.stderr}`);
  return init.stdout;
}

async function listening(child: ChildProcess, output: () => string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output());
    if (found?.[1]) return found[1];
    if (child.exitCode !== null) throw new Error(`opencode serve exited ${child.exitCode}: ${output()}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`opencode serve did not start: ${output()}`);
}

/** Reads one connection of the event stream into `events`, until it ends or is reset. */
async function readEvents(url: string, events: ServeEvent[], signal: AbortSignal) {
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    // Inside the try: the server may flush the stream's headers only with its first event, so a
    // stop before then resets the request itself, not just the body.
    const response = await fetch(new URL('/event', url), { signal });
    if (!response.body) return;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      let end = buffered.indexOf('\n\n');
      while (end >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        if (data) {
          try {
            events.push(JSON.parse(data) as ServeEvent);
          } catch {}
        }
        end = buffered.indexOf('\n\n');
      }
    }
  } catch {
    // Reset: the test stopped the server, or the server dropped the connection.
  }
}

/**
 * The whole event stream, until the test stops the server. The server closes a connection it
 * finds idle (a question waiting on a human sends nothing for a while), and an event sent while
 * nobody listens is lost, so a closed connection is opened again at once.
 */
async function recordEvents(url: string, events: ServeEvent[], signal: AbortSignal) {
  while (!signal.aborted) {
    await readEvents(url, events, signal);
    if (!signal.aborted) await new Promise((done) => setTimeout(done, 20));
  }
}

/** Starts `opencode serve --port 0` in `project` with exactly `env` (plus PATH). */
export async function startOpenCodeServer(project: string, env: Record<string, string>) {
  const child = spawn(
    peerBin('opencode'),
    ['serve', '--port', '0', '--hostname', '127.0.0.1', '--print-logs'],
    {
      cwd: project,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stopped = new Promise<void>((done) => child.on('close', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await stopped;
  };
  let url: string;
  try {
    url = await listening(child, () => output, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const events: ServeEvent[] = [];
  const streaming = new AbortController();
  void recordEvents(url, events, streaming.signal);
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(new URL(path, url), {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  /**
   * The message's answer can come back before the stream has carried the turn's last events (the
   * permission replies among them): the turn is over for the stream once it says the session is
   * idle, and only then is the trail whole.
   */
  const settled = async (sessionId: string) => {
    const idle = (event: ServeEvent) =>
      event.type === 'session.status' &&
      event.properties.sessionID === sessionId &&
      (event.properties.status as { type?: unknown } | undefined)?.type === 'idle';
    const deadline = Date.now() + 30_000;
    while (!events.some(idle)) {
      if (Date.now() > deadline) throw new Error(`the event stream never said session ${sessionId} is idle`);
      await new Promise((done) => setTimeout(done, 50));
    }
  };
  const server: OpenCodeServer = {
    url,
    events,
    log: () => output,
    prompt: async (text) => {
      const session = (await api('POST', '/session', { title: 'peer test' })) as { id: string };
      const reply = await api('POST', `/session/${session.id}/message`, {
        parts: [{ type: 'text', text }],
      });
      await settled(session.id);
      return { sessionId: session.id, reply };
    },
    stop: async () => {
      streaming.abort();
      await stop();
    },
  };
  return server;
}

/** The fake model's script as a chat turn: one `bash` call. */
export const bashTurn = (id: string, command: string): ChatTurn => ({
  calls: [{ id, name: 'bash', arguments: { command, description: 'as scripted' } }],
});
