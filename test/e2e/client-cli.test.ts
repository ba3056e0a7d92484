import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeInteraction,
  cli,
  closedPort,
  root,
  runCli,
  startRelay,
  type TestRelay,
} from './client-relay.ts';

let relay: TestRelay;
beforeAll(async () => {
  relay = await startRelay();
});
afterAll(async () => {
  await relay?.stop();
});

const env = () => ({ GATEHOUSE_URL: relay.url, GATEHOUSE_TOKEN: relay.agentToken });
const fixture = (name: string) => readFile(join(root, 'test/fixtures/claude', `${name}.json`), 'utf8');
const textOf = (result: Awaited<ReturnType<Client['callTool']>>) => {
  const [first] = result.content as Array<{ type: string; text: string }>;
  return JSON.parse(first!.text) as { behavior: string; updatedInput?: unknown; message?: string };
};

describe('gatehouse mcp, driven by the MCP SDK client over stdio', () => {
  it('lists approve; a read is allowed at once, an ask waits for the approver, a rejection denies', async () => {
    const sid = 'mcp-e2e';
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cli, 'mcp', '--session', sid],
      env: { PATH: process.env.PATH ?? '', ...env() },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'e2e', version: '0.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['approve']);
      expect(tools[0]!.inputSchema.required).toEqual(['tool_name', 'input']);

      const read = await client.callTool({
        name: 'approve',
        arguments: { tool_name: 'Read', input: { file_path: 'README.md' }, tool_use_id: 'toolu_read' },
      });
      expect(textOf(read)).toEqual({ behavior: 'allow', updatedInput: { file_path: 'README.md' } });

      const progress: string[] = [];
      const asking = client.callTool(
        {
          name: 'approve',
          arguments: {
            tool_name: 'Bash',
            input: { command: 'npm install left-pad' },
            tool_use_id: 'toolu_ask',
          },
        },
        undefined,
        { onprogress: (p) => progress.push(p.message ?? ''), resetTimeoutOnProgress: true },
      );
      const asked = await activeInteraction(relay.approver, sid);
      expect(asked).toMatchObject({ toolCallId: 'toolu_ask', tool: 'Bash' });
      await new Promise((done) => setTimeout(done, 300));
      await relay.approver.respond(sid, {
        interaction_id: asked.interactionId,
        answer: { decision: 'approve' },
      });
      expect(textOf(await asking)).toEqual({
        behavior: 'allow',
        updatedInput: { command: 'npm install left-pad' },
      });
      expect(progress[0]).toMatch(/^waiting \d+s for an approver: Bash npm install left-pad$/);

      const denying = client.callTool({
        name: 'approve',
        arguments: {
          tool_name: 'Bash',
          input: { command: 'git push --force origin main' },
          tool_use_id: 'toolu_push',
        },
      });
      const push = await activeInteraction(relay.approver, sid);
      await relay.approver.respond(sid, {
        interaction_id: push.interactionId,
        answer: { decision: 'reject', comment: 'not on main' },
      });
      expect(textOf(await denying)).toEqual({
        behavior: 'deny',
        message:
          "The user denied this call. Do not retry it; ask the user how to proceed. The user's comment: not on main",
      });
    } finally {
      await client.close();
    }
  });

  it('a relay that cannot be reached is a deny, never an allow', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cli, 'mcp', '--url', `http://127.0.0.1:${await closedPort()}`, '--token', 'x'],
      env: { PATH: process.env.PATH ?? '' },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'e2e', version: '0.0.0' });
    await client.connect(transport);
    try {
      const answer = textOf(
        await client.callTool({ name: 'approve', arguments: { tool_name: 'Read', input: {} } }),
      );
      expect(answer.behavior).toBe('deny');
      expect(answer.message).toMatch(/unreachable/);
    } finally {
      await client.close();
    }
  });
});

describe('gatehouse hook, spawned with Claude Code hook JSON on stdin', () => {
  it('PreToolUse of a read: the relay allows', async () => {
    const run = await runCli(['hook'], env(), await fixture('pre-tool-use-read'));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' },
    });
  });

  it.each([['pre-tool-use-git-push'], ['permission-request-git-push']])(
    "relay down, %s, default: exit 0 and nothing on stdout, so Claude Code's own rules decide",
    async (name) => {
      const args = ['hook', '--url', `http://127.0.0.1:${await closedPort()}`];
      const run = await runCli(args, { GATEHOUSE_TOKEN: 'x' }, await fixture(name));
      expect(run).toMatchObject({ code: 0, stdout: '' });
      expect(run.stderr).toMatch(/unreachable.*no decision/);
    },
  );

  it.each([
    [
      'pre-tool-use-git-push',
      ['ask'],
      { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask' } },
    ],
    [
      'pre-tool-use-git-push',
      ['deny'],
      { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' } },
    ],
    [
      'permission-request-git-push',
      ['deny'],
      { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny' } } },
    ],
  ])('relay down, %s, --on-error %s → exit 0 and that answer', async (name, [onError], expected) => {
    const args = ['hook', '--url', `http://127.0.0.1:${await closedPort()}`, '--on-error', onError!];
    const run = await runCli(args, { GATEHOUSE_TOKEN: 'x' }, await fixture(name));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject(expected);
    expect(run.stderr).toMatch(/unreachable/);
  });

  it('a token the relay refuses is a relay failure too: no decision, or the --on-error answer', async () => {
    const env = { GATEHOUSE_URL: relay.url, GATEHOUSE_TOKEN: 'gh_wrong' };
    const none = await runCli(['hook'], env, await fixture('pre-tool-use-read'));
    expect(none).toMatchObject({ code: 0, stdout: '' });
    const ask = await runCli(['hook', '--on-error', 'ask'], env, await fixture('pre-tool-use-read'));
    expect(JSON.parse(ask.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'ask' } });
  });

  it('input that is not JSON: no decision (deny with --on-error deny); other hook events get no decision', async () => {
    const garbled = await runCli(['hook'], env(), '{"hook_event_name": "PreToo');
    expect(garbled).toMatchObject({ code: 0, stdout: '' });
    const strict = await runCli(['hook', '--on-error', 'deny'], env(), '{"hook_event_name": "PreToo');
    expect(JSON.parse(strict.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
    const other = await runCli(
      ['hook'],
      env(),
      JSON.stringify({ hook_event_name: 'Notification', session_id: 's' }),
    );
    expect(other).toMatchObject({ code: 0, stdout: '' });
  });
});
