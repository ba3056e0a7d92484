import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RespondInput } from '../../client/sdk/index.ts';
import { runCli } from '../e2e/client-relay.ts';
import { type ChatTurn, type FakeChat, startFakeChat } from './fake-chat.ts';
import { peerBin, runPeer, scratchDir } from './harness.ts';
import { closedPort, setPermissions, startRelay, type TestRelay } from './relay.ts';

// The real Copilot CLI (offline: COPILOT_OFFLINE, a local OpenAI-compatible model) with the hooks
// exactly as `gatehouse init copilot` writes them, against the real relay. The fake model scripts
// the calls and records what Copilot sent back, which is what its model would read.

let relay: TestRelay;
let scratch: Awaited<ReturnType<typeof scratchDir>>;
let home: string;
beforeAll(async () => {
  relay = await startRelay();
  scratch = await scratchDir('copilot');
  // One home for every run: Copilot unpacks itself there on its first start.
  home = join(scratch.path, 'home');
  await mkdir(home, { recursive: true });
});
afterAll(async () => {
  await relay?.stop();
  await scratch?.remove();
});

const bash = (id: string, command: string): ChatTurn => ({
  calls: [{ id, name: 'bash', arguments: { command, description: 'as scripted' } }],
});

let runs = 0;
async function copilotWithInit(fake: FakeChat, options: { relayUrl?: string; initArgs?: string[] } = {}) {
  runs += 1;
  const project = join(scratch.path, `project-${runs}`);
  await mkdir(project, { recursive: true });
  await writeFile(join(project, 'hello-from-the-project.txt'), 'hello\n');
  const init = await runCli(['init', 'copilot', '--dir', project, ...(options.initArgs ?? [])], {});
  if (init.code !== 0) throw new Error(`init copilot failed: ${init.stderr}`);
  const run = await runPeer(peerBin('copilot'), ['-p', 'Do as scripted.', '--trust-folder'], {
    cwd: project,
    timeoutMs: 80_000,
    env: {
      HOME: home,
      COPILOT_OFFLINE: 'true',
      COPILOT_PROVIDER_BASE_URL: `${fake.url}/v1`,
      COPILOT_PROVIDER_API_KEY: 'sk-fake-key-for-the-local-stand-in',
      COPILOT_MODEL: 'fake-model',
      GATEHOUSE_URL: options.relayUrl ?? relay.url,
      GATEHOUSE_TOKEN: relay.agentToken,
    },
  });
  return { run, project, init: init.stdout };
}

/** The one session whose question is active, while Copilot waits on it. */
async function activeQuestion(timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const session = (await relay.approver.inbox()).find((s) => s.activeInteraction);
    if (session?.activeInteraction)
      return { sessionId: session.sessionId, interaction: session.activeInteraction };
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('no question became active');
}

