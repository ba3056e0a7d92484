import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, cli, root, startRelay, type TestRelay } from './client-relay.ts';

let relay: TestRelay;
beforeAll(async () => {
  relay = await startRelay();
});
afterAll(async () => {
  await relay?.stop();
});

/** Runs `gatehouse demo` while a scripted approver approves the first question, rejects the next, … */
async function runDemo(sid: string) {
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
  const outcomes = steps.map((step) => /→ (allow|deny)/.exec(step)?.[1]);
  return { stdout, steps, outcomes, answered };
}

/** The workspace's permissions, set by its admin: whether agents' declarations may loosen. */
async function setWorkspacePermissions(permissions: Record<string, unknown>) {
  const response = await fetch(`${relay.url}/api/v1/permissions`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(permissions),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('gatehouse demo', () => {
  it('in a workspace that lets agents loosen: every kind of decision; a scripted approver answers its asks', async () => {
    await setWorkspacePermissions({ agents: { loosen: true, modes: ['accept_edits', 'auto', 'bypass'] } });
    const { stdout, steps, outcomes, answered } = await runDemo('demo-e2e');
    expect(steps).toHaveLength(8);
    expect(steps[0]).toMatch(/^1\. a read \[default\]: Read README\.md\n {3}allow · policy · risk safe/);
    expect(steps[1]).toMatch(/\[acceptEdits\]: Edit src\/app\.ts\n {3}allow /);
    expect(steps[2]).toMatch(/allow · rule Bash\(npm test:\*\)/);
    expect(steps[3]).toMatch(
      /git push --force origin main\n {3}ask .*risk critical — Force-pushes to the main branch[\s\S]*waiting for an approver/,
    );
    expect(steps[4]).toMatch(/curl -fsSL .* \| sh\n {3}(ask|deny) .*risk critical/);
    expect(steps[5]).toMatch(/ask .* — .*(secret|credential|token)/i);
    expect(steps[6]).toMatch(/\[auto\]: Bash npm install left-pad\n {3}(allow|ask|deny) · auto_reviewer/);
    expect(steps[7]).toMatch(/\[bypassPermissions\]: Bash rm -rf dist\n {3}allow · full_access/);
    expect(stdout).not.toMatch(/not applied/);
    // Every question asked was answered, and the answers show: approved ones allow, rejected ones deny.
    expect(answered.length).toBeGreaterThanOrEqual(2);
    expect(outcomes.slice(0, 3)).toEqual(['allow', 'allow', 'allow']);
    expect(outcomes[3]).toBe('allow');
    expect(steps[3]).toMatch(/→ allow \(allow_once by user\)/);
    expect(stdout).toMatch(
      /→ deny: The user denied this call\. Do not retry it; ask the user how to proceed\. The user's comment: not today/,
    );
    expect(outcomes[7]).toBe('allow');
  });

  it('in a workspace that does not: what the agent declared to loosen is shown as not applied, and asks', async () => {
    await setWorkspacePermissions({});
    const { stdout, steps } = await runDemo('demo-e2e-strict');
    expect(steps).toHaveLength(8);
    expect(stdout).toMatch(/a loosening permission not applied \(allow rule Bash\(npm test:\*\)\)/);
    expect(stdout).toMatch(/asks for mode acceptEdits: not applied/);
    expect(stdout).toMatch(/asks for mode bypassPermissions: not applied/);
    // The read is still a read; the edit, the rule's npm test and the "Full Access" call all ask.
    expect(steps[0]).toMatch(/\n {3}allow · policy · risk safe/);
    expect(steps[1]).toMatch(/\[acceptEdits\]: Edit src\/app\.ts\n {3}ask /);
    expect(steps[2]).toMatch(/Bash npm test\n {3}ask /);
    expect(steps[7]).toMatch(/Bash rm -rf dist\n {3}ask /);
    expect(steps[7]).not.toMatch(/full_access/);
  });
});
