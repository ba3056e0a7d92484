import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RespondInput } from '../../client/sdk/index.ts';
import { type ChatTurn, type FakeChat, startFakeChat } from './fake-chat.ts';
import { scratchDir } from './harness.ts';
import {
  bashTurn,
  initPlugin,
  type OpenCodeServer,
  startOpenCodeServer,
  writeOpenCodeConfig,
} from './opencode-serve.ts';
import { closedPort, setPermissions, startRelay, type TestRelay } from './relay.ts';

// The real `opencode serve` (the server Kilo runs on) with the plugin `gatehouse init opencode`
// writes, against the real relay, driven through the server's HTTP API. The project's
// opencode.json says `permission: "ask"`, so OpenCode raises a permission request of its own for
// every call the plugin lets through, and nobody but the plugin answers it: a call runs only if
// the plugin replied through the reply API (`POST /permission/{id}/reply`), and the event stream
// shows each reply — `once` or `reject`, never OpenCode's own `always`.

let relay: TestRelay;
let scratch: Awaited<ReturnType<typeof scratchDir>>;
let home: string;
let project: string;
let running: { server?: OpenCodeServer; fake?: FakeChat } = {};
const seen = new Set<string>();

beforeAll(async () => {
  relay = await startRelay();
  scratch = await scratchDir('opencode-serve');
  home = join(scratch.path, 'home');
  project = join(scratch.path, 'project');
  await mkdir(home, { recursive: true });
  await mkdir(project, { recursive: true });
  await writeFile(join(project, 'hello-from-the-project.txt'), 'hello\n');
});
afterEach(async () => {
  await running.server?.stop();
  await running.fake?.close();
  running = {};
});
afterAll(async () => {
  await relay?.stop();
  await scratch?.remove();
});

async function serve(script: ChatTurn[], options: { relayUrl?: string; initArgs?: string[] } = {}) {
  const fake = await startFakeChat(script);
  running.fake = fake;
  await initPlugin(project, options.initArgs);
  await writeOpenCodeConfig(project, fake, 'ask');
  const server = await startOpenCodeServer(project, {
    HOME: home,
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    npm_config_prefer_offline: 'true',
    GATEHOUSE_URL: options.relayUrl ?? relay.url,
    GATEHOUSE_TOKEN: relay.agentToken,
  });
  running.server = server;
  return { fake, server };
}

/** OpenCode's own permission requests and the replies they got, from the server's event stream. */
function permissionTrail(server: OpenCodeServer) {
  const asked = server.events.filter((e) => e.type === 'permission.asked').map((e) => e.properties);
  const replied = server.events.filter((e) => e.type === 'permission.replied').map((e) => e.properties);
  return { asked, replies: replied.map((r) => r.reply) };
}

/** The question about `tool` that becomes active (one left over from an earlier test is not it). */
async function activeQuestion(tool: string, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const session = (await relay.approver.inbox()).find(
      (s) => s.activeInteraction?.tool === tool && !seen.has(s.activeInteraction.interactionId),
    );
    if (session?.activeInteraction) {
      seen.add(session.activeInteraction.interactionId);
      return { sessionId: session.sessionId, interaction: session.activeInteraction };
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('no question became active');
}

describe('opencode serve with the plugin init opencode writes', { timeout: 600_000 }, () => {
  it("a read the relay allows runs: OpenCode's own request is answered once, through the reply API", async () => {
    const { fake, server } = await serve([bashTurn('call_ls', 'ls')]);
    const { sessionId } = await server.prompt('Do as scripted.');
    expect(fake.output('call_ls').text).toContain('hello-from-the-project.txt');
    const trail = permissionTrail(server);
    expect(trail.asked).toEqual([
      expect.objectContaining({ sessionID: sessionId, permission: 'bash', tool: expect.anything() }),
    ]);
    expect(trail.replies).toEqual(['once']);
    expect((await relay.approver.sessions()).some((s) => s.agent === 'OpenCode')).toBe(true);
  });

  it("a workspace deny rule blocks git push, and the relay's reason reaches the model", async () => {
    await setPermissions(relay, { deny: ['Bash(git push:*)'] });
    try {
      const { fake, server } = await serve([bashTurn('call_push', 'git push origin main')]);
      await server.prompt('Do as scripted.');
      const text = fake.output('call_push').text;
      expect(text).toContain('Gatehouse denied this call: Denied by the rule Bash(git push:*).');
      expect(text).toContain('The same call will be denied again, so do not retry it');
      expect(permissionTrail(server).replies).not.toContain('once');
    } finally {
      await setPermissions(relay, {});
    }
  });

  async function answerTheAsk(file: string, answer: RespondInput['answer']) {
    const { fake, server } = await serve([bashTurn('call_touch', `touch ${file}`)]);
    const prompted = server.prompt('Do as scripted.');
    const { sessionId, interaction } = await activeQuestion('Bash');
    expect(interaction).toMatchObject({ tool: 'Bash', input: { command: `touch ${file}` } });
    await relay.approver.respond(sessionId, { interaction_id: interaction.interactionId, answer });
    await prompted;
    return {
      text: fake.output('call_touch').text,
      ran: existsSync(join(project, file)),
      trail: permissionTrail(server),
    };
  }

  it("an ask holds the call until the approver approves; OpenCode's request gets once, and it runs", async () => {
    const { ran, trail } = await answerTheAsk('approved.txt', { decision: 'approve' });
    expect(ran).toBe(true);
    expect(trail.replies).toEqual(['once']);
  });

  it("an approver's always is the relay's grant, never OpenCode's own always", async () => {
    const { ran, trail } = await answerTheAsk('always.txt', { decision: 'approve', scope: 'global' });
    expect(ran).toBe(true);
    expect(trail.replies).toEqual(['once']);
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

  it('a question nobody answers: the model reads that no one answered, never that the user denied', async () => {
    const { fake, server } = await serve([bashTurn('call_wait', 'touch unanswered.txt')], {
      initArgs: ['--timeout', '25'],
    });
    await server.prompt('Do as scripted.');
    const text = fake.output('call_wait').text;
    expect(text).toContain('No one answered within 5 s, so this call did not run; the user did not deny it.');
    expect(text).not.toContain('The user denied');
    expect(existsSync(join(project, 'unanswered.txt'))).toBe(false);
  });

  it('the relay stopped: the plugin denies with the reason, and nothing runs', async () => {
    const { fake, server } = await serve([bashTurn('call_down', 'touch while-down.txt')], {
      relayUrl: `http://127.0.0.1:${await closedPort()}`,
    });
    await server.prompt('Do as scripted.');
    expect(fake.output('call_down').text).toContain('Gatehouse could not be asked about this call');
    expect(existsSync(join(project, 'while-down.txt'))).toBe(false);
    expect(permissionTrail(server).replies).not.toContain('once');
  });
});
