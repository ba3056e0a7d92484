import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCodePlugin } from '../../client/cli/opencode/plugin.ts';

// The plugin `gatehouse init opencode` writes, loaded as OpenCode loads it, with a stand-in for
// `gatehouse hook --agent opencode` (allows `ls`, denies anything else, logs what it was asked)
// and a stand-in for OpenCode's server (records each reply): OpenCode's own permission request
// for a call the plugin held is answered from that call's answer, without asking again; one for
// a call it never held is asked as a request of its own; never `always`.

let dir: string;
let server: Server;
let serverUrl: URL;
const replies: Array<{ path: string; body: unknown }> = [];
type Hooks = {
  'tool.execute.before': (input: object, output: { args: object }) => Promise<void>;
  event: (input: { event: object }) => Promise<void>;
};
let hooks: Hooks;

const fakeHook = `import { appendFileSync, readFileSync } from 'node:fs';
const input = JSON.parse(readFileSync(0, 'utf8'));
appendFileSync(process.env.HOOK_LOG, JSON.stringify(input) + '\\n');
const command = input.args?.command ?? input.metadata?.command;
process.stdout.write(JSON.stringify(command === 'ls' ? { allow: true } : { allow: false, message: 'denied: ' + command }));
`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gatehouse-unit-opencode-plugin-'));
  await writeFile(join(dir, 'fake-hook.mjs'), fakeHook);
  process.env.HOOK_LOG = join(dir, 'hook.log');
  await writeFile(process.env.HOOK_LOG, '');
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      replies.push({ path: req.url ?? '', body: JSON.parse(body) });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('true');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  serverUrl = new URL(`http://127.0.0.1:${address.port}`);
  const plugin = join(dir, 'gatehouse.js');
  await writeFile(plugin, openCodePlugin([process.execPath, join(dir, 'fake-hook.mjs')]));
  await writeFile(join(dir, 'package.json'), '{"type":"module"}');
  const module = (await import(pathToFileURL(plugin).href)) as {
    Gatehouse: (context: object) => Promise<Hooks>;
  };
  hooks = await module.Gatehouse({ serverUrl, directory: '/work/project' });
});
afterAll(async () => {
  delete process.env.HOOK_LOG;
  server.close();
  await rm(dir, { recursive: true, force: true });
});

const asked = async () =>
  (await readFile(join(dir, 'hook.log'), 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const permissionAsked = (id: string, callID: string, command: string) => ({
  event: {
    type: 'permission.asked',
    properties: {
      id,
      sessionID: 'ses_1',
      permission: 'bash',
      patterns: [command],
      metadata: { command },
      always: [command],
      tool: { messageID: 'msg_1', callID },
    },
  },
});

describe('the OpenCode plugin', () => {
  it('holds a call in tool.execute.before; OpenCode’s own request for it is answered once from that answer', async () => {
    await hooks['tool.execute.before'](
      { tool: 'bash', sessionID: 'ses_1', callID: 'call_ls' },
      { args: { command: 'ls', description: 'x' } },
    );
    await hooks.event(permissionAsked('per_1', 'call_ls', 'ls'));
    expect(replies.at(-1)).toEqual({
      path: `/permission/per_1/reply?directory=${encodeURIComponent('/work/project')}`,
      body: { reply: 'once' },
    });
    const calls = await asked();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ event: 'tool', callID: 'call_ls', tool: 'bash' });
  });

  it('a deny throws with the text; a request for that call is rejected with it', async () => {
    await expect(
      hooks['tool.execute.before'](
        { tool: 'bash', sessionID: 'ses_1', callID: 'call_rm' },
        { args: { command: 'rm -rf x' } },
      ),
    ).rejects.toThrow('denied: rm -rf x');
    await hooks.event(permissionAsked('per_2', 'call_rm', 'rm -rf x'));
    expect(replies.at(-1)?.body).toEqual({ reply: 'reject', message: 'denied: rm -rf x' });
    expect(await asked()).toHaveLength(2);
  });

  it('a request for a call it never held is asked of the hook as a permission, and never answered always', async () => {
    await hooks.event(permissionAsked('per_3', 'call_unseen', 'ls'));
    const calls = await asked();
    expect(calls).toHaveLength(3);
    expect(calls[2]).toMatchObject({ event: 'permission', callID: 'call_unseen', permission: 'bash' });
    expect(replies.at(-1)?.body).toEqual({ reply: 'once' });
    expect(replies.map((reply) => (reply.body as { reply: string }).reply)).not.toContain('always');
  });

  it('other events are none of its business', async () => {
    const before = replies.length;
    await hooks.event({ event: { type: 'session.idle', properties: { sessionID: 'ses_1' } } });
    expect(replies).toHaveLength(before);
  });
});
