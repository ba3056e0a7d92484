import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RespondInput } from '../../client/sdk/index.ts';
import { hookResponses, initProject, runClaude } from './claude.ts';
import { startFakeMessages } from './fake-anthropic.ts';
import { scratchDir } from './harness.ts';
import { activeInteraction, closedPort, setPermissions, startRelay, type TestRelay } from './relay.ts';

// The real Claude Code, its settings written by `gatehouse init claude`, against the real relay:
// every decision comes back through Claude Code's own hook handling and reaches the (fake) model
// as the tool_result it would see.

let relay: TestRelay;
let projects: Awaited<ReturnType<typeof scratchDir>>;
beforeAll(async () => {
  relay = await startRelay();
  projects = await scratchDir('claude');
});
afterAll(async () => {
  await relay?.stop();
  await projects?.remove();
});

const bash = (id: string, command: string) => ({
  toolUses: [{ id, name: 'Bash', input: { command, description: 'scripted' } }],
});

let projectCount = 0;
async function project(initArgs: string[]) {
  const dir = join(projects.path, `p${++projectCount}`);
  const printed = await initProject(dir, initArgs);
  return { dir, printed, settings: JSON.parse(await readFile(join(dir, '.claude/settings.json'), 'utf8')) };
}

/** The relay's decision on one tool call of a session, from its event log. */
async function relayDecision(sessionId: string, toolCallId: string) {
  const { events } = await relay.approver.audit(sessionId, { tail: 100 });
  const found = events.find(
    (event) =>
      event.name === 'tool_permission_decision' &&
      (event.value as { toolCallId?: string }).toolCallId === toolCallId,
  );
  return found?.value as { behavior: string; reasonCode: string } | undefined;
}

