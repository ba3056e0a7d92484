import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../e2e/client-relay.ts';
import { startFakeChat } from './fake-chat.ts';
import { peerBin, root, runPeer, scratchDir } from './harness.ts';
import { setPermissions, startRelay, type TestRelay } from './relay.ts';

// The real Copilot CLI with a real local MCP server (test/fixtures/mcp/logging-server.ts, named
// `log-server` in Copilot's own MCP config) and the hooks `gatehouse init copilot` writes: how
// Copilot names an MCP tool to its hooks (preToolUse `log-server-write_file`, permissionRequest
// `log-server/write_file`), read by Gatehouse as `mcp__log-server__write_file`, one question for
// the two asks, and a deny rule on that name keeping the call from the server.

let relay: TestRelay;
let scratch: Awaited<ReturnType<typeof scratchDir>>;
let home: string;
let log: string;
beforeAll(async () => {
  relay = await startRelay();
  scratch = await scratchDir('copilot-mcp');
  home = join(scratch.path, 'home');
  log = join(scratch.path, 'mcp.log');
  await mkdir(join(home, '.copilot'), { recursive: true });
  await writeFile(
    join(home, '.copilot', 'mcp-config.json'),
    JSON.stringify({
      mcpServers: {
        'log-server': {
          type: 'local',
          command: process.execPath,
          args: [join(root, 'test/fixtures/mcp/logging-server.ts'), log],
          tools: ['*'],
        },
      },
    }),
  );
});
afterAll(async () => {
  await relay?.stop();
  await scratch?.remove();
});

let runs = 0;
async function copilotCallingMcp(path: string) {
  runs += 1;
  const project = join(scratch.path, `project-${runs}`);
  await mkdir(project, { recursive: true });
  const init = await runCli(['init', 'copilot', '--dir', project, '--timeout', '40'], {});
  if (init.code !== 0) throw new Error(`init copilot failed: ${init.stderr}`);
  const fake = await startFakeChat([
    {
      calls: [
        { id: 'call_mcp', name: 'log-server-write_file', arguments: { path, content: 'from the model' } },
      ],
    },
  ]);
  const run = runPeer(peerBin('copilot'), ['-p', 'Do as scripted.', '--trust-folder'], {
    cwd: project,
    timeoutMs: 120_000,
    env: {
      HOME: home,
      COPILOT_OFFLINE: 'true',
      COPILOT_PROVIDER_BASE_URL: `${fake.url}/v1`,
      COPILOT_PROVIDER_API_KEY: 'sk-fake-key-for-the-local-stand-in',
      COPILOT_MODEL: 'fake-model',
      GATEHOUSE_URL: relay.url,
      GATEHOUSE_TOKEN: relay.agentToken,
    },
  });
  return { fake, run };
}

const serverCalls = async () =>
  existsSync(log)
    ? (await readFile(log, 'utf8'))
        .split('\n')
        .filter((line) => line.includes('"tools/call"'))
        .map((line) => JSON.parse(line).params as { name: string; arguments: Record<string, unknown> })
    : [];

async function activeQuestion(timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const session = (await relay.approver.inbox()).find((s) => s.activeInteraction);
    if (session?.activeInteraction)
      return { sessionId: session.sessionId, interaction: session.activeInteraction };
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('no question became active');
}

describe("Copilot CLI's MCP tools through the hooks init copilot writes", { timeout: 180_000 }, () => {
  it('an MCP call is asked as mcp__<server>__<tool> once, although Copilot asks both hooks; approved, it reaches the server', async () => {
    const { fake, run } = await copilotCallingMcp('notes/approved.txt');
    try {
      const { sessionId, interaction } = await activeQuestion();
      expect(interaction).toMatchObject({
        tool: 'mcp__log-server__write_file',
        input: { path: 'notes/approved.txt', content: 'from the model' },
      });
      await relay.approver.respond(sessionId, {
        interaction_id: interaction.interactionId,
        answer: { decision: 'approve' },
      });
      const done = await run;
      expect(done.code, done.stderr).toBe(0);
      expect(fake.output('call_mcp').text).toContain('wrote notes/approved.txt');
      expect(await serverCalls()).toEqual([
        expect.objectContaining({
          name: 'write_file',
          arguments: { path: 'notes/approved.txt', content: 'from the model' },
        }),
      ]);
      const { events } = await relay.approver.audit(sessionId, { tail: 200 });
      expect(events.filter((event) => event.name === 'tool_approval_request')).toHaveLength(1);
    } finally {
      await fake.close();
    }
  });

  it('a deny rule on mcp__log-server__write_file keeps the call from the server; its reason reaches the model', async () => {
    await setPermissions(relay, { deny: ['mcp__log-server__write_file'] });
    const before = (await serverCalls()).length;
    const { fake, run } = await copilotCallingMcp('notes/denied.txt');
    try {
      const done = await run;
      expect(done.code, done.stderr).toBe(0);
      expect(fake.output('call_mcp').text).toContain(
        'Gatehouse denied this call: Denied by the rule mcp__log-server__write_file.',
      );
      expect((await serverCalls()).length).toBe(before);
    } finally {
      await setPermissions(relay, {});
      await fake.close();
    }
  });
});
