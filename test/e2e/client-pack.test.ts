import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPackedCli, type PackedCli, systemNode } from '../support/packed-cli.ts';
import { activeInteraction, closedPort, root, startRelay, type TestRelay } from './client-relay.ts';

// The CLI as a user installs it where the agent runs: `npm pack` of client/, `npm install -g` of
// the tarball on the system Node 20 into a temp prefix, then the installed `gatehouse` against a
// real local relay.

let relay: TestRelay;
let cli: PackedCli;
beforeAll(async () => {
  [relay, cli] = await Promise.all([startRelay(), installPackedCli()]);
}, 240_000);
afterAll(async () => {
  await Promise.all([relay?.stop(), cli?.dispose()]);
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a program with only the system PATH (plus the prefix's bin) and `env`. */
function runProgram(command: string, args: string[], env: Record<string, string>, stdin = ''): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd: cli.prefix,
      env: { PATH: cli.path, HOME: cli.prefix, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    // A program that exits without reading its input (`--version`) closes the pipe first: what it
    // printed and its exit code are the result, not the write that found the pipe closed.
    child.stdin.on('error', () => {});
    child.stdin.end(stdin);
  });
}

const gatehouse = (args: string[], env: Record<string, string> = {}, stdin = '') =>
  runProgram(cli.bin, args, env, stdin);
const agentEnv = () => ({ GATEHOUSE_URL: relay.url, GATEHOUSE_TOKEN: relay.agentToken });
const fixture = (name: string) => readFile(join(root, 'test/fixtures/claude', `${name}.json`), 'utf8');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('the packed CLI, installed with the system Node', () => {
  it('runs on the system Node (older than type stripping), as plain JavaScript', async () => {
    const node = await runProgram('node', ['--version'], {});
    expect(node.stdout.trim()).toMatch(/^v20\./);
    const version = await gatehouse(['--version']);
    const { version: packed } = JSON.parse(await readFile(join(root, 'client/package.json'), 'utf8'));
    expect(version).toMatchObject({ code: 0, stdout: `${packed}\n`, stderr: '' });
    // The package ships the bundle and its package.json, no TypeScript; its one dependency (the
    // MCP SDK) came from the registry.
    const own = (await filesUnder(cli.packageDir))
      .map((file) => file.slice(cli.packageDir.length + 1))
      .filter((file) => !file.startsWith('node_modules/'));
    expect(own.filter((file) => !/^dist\/[\w-]+\.mjs$/.test(file)).sort()).toEqual([
      'dist/gatehouse.cjs',
      'package.json',
    ]);
    // The bin of earlier versions, which the hook commands their `init` wrote still name.
    expect(own).toContain('dist/gatehouse.mjs');
    const sdk = JSON.parse(
      await readFile(join(cli.packageDir, 'node_modules/@modelcontextprotocol/sdk/package.json'), 'utf8'),
    );
    expect(sdk.version).toBe('1.32.2');
  });

  it('`gatehouse status` reaches the relay and names the token', async () => {
    const run = await gatehouse(['status'], agentEnv());
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`relay   ${relay.url} reachable`);
    expect(run.stdout).toContain('token   agent');
  });

  it('`gatehouse hook`: a read is allowed; an ask waits for the approver, whose rejection is a deny', async () => {
    const read = await gatehouse(['hook'], agentEnv(), await fixture('pre-tool-use-read'));
    expect(read.code).toBe(0);
    expect(JSON.parse(read.stdout)).toMatchObject({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' },
    });

    const push = await fixture('pre-tool-use-git-push');
    const asking = gatehouse(['hook'], agentEnv(), push);
    const question = await activeInteraction(relay.approver, JSON.parse(push).session_id);
    expect(question).toMatchObject({ tool: 'Bash', input: { command: 'git push origin main' } });
    await relay.approver.respond(JSON.parse(push).session_id, {
      interaction_id: question.interactionId,
      answer: { decision: 'reject', comment: 'not on main' },
    });
    const denied = await asking;
    expect(denied.code).toBe(0);
    const answer = JSON.parse(denied.stdout);
    expect(answer).toMatchObject({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' },
    });
    expect(answer.hookSpecificOutput.permissionDecisionReason).toContain('not on main');
  });

  it('relay down: no output and exit 0, so Claude Code decides; --on-error deny denies', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const input = await fixture('pre-tool-use-read');
    const none = await gatehouse(['hook', '--url', url], { GATEHOUSE_TOKEN: 'x' }, input);
    expect(none).toMatchObject({ code: 0, stdout: '' });
    const deny = await gatehouse(
      ['hook', '--url', url, '--on-error', 'deny'],
      { GATEHOUSE_TOKEN: 'x' },
      input,
    );
    expect(JSON.parse(deny.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
  });

  it('`init claude --command` writes a command that runs this install; run as written, it answers', async () => {
    const project = await mkdtemp(join(cli.prefix, 'project-'));
    const init = await gatehouse(['init', 'claude', '--command', '--dir', project]);
    expect(init.code).toBe(0);
    const settings = JSON.parse(await readFile(join(project, '.claude/settings.json'), 'utf8'));
    const [entry] = settings.hooks.PreToolUse[0].hooks;
    expect(entry).toEqual({ type: 'command', command: `${systemNode} ${cli.script} hook`, timeout: 360 });
    expect(init.stdout).toContain(`PreToolUse: runs ${entry.command}`);
    // Claude Code runs the command through a shell with its own environment.
    const run = await runProgram(
      '/bin/sh',
      ['-c', entry.command],
      agentEnv(),
      await fixture('pre-tool-use-read'),
    );
    expect(JSON.parse(run.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'allow' } });

    const http = await gatehouse(['init', 'claude', '--dir', project, '--relay', relay.url]);
    expect(http.stdout).toContain(`PreToolUse: POST ${relay.url}/api/v1/hooks/claude/pre-tool-use`);
    expect(http.stdout).toContain('removed: the command hook on PreToolUse');
  });

  it('the command hook an earlier version wrote (its bin was dist/gatehouse.mjs) still answers', async () => {
    const earlier = `${systemNode} ${join(cli.packageDir, 'dist/gatehouse.mjs')} hook`;
    const run = await runProgram('/bin/sh', ['-c', earlier], agentEnv(), await fixture('pre-tool-use-read'));
    expect(JSON.parse(run.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'allow' } });
    // And the full CLI through it, as before.
    const version = await runProgram('/bin/sh', ['-c', earlier.replace(/ hook$/, ' --version')], {});
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('`gatehouse mcp` loads the MCP SDK installed beside it and answers the prompt tool', async () => {
    const transport = new StdioClientTransport({
      command: cli.bin,
      args: ['mcp', '--session', 'packed-mcp'],
      env: { PATH: cli.path, ...agentEnv() },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'e2e', version: '0.0.0' });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['approve']);
      const result = await client.callTool({
        name: 'approve',
        arguments: { tool_name: 'Read', input: { file_path: 'README.md' }, tool_use_id: 'toolu_packed' },
      });
      const [first] = result.content as Array<{ text: string }>;
      expect(JSON.parse(first!.text)).toEqual({
        behavior: 'allow',
        updatedInput: { file_path: 'README.md' },
      });
    } finally {
      await client.close();
    }
  });
});