describe('Claude Code with the HTTP hooks init writes', () => {
  it('init writes an HTTP PreToolUse hook on the relay, with the token from the environment', async () => {
    const { settings, printed } = await project(['--relay', relay.url]);
    const [group] = settings.hooks.PreToolUse;
    expect(group.hooks).toEqual([
      expect.objectContaining({
        type: 'http',
        url: `${relay.url}/api/v1/hooks/claude/pre-tool-use`,
        allowedEnvVars: ['GATEHOUSE_TOKEN'],
      }),
    ]);
    expect(printed).toContain('PreToolUse');
  });

  it('a read is allowed by the relay and runs: the listing reaches the model', async () => {
    const { dir } = await project(['--relay', relay.url]);
    const fake = await startFakeMessages([bash('toolu_ls', 'ls')]);
    try {
      const run = await runClaude({ project: dir, fake, env: { GATEHOUSE_TOKEN: relay.agentToken } });
      expect(run.code, run.stderr).toBe(0);
      expect(fake.toolResult('toolu_ls')).toMatchObject({ isError: false });
      expect(fake.toolResult('toolu_ls').text).toContain('hello-from-the-project.txt');
      // The relay decided it (Claude Code's session is the relay's), not Claude Code alone.
      expect(hookResponses(run, 'PreToolUse')).toEqual([expect.objectContaining({ outcome: 'success' })]);
      expect(await relayDecision(run.sessionId, 'toolu_ls')).toMatchObject({ behavior: 'allow' });
    } finally {
      await fake.close();
    }
  });

  it('a workspace deny rule refuses git push in each spelling, and the reason reaches the model', async () => {
    await setPermissions(relay, { deny: ['Bash(git push:*)'] });
    const { dir } = await project(['--relay', relay.url]);
    const spellings = ['git push origin main', 'git -c color.ui=never push --force', 'cd . && git push'];
    const fake = await startFakeMessages(spellings.map((command, n) => bash(`toolu_push_${n}`, command)));
    try {
      const run = await runClaude({ project: dir, fake, env: { GATEHOUSE_TOKEN: relay.agentToken } });
      expect(run.code, run.stderr).toBe(0);
      for (const n of spellings.keys()) {
        const result = fake.toolResult(`toolu_push_${n}`);
        expect(result.isError, spellings[n]).toBe(true);
        expect(result.text, spellings[n]).toContain(
          'Gatehouse denied this call: Denied by the rule Bash(git push:*). The same call will be denied again',
        );
        expect(await relayDecision(run.sessionId, `toolu_push_${n}`)).toMatchObject({ behavior: 'deny' });
      }
    } finally {
      await fake.close();
      await setPermissions(relay, {});
    }
  });

  /**
   * Claude Code on one scripted Bash call the relay asks about: waits for the question, checks
   * that nothing ran while it is open, answers it through the API, and returns the finished run.
   */
  async function answerTheAsk(dir: string, id: string, command: string, answer: RespondInput['answer']) {
    const stop = new AbortController();
    const fake = await startFakeMessages([bash(id, command)]);
    try {
      const sessionId = crypto.randomUUID();
      const running = runClaude({
        project: dir,
        fake,
        sessionId,
        signal: stop.signal,
        env: { GATEHOUSE_TOKEN: relay.agentToken },
      });
      const asked = await activeInteraction(relay.approver, sessionId);
      expect(asked).toMatchObject({ toolCallId: id, tool: 'Bash', input: { command } });
      // Held: Claude Code waits on the hook, the model has no result yet.
      expect(fake.toolResults()).toEqual([]);
      await relay.approver.respond(sessionId, { interaction_id: asked.interactionId, answer });
      const run = await running;
      expect(run.code, run.stderr).toBe(0);
      return fake.toolResult(id);
    } finally {
      stop.abort();
      await fake.close();
    }
  }

  it('an ask holds Claude Code until the approver approves through the API; then the command runs', async () => {
    const { dir } = await project(['--relay', relay.url]);
    expect(existsSync(join(dir, 'approved-by-a-human.txt'))).toBe(false);
    const result = await answerTheAsk(dir, 'toolu_touch', 'touch approved-by-a-human.txt', {
      decision: 'approve',
    });
    expect(result.isError).toBe(false);
    expect(existsSync(join(dir, 'approved-by-a-human.txt'))).toBe(true);
  });

  it("an approval with an edited command: the approver's command runs, never the model's", async () => {
    await setPermissions(relay, { ask: ['Bash(touch:*)'] });
    try {
      const { dir } = await project(['--relay', relay.url]);
      // `&& ls`: the tool_result lists the files the command that ran left. The edit keeps every
      // field of the input (Claude Code's `description` too), changing only text.
      const result = await answerTheAsk(dir, 'toolu_edit', 'touch original.txt && ls', {
        decision: 'approve',
        updated_input: { command: 'touch edited.txt && ls', description: 'scripted' },
      });
      expect(result.isError).toBe(false);
      expect(existsSync(join(dir, 'original.txt'))).toBe(false);
      expect(existsSync(join(dir, 'edited.txt'))).toBe(true);
      expect(result.text).toContain('edited.txt');
      expect(result.text).not.toContain('original.txt');
    } finally {
      await setPermissions(relay, {});
    }
  });

  it('a rejection with a comment: the command never runs and the comment reaches the model', async () => {
    const { dir } = await project(['--relay', relay.url]);
    const result = await answerTheAsk(dir, 'toolu_reject', 'touch rejected-by-a-human.txt', {
      decision: 'reject',
      comment: 'use the scratch folder instead',
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      "The user denied this call. Do not retry it; ask the user how to proceed. The user's comment: use the scratch folder instead",
    );
    expect(existsSync(join(dir, 'rejected-by-a-human.txt'))).toBe(false);
  });
});

describe('Claude Code with the command hook init --command writes', () => {
  it('the hook runs this repo’s gatehouse, which asks the relay: a read is allowed and runs', async () => {
    const { dir } = await project(['--command']);
    const fake = await startFakeMessages([bash('toolu_ls', 'ls')]);
    try {
      const run = await runClaude({
        project: dir,
        fake,
        env: { GATEHOUSE_URL: relay.url, GATEHOUSE_TOKEN: relay.agentToken },
      });
      expect(run.code, run.stderr).toBe(0);
      expect(hookResponses(run, 'PreToolUse')).toEqual([
        expect.objectContaining({
          outcome: 'success',
          exit_code: 0,
          stdout: expect.stringContaining('"allow"'),
        }),
      ]);
      expect(fake.toolResult('toolu_ls')).toMatchObject({
        isError: false,
        text: 'hello-from-the-project.txt',
      });
      expect(await relayDecision(run.sessionId, 'toolu_ls')).toMatchObject({ behavior: 'allow' });
    } finally {
      await fake.close();
    }
  });
});

describe('Claude Code with the relay down: no decision, Claude Code’s own rules decide', () => {
  const script = () => [bash('toolu_ls', 'ls'), bash('toolu_write', 'touch written-without-a-relay.txt')];

  async function expectOwnRules(dir: string, env: Record<string, string>) {
    const fake = await startFakeMessages(script());
    let hooks: ReturnType<typeof hookResponses>;
    try {
      const run = await runClaude({ project: dir, fake, env });
      expect(run.code, run.stderr).toBe(0);
      hooks = hookResponses(run, 'PreToolUse');
      expect(hooks).toHaveLength(2);
      // A read is one Claude Code allows by itself in print mode …
      expect(fake.toolResult('toolu_ls')).toMatchObject({ isError: false });
      expect(fake.toolResult('toolu_ls').text).toContain('hello-from-the-project.txt');
      // … a write needs a permission print mode cannot grant: refused, never run.
      expect(fake.toolResult('toolu_write')).toMatchObject({
        isError: true,
        text: expect.stringMatching(/needs approval/),
      });
      expect(fake.toolResult('toolu_write').text).not.toMatch(/Gatehouse/);
      expect(existsSync(join(dir, 'written-without-a-relay.txt'))).toBe(false);
    } finally {
      await fake.close();
    }
    return hooks;
  }

  it('the HTTP hook fails and Claude Code carries on with its own rules', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    const { dir } = await project(['--relay', down]);
    const hooks = await expectOwnRules(dir, { GATEHOUSE_TOKEN: relay.agentToken });
    for (const hook of hooks)
      expect(hook).toMatchObject({ outcome: 'error', output: expect.stringMatching(/ECONNREFUSED/) });
  });

  it('the command hook prints nothing, the same as the failed HTTP hook', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    const { dir, settings } = await project(['--command']);
    expect(settings.hooks.PreToolUse[0].hooks).toEqual([
      expect.objectContaining({ type: 'command', command: expect.stringMatching(/gatehouse\.mjs"? hook$/) }),
    ]);
    const hooks = await expectOwnRules(dir, { GATEHOUSE_URL: down, GATEHOUSE_TOKEN: relay.agentToken });
    for (const hook of hooks)
      expect(hook).toMatchObject({
        outcome: 'success',
        exit_code: 0,
        stdout: '',
        stderr: expect.stringMatching(/relay unreachable.*no decision/),
      });
  });
});
