import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { credentialReuseMs } from '../../worker/common/credential-cache.ts';
import { requestsPerMinute, windowMs } from '../../worker/common/rate-limit.ts';
import type { WorkspaceDO } from '../../worker/workspace/workspace-do.ts';
import { api, bootstrapToken, issue, json, newWorkspace, warmUp } from './helpers.ts';

// The agent's hot path reuses a credential check of this isolate for up to `credentialReuseMs`
// (worker/common/credential-cache.ts). What that may and may not change is pinned down here.

beforeAll(warmUp);

let calls = 0;
/** Each agent token its own session: a session answers only the agent token that created it. */
const sessionOf = (token: string) => `reuse-${token.split('_')[2] ?? 'bootstrap'}`;
const submit = (token: string, sessionId = sessionOf(token)) =>
  api('POST', `/sessions/${sessionId}/tool-calls`, {
    token,
    body: { tool_call_id: `reuse-${++calls}`, tool: 'Read', input: { file_path: 'README.md' } },
  });
const declare = (token: string, sessionId = sessionOf(token)) =>
  api('PUT', `/sessions/${sessionId}`, { token, body: { title: 'reuse' } });
const workspace = () => env.WORKSPACE.getByName('default');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits out the end of a rate window when it is close, so a test's counts stay in one window. */
async function awayFromWindowEdge(): Promise<number> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < 5_000) await sleep(left + 50);
  const now = Date.now();
  return now - (now % windowMs);
}

const countedHits = (tokenId: string, windowStart: number) =>
  runInDurableObject(workspace(), (instance: WorkspaceDO) =>
    instance.requestWindows.count(`token:${tokenId}`, windowStart),
  );

describe('credential checks on the agent hot path', () => {
  it('are reused: a token revoked behind the Worker still submits for a moment, and never after', async () => {
    const agent = await issue('agent');
    expect((await submit(agent.token)).status).toBe(200);
    // Revoked in the workspace directly, not through this isolate.
    expect(await workspace().revokeToken(agent.id)).toMatchObject({ id: agent.id });
    const started = Date.now();
    const reused = await submit(agent.token);
    if (Date.now() - started < credentialReuseMs) expect(reused.status).toBe(200);
    await sleep(credentialReuseMs + 50);
    expect((await submit(agent.token)).status).toBe(401);
  });

  it('are not reused off the hot path', async () => {
    const agent = await issue('agent');
    expect((await submit(agent.token)).status).toBe(200);
    expect(await workspace().revokeToken(agent.id)).toMatchObject({ id: agent.id });
    expect((await declare(agent.token)).status).toBe(401);
  });

  it('end at once for a token revoked through the relay', async () => {
    const agent = await issue('agent');
    expect((await submit(agent.token)).status).toBe(200);
    expect((await api('DELETE', `/tokens/${agent.id}`, { token: bootstrapToken })).status).toBe(200);
    expect((await submit(agent.token)).status).toBe(401);
  });

  it('end at once when an admin changes the workspace permissions', async () => {
    const other = await newWorkspace();
    const agent = await issue('agent', other.token);
    const first = await json<{ outcome: string }>(await submit(agent.token));
    expect(first.outcome).toBe('allow');
    const put = await api('PUT', '/permissions', {
      token: other.token,
      body: { permissions: { deny: ['Read'] } },
    });
    expect(put.status).toBe(200);
    // The session sees the new policy version on the very next call: no stale principal.
    const denied = await json<{ outcome: string; decision: { reasonCode: string } }>(
      await submit(agent.token),
    );
    expect(denied).toMatchObject({ outcome: 'deny', decision: { reasonCode: 'normalized_rule_deny' } });
  });

  it('count every request they serve against the token rate limit', async () => {
    const windowStart = await awayFromWindowEdge();
    const agent = await issue('agent');
    for (let i = 0; i < 5; i += 1) expect((await submit(agent.token)).status).toBe(200);
    // One check, four reused; the next check (a route off the hot path) reports the four.
    expect(await countedHits(agent.id, windowStart)).toBe(1);
    expect((await declare(agent.token)).status).toBe(200);
    expect(await countedHits(agent.id, windowStart)).toBe(6);
  });

  it('stop at the limit exactly as checking every request would', async () => {
    const windowStart = await awayFromWindowEdge();
    const limit = requestsPerMinute(env.GATEHOUSE_RATE_LIMIT_PER_MINUTE);
    const agent = await issue('agent');
    // Three requests left in this window: the check allows two more after itself, then none.
    await runInDurableObject(workspace(), (instance: WorkspaceDO) => {
      instance.requestWindows.set(`token:${agent.id}`, windowStart, limit - 3);
    });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await submit(agent.token)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(await countedHits(agent.id, windowStart)).toBe(limit + 2);
  });

  it('are never made for a token that failed its check', async () => {
    const agent = await issue('agent');
    expect((await api('DELETE', `/tokens/${agent.id}`, { token: bootstrapToken })).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await submit(agent.token)).status).toBe(401);
  });

  it('keep the role check: an approver token is refused on the hot path every time', async () => {
    const approver = await issue('approver');
    for (let i = 0; i < 3; i += 1) expect((await submit(approver.token)).status).toBe(403);
  });
});
