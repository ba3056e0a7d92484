import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, root, startRelay, type TestRelay } from './client-relay.ts';

let relay: TestRelay;
beforeAll(async () => {
  relay = await startRelay();
});
afterAll(async () => {
  await relay?.stop();
});

describe('gatehouse demo', () => {
  it('runs every kind of decision; a scripted approver answers its asks', async () => {
    const sid = 'demo-e2e';
    const child = spawn(process.execPath, [cli, 'demo', '--session', sid, '--timeout', '30'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', GATEHOUSE_URL: relay.url, GATEHOUSE_TOKEN: relay.agentToken },
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const exited = new Promise<number | null>((done) => child.on('close', done));

    // The approver: approve the first question, reject the next with a comment, and so on.
    const answered: string[] = [];
    let running = true;
    void exited.then(() => {
      running = false;
    });
    while (running) {
      const session = (await relay.approver.inbox()).find((s) => s.sessionId === sid);
      const active = session?.activeInteraction;
      if (active) {
        const approve = answered.length % 2 === 0;
        await relay.approver.respond(sid, {
          interaction_id: active.interactionId,
          answer: approve ? { decision: 'approve' } : { decision: 'reject', comment: 'not today' },
        });
        answered.push(active.toolCallId);
      }
      await new Promise((done) => setTimeout(done, 100));
    }
    expect(await exited, stderr).toBe(0);
    console.info(`gatehouse demo output:\n${stdout}`);

    const steps = stdout.split(/\n(?=\d\. )/).slice(1);
    expect(steps).toHaveLength(8);
    expect(steps[0]).toMatch(/^1\. a read \[default\]: Read README\.md\n {3}allow · policy · risk safe/);
    expect(steps[1]).toMatch(/\[acceptEdits\]: Edit src\/app\.ts\n {3}allow /);
    expect(steps[2]).toMatch(/allow · rule Bash\(npm test:\*\)/);
    expect(steps[3]).toMatch(
      /git push --force origin main\n {3}ask .*risk critical[\s\S]*waiting for an approver/,
    );
    expect(steps[4]).toMatch(/curl -fsSL .* \| sh\n {3}(ask|deny) .*risk critical/);
    expect(steps[5]).toMatch(/ask .* — .*(secret|credential|token)/i);
    expect(steps[6]).toMatch(/\[auto\]: Bash npm install left-pad\n {3}(allow|ask|deny) · auto_reviewer/);
    expect(steps[7]).toMatch(/\[bypassPermissions\]: Bash rm -rf dist\n {3}allow · full_access/);
    // Every question asked was answered, and the answers show: approved ones allow, rejected ones deny.
    expect(answered.length).toBeGreaterThanOrEqual(2);
    const outcomes = steps.map((step) => /→ (allow|deny)/.exec(step)?.[1]);
    expect(outcomes.slice(0, 3)).toEqual(['allow', 'allow', 'allow']);
    expect(outcomes[3]).toBe('allow');
    expect(steps[3]).toMatch(/→ allow \(allow_once by user\)/);
    expect(stdout).toMatch(/→ deny: Denied by the approver: not today/);
    expect(outcomes[7]).toBe('allow');
  });
});
