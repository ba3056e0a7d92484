import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  activeInteraction,
  adminToken,
  cli,
  closedPort,
  root,
  startRelay,
  type TestRelay,
} from './client-relay.ts';

// `gatehouse mcp-proxy` spawned by the real MCP SDK client over stdio, wrapping the real
// @modelcontextprotocol/server-filesystem and a tiny logging server (test/fixtures/mcp), against
// the real relay. The logging server's log is the proof of what reached a wrapped server.

let relay: TestRelay;
let work: string;
const open: Client[] = [];

const filesystemServer = () => [
  process.execPath,
  join(root, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js'),
  work,
];
const loggingServer = (log: string) => [
  process.execPath,
  join(root, 'test/fixtures/mcp/logging-server.ts'),
  log,
];

beforeAll(async () => {
  relay = await startRelay();
  work = await mkdtemp(join(tmpdir(), 'gatehouse-mcp-'));
  await writeFile(join(work, 'notes.txt'), 'first line\n');
  // Workspace rules, as an admin sets them; "fs" is the name both servers are gated under.
  const response = await fetch(`${relay.url}/api/v1/permissions`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      rules: [
        { tool: 'mcp__fs__write_file', permission: 'deny' },
        { tool: 'mcp__fs__read_text_file', permission: 'allow' },
        { tool: 'mcp__fs__crash', permission: 'allow' },
      ],
    }),
  });
  expect(response.status).toBe(200);
});
afterAll(async () => {
  await relay?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.allSettled(open.splice(0).map((client) => client.close()));
});

async function connect(
  command: string[],
  transportOptions: { args?: string[]; env?: Record<string, string> } = {},
) {
  const transport = new StdioClientTransport({
    command: command[0]!,
    args: command.slice(1),
    env: { PATH: process.env.PATH ?? '', ...transportOptions.env },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'e2e', version: '0.0.0' });
  await client.connect(transport);
  open.push(client);
  return { client, transport };
}

/** The gateway as an MCP client's config would start it. */
const throughGateway = (
  server: string[],
  options: string[] = ['--name', 'fs'],
  env?: Record<string, string>,
) =>
  connect([process.execPath, cli, 'mcp-proxy', ...options, '--', ...server], {
    env: env ?? { GATEHOUSE_URL: relay.url, GATEHOUSE_TOKEN: relay.agentToken },
  });

let logs = 0;
const newLog = () => join(work, `server-${++logs}.log`);
/** The tools/call requests the logging server received. */
async function callsReceived(log: string): Promise<Array<{ name: string; arguments?: unknown }>> {
  const text = existsSync(log) ? await readFile(log, 'utf8') : '';
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { method?: string; params?: { name: string; arguments?: unknown } })
    .filter((message) => message.method === 'tools/call')
    .map((message) => message.params!);
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result.content as Array<{ type: string; text: string }>).map((part) => part.text).join('\n');

describe('gatehouse mcp-proxy: what passes through', () => {
  it('tools/list is the wrapped server’s own list, annotations included', async () => {
    for (const server of [filesystemServer(), loggingServer(newLog())]) {
      const direct = await connect(server);
      const gated = await throughGateway(server);
      const own = await direct.client.listTools();
      expect(own.tools.length).toBeGreaterThan(3);
      expect(await gated.client.listTools()).toEqual(own);
      expect(gated.client.getServerVersion()).toEqual(direct.client.getServerVersion());
      expect(gated.client.getServerCapabilities()).toEqual(direct.client.getServerCapabilities());
    }
  });

  it('resources and prompts pass unchanged', async () => {
    const server = loggingServer(newLog());
    const direct = await connect(server);
    const gated = await throughGateway(server);
    expect(await gated.client.listResources()).toEqual(await direct.client.listResources());
    expect(await gated.client.readResource({ uri: 'note://hello' })).toEqual(
      await direct.client.readResource({ uri: 'note://hello' }),
    );
    const prompt = { name: 'greet', arguments: { who: 'Ada' } };
    expect(await gated.client.getPrompt(prompt)).toEqual(await direct.client.getPrompt(prompt));
    await gated.client.ping();
  });
});

