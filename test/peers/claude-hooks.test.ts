import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../shared/contract/index.ts';
import { hookResponses, initProject, runClaude } from './claude.ts';
import { startFakeMessages } from './fake-anthropic.ts';
import { scratchDir } from './harness.ts';
import { activeInteraction, startRelay, type TestRelay } from './relay.ts';

// The hooks beside PreToolUse that `gatehouse init claude` writes — PostToolUse(Failure),
// UserPromptSubmit, SessionEnd — and the withdrawal of a question Claude Code stopped waiting
// for, with the real Claude Code and its settings as init wrote them.

let relay: TestRelay;
let projects: Awaited<ReturnType<typeof scratchDir>>;
beforeAll(async () => {
  relay = await startRelay();
  projects = await scratchDir('claude-hooks');
});
afterAll(async () => {
  await relay?.stop();
  await projects?.remove();
});

const bashUse = (id: string, command: string) => ({
  id,
  name: 'Bash',
  input: { command, description: 'scripted' },
});
const bash = (id: string, command: string) => ({ toolUses: [bashUse(id, command)] });
const env = () => ({ GATEHOUSE_TOKEN: relay.agentToken });

let projectCount = 0;
async function project() {
  const dir = join(projects.path, `p${++projectCount}`);
  await initProject(dir, ['--relay', relay.url]);
  return dir;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The session's audit once `done` holds for it, polled every 100 ms for at most `timeoutMs`. */
async function auditUntil(sessionId: string, done: (events: SessionEvent[]) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { events } = await relay.approver.audit(sessionId, { tail: 200 });
    if (done(events) || Date.now() > deadline) return events;
    await sleep(100);
  }
}

const ofCall = (events: SessionEvent[], name: SessionEvent['name'], toolCallId: string) =>
  events.findIndex(
    (event) => event.name === name && (event.value as { toolCallId?: string }).toolCallId === toolCallId,
  );
const valueAt = (events: SessionEvent[], index: number) => events[index]?.value as Record<string, unknown>;

describe('Claude Code gives up on a hook: the relay withdraws the question', () => {
  it('a PreToolUse timeout below the relay wait: the first question is withdrawn, the next one activates', async () => {
    const dir = await project();
    // The settings as init wrote them, but Claude Code waits 3 s instead of 360 s (the relay's
    // wait stays 300 s), so Claude Code is the one that stops waiting.
    const path = join(dir, '.claude/settings.json');
    const settings = JSON.parse(await readFile(path, 'utf8'));
    const [group] = settings.hooks.PreToolUse;
    expect(group.hooks[0]).toMatchObject({ type: 'http', timeout: 360 });
    group.hooks[0].timeout = 3;
    await writeFile(path, JSON.stringify(settings, null, 2));

    // Two asking calls in one turn: the second question queues behind the first.
    const fake = await startFakeMessages([
      { toolUses: [bashUse('toolu_first', 'touch first.txt'), bashUse('toolu_second', 'touch second.txt')] },
    ]);
    try {
      const run = await runClaude({ project: dir, fake, env: env() });
      expect(run.code, run.stderr).toBe(0);
      const events = await auditUntil(
        run.sessionId,
        (log) =>
          ofCall(log, 'tool_permission_resolution', 'toolu_first') >= 0 &&
          ofCall(log, 'tool_permission_resolution', 'toolu_second') >= 0,
      );
      const firstWithdrawn = ofCall(events, 'tool_permission_resolution', 'toolu_first');
      expect(valueAt(events, firstWithdrawn)).toMatchObject({ behavior: 'deny', source: 'cancel' });
      // The second question became the active one only after the first was withdrawn.
      const secondActive = ofCall(events, 'interaction_activated', 'toolu_second');
      expect(secondActive).toBeGreaterThan(firstWithdrawn);
      expect(valueAt(events, ofCall(events, 'tool_permission_resolution', 'toolu_second'))).toMatchObject({
        source: 'cancel',
      });
      // Nothing is left for an approver to answer, and neither call ran.
      expect(
        (await relay.approver.inbox()).find((s) => s.sessionId === run.sessionId)?.activeInteraction,
      ).toBeFalsy();
      expect(fake.toolResult('toolu_first').isError).toBe(true);
      expect(fake.toolResult('toolu_second').isError).toBe(true);
    } finally {
      await fake.close();
    }
  });

  it('SessionEnd: a question still open when claude -p exits is withdrawn', async () => {
    const dir = await project();
    const sessionId = crypto.randomUUID();
    // A question nobody waits on (submitted with wait 0), so only SessionEnd can withdraw it.
    const left = await relay.agent.submit(sessionId, {
      tool_call_id: 'left-open',
      tool: 'Bash',
      input: { command: 'npm install left-pad' },
      wait: 0,
    });
    expect(left).toMatchObject({ outcome: 'pending', interaction: { state: 'active' } });
    await sleep(2500);
    expect(await activeInteraction(relay.approver, sessionId)).toMatchObject({ toolCallId: 'left-open' });

    const fake = await startFakeMessages([{ text: 'Nothing to run.' }]);
    try {
      const run = await runClaude({ project: dir, fake, sessionId, env: env() });
      expect(run.code, run.stderr).toBe(0);
      const events = await auditUntil(
        sessionId,
        (log) => ofCall(log, 'tool_permission_resolution', 'left-open') >= 0,
      );
      expect(valueAt(events, ofCall(events, 'tool_permission_resolution', 'left-open'))).toMatchObject({
        behavior: 'deny',
        source: 'cancel',
      });
      expect(
        (await relay.approver.inbox()).find((s) => s.sessionId === sessionId)?.activeInteraction,
      ).toBeFalsy();
    } finally {
      await fake.close();
    }
  });
});