describe('Copilot CLI with the hooks init copilot writes', () => {
  it('a read the relay allows runs; the session is Copilot CLI', async () => {
    const fake = await startFakeChat([bash('call_ls', 'ls')]);
    try {
      const { run, project, init } = await copilotWithInit(fake);
      expect(run.code, run.stderr).toBe(0);
      expect(init).toContain(join(project, '.github/hooks/gatehouse.json'));
      const hooks = JSON.parse(await readFile(join(project, '.github/hooks/gatehouse.json'), 'utf8'));
      expect(hooks.version).toBe(1);
      expect(hooks.hooks.preToolUse[0].bash).toMatch(/gatehouse\.mjs"? hook --agent copilot$/);
      expect(hooks.hooks.preToolUse[0].timeoutSec).toBeGreaterThan(330);
      expect(fake.output('call_ls').text).toContain('hello-from-the-project.txt');
      expect((await relay.approver.sessions()).some((s) => s.agent === 'Copilot CLI')).toBe(true);
    } finally {
      await fake.close();
    }
  });

  it("a workspace deny rule blocks git push, and the relay's reason reaches the model", async () => {
    await setPermissions(relay, { deny: ['Bash(git push:*)'] });
    const fake = await startFakeChat([bash('call_push', 'git push origin main')]);
    try {
      const { run } = await copilotWithInit(fake);
      expect(run.code, run.stderr).toBe(0);
      const text = fake.output('call_push').text;
      expect(text).toContain('Gatehouse denied this call: Denied by the rule Bash(git push:*).');
      expect(text).toContain('The same call will be denied again, so do not retry it');
    } finally {
      await setPermissions(relay, {});
      await fake.close();
    }
  });

  async function answerTheAsk(answer: RespondInput['answer']) {
    const fake = await startFakeChat([bash('call_touch', 'touch approved.txt')]);
    try {
      const running = copilotWithInit(fake);
      const { sessionId, interaction } = await activeQuestion();
      expect(interaction).toMatchObject({ tool: 'Bash', input: { command: 'touch approved.txt' } });
      expect(fake.outputs().some((output) => output.callId === 'call_touch')).toBe(false);
      await relay.approver.respond(sessionId, { interaction_id: interaction.interactionId, answer });
      const { run, project } = await running;
      expect(run.code, run.stderr).toBe(0);
      return { text: fake.output('call_touch').text, ran: existsSync(join(project, 'approved.txt')) };
    } finally {
      await fake.close();
    }
  }

  it('an ask holds Copilot until the approver approves; then the command runs', async () => {
    const { ran } = await answerTheAsk({ decision: 'approve' });
    expect(ran).toBe(true);
  });

  it("a rejection's comment reaches the model, and nothing runs", async () => {
    const { text, ran } = await answerTheAsk({ decision: 'reject', comment: 'not in this repo, please' });
    expect(text).toContain(
      "The user denied this call. Do not retry it; ask the user how to proceed. The user's comment: not in this repo, please",
    );
    expect(ran).toBe(false);
  });

  it('a new file is decided as a Write, and Copilot’s second ask about it is no second question', async () => {
    await setPermissions(relay, { ask: ['Write'] });
    // Copilot's create takes an absolute path: the next run's project is known in advance.
    const created = join(scratch.path, `project-${runs + 1}`, 'created.txt');
    const fake = await startFakeChat([
      { calls: [{ id: 'call_create', name: 'create', arguments: { path: created, file_text: 'made\n' } }] },
    ]);
    try {
      // A short deadline: a second question nobody answers would deny the write within seconds.
      const running = copilotWithInit(fake, { initArgs: ['--timeout', '25'] });
      const { sessionId, interaction } = await activeQuestion();
      expect(interaction).toMatchObject({ tool: 'Write', input: { file_path: created, content: 'made\n' } });
      await relay.approver.respond(sessionId, {
        interaction_id: interaction.interactionId,
        answer: { decision: 'approve' },
      });
      const { run } = await running;
      expect(run.code, run.stderr).toBe(0);
      expect(fake.output('call_create').text).not.toMatch(/denied/i);
      expect(await readFile(created, 'utf8')).toBe('made\n');
      const after = (await relay.approver.inbox()).find((s) => s.sessionId === sessionId);
      expect(after?.activeInteraction ?? null).toBeNull();
    } finally {
      await setPermissions(relay, {});
      await fake.close();
    }
  });

  it('a question nobody answers: the model reads that no one answered, never that the user denied', async () => {
    const fake = await startFakeChat([bash('call_wait', 'touch unanswered.txt')]);
    try {
      const { run, project } = await copilotWithInit(fake, { initArgs: ['--timeout', '25'] });
      expect(run.code, run.stderr).toBe(0);
      const text = fake.output('call_wait').text;
      expect(text).toContain(
        'No one answered within 5 s, so this call did not run; the user did not deny it.',
      );
      expect(text).not.toContain('The user denied');
      expect(existsSync(join(project, 'unanswered.txt'))).toBe(false);
    } finally {
      await fake.close();
    }
  });

  it('the relay stopped: the hook denies with the reason, and nothing runs', async () => {
    const fake = await startFakeChat([bash('call_down', 'touch while-down.txt')]);
    try {
      const { run, project } = await copilotWithInit(fake, {
        relayUrl: `http://127.0.0.1:${await closedPort()}`,
      });
      expect(run.code, run.stderr).toBe(0);
      expect(fake.output('call_down').text).toContain('Gatehouse could not be asked about this call');
      expect(existsSync(join(project, 'while-down.txt'))).toBe(false);
    } finally {
      await fake.close();
    }
  });
});
