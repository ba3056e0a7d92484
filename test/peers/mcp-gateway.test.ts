import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RespondInput } from '../../client/sdk/index.ts';
import { cli } from '../e2e/client-relay.ts';
import { hookResponses, initProject, runClaude } from './claude.ts';
import { mcpServerToml, mcpToolTurns, runCodex, startFakeResponses } from './codex.ts';
import { startFakeMessages } from './fake-anthropic.ts';
import { root, scratchDir } from './harness.ts';
import { setPermissions, startRelay, type TestRelay } from './relay.ts';

// `gatehouse mcp-proxy` in front of the real @modelcontextprotocol/server-filesystem, started by
// the real agent CLIs as one of their MCP servers, against the real relay: the gateway is the one
// gate for the server's tools, and the agent's own hook and prompt stay out of its way.

let relay: TestRelay;
let scratch: Awaited<ReturnType<typeof scratchDir>>;
beforeAll(async () => {
  relay = await startRelay();
  scratch = await scratchDir('mcp-gateway');
});
afterAll(async () => {
  await relay?.stop();
  await scratch?.remove();
});

const filesystemServer = join(root, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');

/** The gateway as an MCP client starts it: `fs`, wrapping the filesystem server on `folder`. */
const gatewayCommand = (folder: string) => ({
  command: process.execPath,
  args: [cli, 'mcp-proxy', '--name', 'fs', '--', process.execPath, filesystemServer, folder],
  env: { GATEHOUSE_URL: relay.url, GATEHOUSE_TOKEN: relay.agentToken },
});

/** The gateway's question, once one is active: its session is the gateway's own (`mcp-fs-…`). */
async function gatewayQuestion(timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const session = (await relay.approver.inbox()).find(
      (s) => s.sessionId.startsWith('mcp-fs-') && s.activeInteraction,
    );
    if (session?.activeInteraction) return { session, interaction: session.activeInteraction };
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('the gateway asked no question');
}

/** Every tool call the relay saw in a session, from its event log. */
async function toolCallsOf(sessionId: string) {
  const { events } = await relay.approver.audit(sessionId, { tail: 200 });
  return events
    .filter((event) => event.name === 'TOOL_CALL_START')
    .map((event) => (event.value as { tool: string }).tool);
}

describe('Claude Code through the MCP gateway', () => {
  let projects = 0;
  /**
   * A project as docs/agents.md sets it up: init's HTTP hook with its matcher changed to leave
   * `mcp__fs__` tools out, `mcp__fs` allowed in Claude Code's own permissions, and the gateway
   * as the `fs` server in an `--mcp-config` file.
   */
  async function gatedProject() {
    const dir = join(scratch.path, `claude-${++projects}`);
    await initProject(dir, ['--relay', relay.url]);
    const settingsPath = join(dir, '.claude/settings.json');
    const settings = JSON.parse(await readFile(settingsPath, 'utf8'));
    expect(settings.hooks.PreToolUse).toHaveLength(1);
    settings.hooks.PreToolUse[0].matcher = '^(?!mcp__fs__)';
    settings.permissions = { ...settings.permissions, allow: ['mcp__fs'] };
    await writeFile(settingsPath, JSON.stringify(settings, null, 2));
    const mcpConfig = join(scratch.path, `claude-${projects}.mcp.json`);
    await writeFile(mcpConfig, JSON.stringify({ mcpServers: { fs: gatewayCommand(dir) } }));
    return { dir, args: ['--mcp-config', mcpConfig, '--strict-mcp-config'] };
  }

  // One Bash call the hook decides, then the gateway's tool: the hook sees only the first.
  const script = (path: string) => [
    { toolUses: [{ id: 'toolu_ls', name: 'Bash', input: { command: 'ls', description: 'list' } }] },
    {
      toolUses: [
        { id: 'toolu_write', name: 'mcp__fs__write_file', input: { path, content: 'through the gateway\n' } },
      ],
    },
  ];

  async function answered(answer: RespondInput['answer']) {
    await setPermissions(relay, { ask: ['mcp__fs__write_file'] });
    const stop = new AbortController();
    const { dir, args } = await gatedProject();
    const target = join(dir, 'gated.txt');
    const fake = await startFakeMessages(script(target));
    try {
      const running = runClaude({
        project: dir,
        fake,
        args,
        trustProject: true,
        signal: stop.signal,
        env: { GATEHOUSE_TOKEN: relay.agentToken },
      });
      const { session, interaction } = await gatewayQuestion();
      expect(session).toMatchObject({ agent: 'mcp-proxy', title: 'fs' });
      expect(interaction).toMatchObject({
        tool: 'mcp__fs__write_file',
        input: { path: target, content: 'through the gateway\n' },
      });
      // Held: the model has the listing but not the write's result, and nothing is written.
      expect(fake.toolResults().map((result) => result.toolUseId)).toEqual(['toolu_ls']);
      expect(existsSync(target)).toBe(false);
      await relay.approver.respond(session.sessionId, { interaction_id: interaction.interactionId, answer });
      const run = await running;
      expect(run.code, run.stderr).toBe(0);
      // The hook decided the Bash call only; Claude Code's own session never saw the MCP call.
      expect(hookResponses(run, 'PreToolUse')).toHaveLength(1);
      expect(await toolCallsOf(run.sessionId)).toEqual(['Bash']);
      expect(await toolCallsOf(session.sessionId)).toEqual(['mcp__fs__write_file']);
      return { result: fake.toolResult('toolu_write'), written: existsSync(target) };
    } finally {
      stop.abort();
      await fake.close();
      await setPermissions(relay, {});
    }
  }

  it('a workspace ask holds the call at the gateway; approved through the API, the file is written', async () => {
    const { result, written } = await answered({ decision: 'approve' });
    expect(result.isError, result.text).toBe(false);
    expect(written).toBe(true);
  });

  it('rejected: nothing is written and the comment reaches the model', async () => {
    const { result, written } = await answered({ decision: 'reject', comment: 'not that file' });
    expect(result).toMatchObject({ isError: true, text: expect.stringContaining('not that file') });
    expect(written).toBe(false);
  });

  it("a deny rule: the server never writes, and the rule's reason reaches the model", async () => {
    await setPermissions(relay, { deny: ['mcp__fs__write_file'] });
    const { dir, args } = await gatedProject();
    const target = join(dir, 'denied.txt');
    const fake = await startFakeMessages(script(target));
    try {
      const run = await runClaude({
        project: dir,
        fake,
        args,
        trustProject: true,
        env: { GATEHOUSE_TOKEN: relay.agentToken },
      });
      expect(run.code, run.stderr).toBe(0);
      expect(fake.toolResult('toolu_write')).toMatchObject({
        isError: true,
        text: expect.stringContaining('Denied by the rule mcp__fs__write_file'),
      });
      expect(existsSync(target)).toBe(false);
      expect(hookResponses(run, 'PreToolUse')).toHaveLength(1);
    } finally {
      await fake.close();
      await setPermissions(relay, {});
    }
  });

  it("in a project Claude Code does not trust, its own prompt refuses the tool: the project's allow rule is not applied", async () => {
    const { dir, args } = await gatedProject();
    const target = join(dir, 'untrusted.txt');
    const fake = await startFakeMessages(script(target));
    try {
      const run = await runClaude({ project: dir, fake, args, env: { GATEHOUSE_TOKEN: relay.agentToken } });
      expect(run.code, run.stderr).toBe(0);
      expect(fake.toolResult('toolu_write')).toMatchObject({
        isError: true,
        text: expect.stringContaining(
          "Claude requested permissions to use mcp__fs__write_file, but you haven't granted it yet",
        ),
      });
      expect(existsSync(target)).toBe(false);
    } finally {
      await fake.close();
    }
  });
});

describe('Codex through the MCP gateway', () => {
  let projects = 0;
  /**
   * `codex exec` with the gateway as `[mcp_servers.fs]` and the server's tools left to the gateway
   * (`default_tools_approval_mode = "approve"`: else `codex exec`, which has no prompt, refuses
   * every tool the server does not mark read-only), and no hooks of Gatehouse's.
   */
  async function codexThroughGateway(
    script: (project: string) => ReturnType<typeof mcpToolTurns>,
    signal?: AbortSignal,
  ) {
    const project = join(scratch.path, `codex-${++projects}`);
    await mkdir(project, { recursive: true });
    const fake = await startFakeResponses(script(project));
    const running = runCodex({
      project,
      fake,
      signal,
      config: mcpServerToml('fs', gatewayCommand(project), { default_tools_approval_mode: 'approve' }),
    });
    return { project, fake, running };
  }

  const write = (path: string) => ({ path, content: 'through the gateway\n' });

  it('a workspace ask holds the call at the gateway; approved through the API, the file is written', async () => {
    await setPermissions(relay, { ask: ['mcp__fs__write_file'] });
    const stop = new AbortController();
    const name = 'gated.txt';
    const { project, fake, running } = await codexThroughGateway(
      (folder) => mcpToolTurns('call_write', 'fs', 'write_file', write(join(folder, name))),
      stop.signal,
    );
    const target = join(project, name);
    try {
      const { session, interaction } = await gatewayQuestion();
      expect(interaction).toMatchObject({ tool: 'mcp__fs__write_file', input: write(target) });
      // The search found the gateway's tools (tools/list passes through), and the call is held.
      expect(fake.output('call_write_search').text).toContain('"write_file"');
      expect(fake.outputs().map((output) => output.callId)).toEqual(['call_write_search']);
      expect(existsSync(target)).toBe(false);
      await relay.approver.respond(session.sessionId, {
        interaction_id: interaction.interactionId,
        answer: { decision: 'approve' },
      });
      const run = await running;
      expect(run.code, run.stderr).toBe(0);
      expect(await readFile(target, 'utf8')).toBe('through the gateway\n');
      expect(fake.output('call_write').text).toContain('Successfully wrote');
    } finally {
      stop.abort();
      await fake.close();
      await setPermissions(relay, {});
    }
  });

  it("a deny rule: refused with the rule's reason, and the server never writes", async () => {
    await setPermissions(relay, { deny: ['mcp__fs__write_file'] });
    const name = 'denied.txt';
    const { project, fake, running } = await codexThroughGateway((folder) =>
      mcpToolTurns('call_write', 'fs', 'write_file', write(join(folder, name))),
    );
    const target = join(project, name);
    try {
      const run = await running;
      expect(run.code, run.stderr).toBe(0);
      expect(fake.output('call_write').text).toContain('Denied by the rule mcp__fs__write_file');
      expect(existsSync(target)).toBe(false);
    } finally {
      await fake.close();
      await setPermissions(relay, {});
    }
  });
});