describe('PostToolUse: what ran is in the session timeline', () => {
  it('an allowed ls records an ok result with its listing; ls /nonexistent an error', async () => {
    const dir = await project();
    const fake = await startFakeMessages([bash('toolu_ls', 'ls'), bash('toolu_missing', 'ls /nonexistent')]);
    try {
      const run = await runClaude({ project: dir, fake, env: env() });
      expect(run.code, run.stderr).toBe(0);
      expect(fake.toolResult('toolu_missing').isError).toBe(true);
      const events = await auditUntil(
        run.sessionId,
        (log) =>
          ofCall(log, 'TOOL_CALL_RESULT', 'toolu_ls') >= 0 &&
          ofCall(log, 'TOOL_CALL_RESULT', 'toolu_missing') >= 0,
      );
      expect(valueAt(events, ofCall(events, 'TOOL_CALL_RESULT', 'toolu_ls'))).toMatchObject({
        status: 'ok',
        reportedBy: 'hook',
        output: expect.stringContaining('hello-from-the-project.txt'),
      });
      expect(valueAt(events, ofCall(events, 'TOOL_CALL_RESULT', 'toolu_missing'))).toMatchObject({
        status: 'error',
        reportedBy: 'hook',
        output: expect.stringContaining('nonexistent'),
      });
      // Both were the relay's to allow: reads.
      for (const id of ['toolu_ls', 'toolu_missing'])
        expect(valueAt(events, ofCall(events, 'tool_permission_decision', id))).toMatchObject({
          behavior: 'allow',
        });
    } finally {
      await fake.close();
    }
  });
});

describe('UserPromptSubmit: the user’s request is on the question', () => {
  it('the prompt claude -p sends is the question’s prompt.text, its secret redacted', async () => {
    const dir = await project();
    const secret = `ghp_${'A1b2C3d4E5'.repeat(3)}abcdef`;
    const prompt = `Tidy the project and leave a note; the deploy token is ${secret}`;
    const fake = await startFakeMessages([bash('toolu_note', 'touch note.txt')]);
    const stop = new AbortController();
    try {
      const sessionId = crypto.randomUUID();
      const running = runClaude({ project: dir, fake, sessionId, prompt, signal: stop.signal, env: env() });
      const asked = await activeInteraction(relay.approver, sessionId);
      expect(asked).toMatchObject({ toolCallId: 'toolu_note' });
      const text = asked.prompt?.text ?? '';
      expect(text).not.toContain(secret);
      expect(text.startsWith('Tidy the project and leave a note; the deploy token is ')).toBe(true);
      expect(text).not.toBe(prompt);
      // The session detail carries the same request.
      const detail = await relay.approver.getSession(sessionId);
      expect(detail.activeInteraction?.prompt).toEqual(asked.prompt);
      await relay.approver.respond(sessionId, {
        interaction_id: asked.interactionId,
        answer: { decision: 'reject' },
      });
      const run = await running;
      expect(run.code, run.stderr).toBe(0);
      expect(hookResponses(run, 'UserPromptSubmit')).toEqual([
        expect.objectContaining({ outcome: 'success' }),
      ]);
    } finally {
      stop.abort();
      await fake.close();
    }
  });
});
