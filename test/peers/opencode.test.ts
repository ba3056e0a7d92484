import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RespondInput } from '../../client/sdk/index.ts';
import { runCli } from '../e2e/client-relay.ts';
import { type ChatTurn, type FakeChat, startFakeChat } from './fake-chat.ts';
import { peerBin, runPeer, scratchDir } from './harness.ts';
import { closedPort, setPermissions, startRelay, type TestRelay } from './relay.ts';

// The real OpenCode CLI (`opencode run`, offline: a custom OpenAI-compatible provider on the local
// fake model) with the plugin `gatehouse init opencode` writes, against the real relay. `opencode
// run` rejects OpenCode's own permission requests at once, so the plugin holds each call in
// tool.execute.before until the relay decides. One project for every run: OpenCode installs its
// plugin package into each .opencode/ on first start, which takes long here.

let relay: TestRelay;
let scratch: Awaited<ReturnType<typeof scratchDir>>;
let home: string;
let project: string;
let fake: FakeChat | undefined;
const seen = new Set<string>();
beforeAll(async () => {
  relay = await startRelay();
  scratch = await scratchDir('opencode');
  home = join(scratch.path, 'home');
  project = join(scratch.path, 'project');
  await mkdir(home, { recursive: true });
  await mkdir(project, { recursive: true });
  await writeFile(join(project, 'hello-from-the-project.txt'), 'hello\n');
});
afterAll(async () => {
  await relay?.stop();
  await scratch?.remove();
});

const bash = (id: string, command: string): ChatTurn => ({
  calls: [{ id, name: 'bash', arguments: { command, description: 'as scripted' } }],
});

async function opencodeRun(script: ChatTurn[], options: { relayUrl?: string; initArgs?: string[] } = {}) {
  fake = await startFakeChat(script);
  const init = await runCli(['init', 'opencode', '--dir', project, ...(options.initArgs ?? [])], {});
  if (init.code !== 0) throw new Error(`init opencode failed: ${init.stderr}`);
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
    }),
  );
  const run = await runPeer(peerBin('opencode'), ['run', '--format', 'json', 'Do as scripted.'], {
    cwd: project,
    timeoutMs: 420_000,
    env: {
      HOME: home,
      OPENCODE_DISABLE_MODELS_FETCH: '1',
      npm_config_prefer_offline: 'true',
      GATEHOUSE_URL: options.relayUrl ?? relay.url,
      GATEHOUSE_TOKEN: relay.agentToken,
    },
  });
  return { run, fake, init: init.stdout };
}

/** The question about `tool` that becomes active (one left over from an earlier run is not it). */
async function activeQuestion(tool: string, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const session = (await relay.approver.inbox()).find(
      (s) => s.activeInteraction?.tool === tool && !seen.has(s.activeInteraction.interactionId),
    );
    if (session?.activeInteraction)
      return { sessionId: session.sessionId, interaction: session.activeInteraction };
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('no question became active');
}

describe('opencode run with the plugin init opencode writes', { timeout: 600_000 }, () => {
  it('a read the relay allows runs; the session is OpenCode', async () => {
    const { run, fake, init } = await opencodeRun([bash('call_ls', 'ls')]);
    try {
      expect(run.code, run.stderr).toBe(0);
      expect(init).toContain(join(project, '.opencode/plugin/gatehouse.js'));
      expect(fake.output('call_ls').text).toContain('hello-from-the-project.txt');
      expect((await relay.approver.sessions()).some((s) => s.agent === 'OpenCode')).toBe(true);
    } finally {
      await fake.close();
    }
  });

  it("a workspace deny rule blocks git push, and the relay's reason reaches the model", async () => {
    await setPermissions(relay, { deny: ['Bash(git push:*)'] });
    const { run, fake } = await opencodeRun([bash('call_push', 'git push origin main')]);
    try {
      expect(run.code, run.stderr).toBe(0);
      const text = fake.output('call_push').text;
      expect(text).toContain('Gatehouse denied this call: Denied by the rule Bash(git push:*).');
      expect(text).toContain('The same call will be denied again, so do not retry it');
    } finally {
      await setPermissions(relay, {});
      await fake.close();
    }
  });

  async function answerTheAsk(file: string, answer: RespondInput['answer']) {
    const running = opencodeRun([bash('call_touch', `touch ${file}`)]);
    const { sessionId, interaction } = await activeQuestion('Bash');
    expect(interaction).toMatchObject({ tool: 'Bash', input: { command: `touch ${file}` } });
    await relay.approver.respond(sessionId, { interaction_id: interaction.interactionId, answer });
    const { run, fake } = await running;
    try {
      expect(run.code, run.stderr).toBe(0);
      return { text: fake.output('call_touch').text, ran: existsSync(join(project, file)) };
    } finally {
      await fake.close();
    }
  }

  it('an ask holds OpenCode until the approver approves; then the command runs', async () => {
    expect((await answerTheAsk('approved.txt', { decision: 'approve' })).ran).toBe(true);
  });

  it("a rejection's comment reaches the model, and nothing runs", async () => {
    const { text, ran } = await answerTheAsk('rejected.txt', {
      decision: 'reject',
      comment: 'not in this repo, please',
    });
    expect(text).toContain(
      "The user denied this call. Do not retry it; ask the user how to proceed. The user's comment: not in this repo, please",
    );
    expect(ran).toBe(false);
  });

  it('a file write is decided as a Write, one question', async () => {
    await setPermissions(relay, { ask: ['Write'] });
    const created = join(project, 'created.txt');
    const running = opencodeRun([
      { calls: [{ id: 'call_write', name: 'write', arguments: { filePath: created, content: 'made\n' } }] },
    ]);
    try {
      const { sessionId, interaction } = await activeQuestion('Write');
      expect(interaction).toMatchObject({ tool: 'Write', input: { file_path: created, content: 'made\n' } });
      await relay.approver.respond(sessionId, {
        interaction_id: interaction.interactionId,
        answer: { decision: 'approve' },
      });
      const { run, fake } = await running;
      expect(run.code, run.stderr).toBe(0);
      expect(await readFile(created, 'utf8')).toBe('made\n');
      await fake.close();
    } finally {
      await setPermissions(relay, {});
    }
  });

  it('a question nobody answers: the model reads that no one answered, never that the user denied', async () => {
    const { run, fake } = await opencodeRun([bash('call_wait', 'touch unanswered.txt')], {
      initArgs: ['--timeout', '25'],
    });
    try {
      expect(run.code, run.stderr).toBe(0);
      const text = fake.output('call_wait').text;
      expect(text).toContain(
        'No one answered within 5 s, so this call did not run; the user did not deny it.',
      );
      expect(existsSync(join(project, 'unanswered.txt'))).toBe(false);
    } finally {
      await fake.close();
    }
  });

  it('the relay stopped: the plugin denies with the reason, and nothing runs', async () => {
    const { run, fake } = await opencodeRun([bash('call_down', 'touch while-down.txt')], {
      relayUrl: `http://127.0.0.1:${await closedPort()}`,
    });
    try {
      expect(run.code, run.stderr).toBe(0);
      expect(fake.output('call_down').text).toContain('Gatehouse could not be asked about this call');
      expect(existsSync(join(project, 'while-down.txt'))).toBe(false);
    } finally {
      await fake.close();
    }
  });
});