describe('gatehouse mcp-proxy: decided calls', () => {
  it('a deny rule: an error result with the reason; the file is not written, the call never reaches the server', async () => {
    const fs = await throughGateway(filesystemServer());
    const target = join(work, 'denied.txt');
    const denied = await fs.client.callTool({
      name: 'write_file',
      arguments: { path: target, content: 'x' },
    });
    expect(denied.isError).toBe(true);
    expect(textOf(denied)).toMatch(
      /^Gatehouse denied this call(: | \(\w+\): ).*mcp__fs__write_file.*will be denied again/,
    );
    expect(existsSync(target)).toBe(false);

    const log = newLog();
    const logging = await throughGateway(loggingServer(log));
    const again = await logging.client.callTool({
      name: 'write_file',
      arguments: { path: target, content: 'x' },
    });
    expect(again.isError).toBe(true);
    await logging.client.callTool({ name: 'read_text_file', arguments: { path: 'after' } });
    // The log is written in order: the read after the denied write is there, the write is not.
    expect(await callsReceived(log)).toEqual([{ name: 'read_text_file', arguments: { path: 'after' } }]);
  });

  it('an allow rule: forwarded, and the server’s result comes back unchanged', async () => {
    const direct = await connect(filesystemServer());
    const gated = await throughGateway(filesystemServer());
    const read = { name: 'read_text_file', arguments: { path: join(work, 'notes.txt') } };
    const result = await gated.client.callTool(read);
    expect(textOf(result)).toBe('first line\n');
    expect(result).toEqual(await direct.client.callTool(read));
  });

  it('an ask approved: held with progress while the approver decides, then forwarded; the session is the gateway’s', async () => {
    const log = newLog();
    const sid = 'mcp-e2e-approve';
    const { client } = await throughGateway(loggingServer(log), ['--name', 'fs', '--session', sid]);
    const progress: string[] = [];
    const asking = client.callTool({ name: 'wipe', arguments: { target: 'cache' } }, undefined, {
      onprogress: (p) => progress.push(p.message ?? ''),
    });
    const asked = await activeInteraction(relay.approver, sid);
    // The tool's readOnlyHint did not make it a read: a human is asked.
    expect(asked).toMatchObject({ tool: 'mcp__fs__wipe', input: { target: 'cache' } });
    expect(await callsReceived(log)).toEqual([]);
    expect(await relay.approver.getSession(sid)).toMatchObject({ title: 'fs', agent: 'mcp-proxy' });
    await relay.approver.respond(sid, {
      interaction_id: asked.interactionId,
      answer: { decision: 'approve' },
    });
    const result = await asking;
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe('wiped cache');
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress[0]).toMatch(/^waiting \d+s for an approver: mcp__fs__wipe$/);
    // The client's own request, its progress token included.
    expect(await callsReceived(log)).toEqual([
      { name: 'wipe', arguments: { target: 'cache' }, _meta: { progressToken: expect.anything() } },
    ]);
  });

  it('an ask rejected with a comment: the comment reaches the client, nothing reaches the server', async () => {
    const log = newLog();
    const sid = 'mcp-e2e-reject';
    const { client } = await throughGateway(loggingServer(log), ['--name', 'fs', '--session', sid]);
    const asking = client.callTool({ name: 'wipe', arguments: { target: 'home' } });
    const asked = await activeInteraction(relay.approver, sid);
    await relay.approver.respond(sid, {
      interaction_id: asked.interactionId,
      answer: { decision: 'reject', comment: 'not the home folder' },
    });
    const result = await asking;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "The user denied this call. Do not retry it; ask the user how to proceed. The user's comment: not the home folder",
    );
    expect(await callsReceived(log)).toEqual([]);
  });

  it('an ask cancelled by the client: the question resolves canceled and nothing is forwarded', async () => {
    const log = newLog();
    const sid = 'mcp-e2e-cancel';
    const { client } = await throughGateway(loggingServer(log), ['--name', 'fs', '--session', sid]);
    const abort = new AbortController();
    const asking = client.callTool({ name: 'wipe', arguments: { target: 'all' } }, undefined, {
      signal: abort.signal,
    });
    const asked = await activeInteraction(relay.approver, sid);
    abort.abort('the user pressed Esc');
    await expect(asking).rejects.toThrow();
    const final = await relay.agent.getToolCall(sid, asked.toolCallId, 20);
    expect(final).toMatchObject({ outcome: 'deny', resolution: { source: 'cancel', actionId: 'canceled' } });
    // The gateway is still serving, and the cancelled call never arrived.
    await client.callTool({ name: 'read_text_file', arguments: { path: 'later' } });
    expect(await callsReceived(log)).toEqual([{ name: 'read_text_file', arguments: { path: 'later' } }]);
  });

  it('without --name the server’s own name names the tools and titles a generated session', async () => {
    const { client } = await throughGateway(loggingServer(newLog()), []);
    const asking = client.callTool({ name: 'wipe', arguments: { target: 'x' } });
    const session = await waitForSession((s) => s.title === 'logging-server');
    expect(session.sessionId).toMatch(/^mcp-logging-server-[0-9a-f]{12}$/);
    expect(session.agent).toBe('mcp-proxy');
    const asked = await activeInteraction(relay.approver, session.sessionId);
    expect(asked.tool).toBe('mcp__logging-server__wipe');
    await relay.approver.respond(session.sessionId, {
      interaction_id: asked.interactionId,
      answer: { decision: 'reject' },
    });
    expect((await asking).isError).toBe(true);
  });
});

describe('gatehouse mcp-proxy: failures', () => {
  it('the wrapped server crashing mid-call: the client gets an error, not a hang, and the gateway exits', async () => {
    const { client, transport } = await throughGateway(loggingServer(newLog()));
    const exited = new Promise<void>((done) => {
      transport.onclose = () => done();
    });
    await expect(client.callTool({ name: 'crash', arguments: {} })).rejects.toThrow(
      /stopped before answering/,
    );
    await exited;
  });

  it('a relay that cannot be reached refuses the call (fail closed), and the server never sees it', async () => {
    const log = newLog();
    const { client } = await throughGateway(loggingServer(log), ['--name', 'fs'], {
      GATEHOUSE_URL: `http://127.0.0.1:${await closedPort()}`,
      GATEHOUSE_TOKEN: 'x',
    });
    const result = await client.callTool({ name: 'read_text_file', arguments: { path: 'a' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/could not be asked about this call.*relay unreachable/);
    expect(await callsReceived(log)).toEqual([]);
  });

  it('no token: every call is refused, the rest still works', async () => {
    const log = newLog();
    const { client } = await throughGateway(loggingServer(log), ['--name', 'fs'], {
      GATEHOUSE_URL: relay.url,
    });
    const result = await client.callTool({ name: 'read_text_file', arguments: { path: 'a' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/not configured/);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    expect(await callsReceived(log)).toEqual([]);
  });
});

async function waitForSession(match: (session: { title: string | null }) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await relay.approver.sessions()).find(match);
    if (found) return found;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('no such session');
}
