import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cli, root, startRelay, type TestRelay } from './client-relay.ts';

// The README's `gatehouse demo` sample is what the demo prints: run against the real relay while
// an approver approves the first question, rejects the next with "not today", and so on (as the
// README says), every line of the sample appears in the output, in order, session ids aside.

let relay: TestRelay;
beforeAll(async () => {
  relay = await startRelay();
});
afterAll(() => relay?.stop());

/** The ```text block after the README's `npx gatehouse demo`, without its closing "…". */
function readmeSample(): string[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const after = readme.slice(readme.indexOf('GATEHOUSE_TOKEN=<agent token> npx gatehouse demo'));
  const block = /```text\n([\s\S]*?)```/.exec(after)?.[1] ?? '';
  return block.split('\n').filter((line) => line !== '' && line !== '…');
}

const sameIds = (line: string) => line.replace(/demo-(?:<random>|[a-z0-9]+)/g, 'demo-ID');

it('every line of the README’s demo sample is printed by the demo, in order', async () => {
  const sample = readmeSample();
  expect(sample.length).toBeGreaterThan(10);
  expect(sample[0]).toMatch(/^Session demo-<random> declared/);

  const child = spawn(process.execPath, [cli, 'demo', '--timeout', '60'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', GATEHOUSE_URL: relay.url, GATEHOUSE_TOKEN: relay.agentToken },
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.resume();
  let running = true;
  const exited = new Promise<number | null>((done) =>
    child.on('close', (code) => {
      running = false;
      done(code);
    }),
  );
  let answered = 0;
  while (running) {
    const session = (await relay.approver.inbox()).find((s) => s.sessionId.startsWith('demo-'));
    const active = session?.activeInteraction;
    if (session && active) {
      await relay.approver.respond(session.sessionId, {
        interaction_id: active.interactionId,
        answer:
          answered % 2 === 0
            ? { decision: 'approve', scope: 'once' }
            : { decision: 'reject', comment: 'not today' },
      });
      answered += 1;
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  expect(await exited).toBe(0);

  const printed = stdout.split('\n').map(sameIds);
  let at = 0;
  for (const line of sample.map(sameIds)) {
    const found = printed.indexOf(line, at);
    expect(
      found,
      `README line not printed (after line ${at}):\n${line}\n\nprinted:\n${printed.join('\n')}`,
    ).not.toBe(-1);
    at = found + 1;
  }
});
