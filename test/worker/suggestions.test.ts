import { beforeAll, describe, expect, it } from 'vitest';
import { api, issue, json, newWorkspace, warmUp } from './helpers.ts';

// Learn from the approver and answer together (docs/approver-ui.md "Learned rules", "Answering
// together"), inside workerd through the real routes: an agent's calls, an approver's answers.

// The first request loads the whole Worker: on a busy machine that alone can take tens of seconds.
beforeAll(warmUp, 120_000);

async function world(permissions?: unknown) {
  const workspace = await newWorkspace();
  const agent = await issue('agent', workspace.token);
  const approver = await issue('approver', workspace.token, 'Chrome on Linux');
  if (permissions !== undefined)
    expect((await api('PUT', '/permissions', { token: workspace.token, body: permissions })).status).toBe(
      200,
    );
  return { workspace, agent, approver };
}

type World = Awaited<ReturnType<typeof world>>;

/** The agent asks `command` in a fresh session; gives the pending question's id. */
async function asks(w: World, sessionId: string, command = 'npm test'): Promise<string> {
  const res = await api('POST', `/sessions/${sessionId}/tool-calls`, {
    token: w.agent.token,
    body: { tool_call_id: 'tc-1', tool: 'Bash', input: { command } },
  });
  const body = await json<{ outcome: string; interaction?: { interactionId: string } }>(res);
  expect(body.outcome, JSON.stringify(body)).toBe('pending');
  return body.interaction!.interactionId;
}

const approve = (w: World, sessionId: string, interactionId: string, scope = 'once') =>
  api('POST', `/sessions/${sessionId}/interaction-respond`, {
    token: w.approver.token,
    body: { interaction_id: interactionId, answer: { decision: 'approve', scope } },
  });

async function inboxEntry(w: World, sessionId: string) {
  const { sessions } = await json<{
    sessions: { sessionId: string; activeInteraction: Record<string, unknown> }[];
  }>(await api('GET', '/inbox', { token: w.approver.token }));
  return sessions.find((view) => view.sessionId === sessionId)!.activeInteraction;
}

async function suggestedRuleOf(w: World, sessionId: string): Promise<string> {
  const entry = await inboxEntry(w, sessionId);
  const suggestions = entry.suggestions as { rules: string[] }[];
  expect(suggestions[0]!.rules).toHaveLength(1);
  return suggestions[0]!.rules[0]!;
}

describe('learned rules', () => {
  it('after 3 approvals (any scope, any approver) the next question offers its rule; declining stops it', async () => {
    const w = await world();
    const other = await issue('approver', w.workspace.token, 'Safari on iPhone');
    const rule = await (async () => {
      await asks(w, 'n-0');
      return suggestedRuleOf(w, 'n-0');
    })();
    expect(rule).toMatch(/^Bash\(npm test/);
    for (const [index, scope, token] of [
      [1, 'once', w.approver.token],
      [2, 'session', other.token],
    ] as const) {
      const id = await asks(w, `n-${index}`);
      const res = await api('POST', `/sessions/n-${index}/interaction-respond`, {
        token,
        body: { interaction_id: id, answer: { decision: 'approve', scope } },
      });
      expect(res.status).toBe(200);
    }
    // Two approvals: not yet. A denial does not count.
    const denied = await asks(w, 'n-denied');
    await api('POST', '/sessions/n-denied/interaction-respond', {
      token: w.approver.token,
      body: { interaction_id: denied, answer: { decision: 'reject' } },
    });
    await asks(w, 'n-3');
    expect(await inboxEntry(w, 'n-3')).not.toHaveProperty('learned');
    expect((await approve(w, 'n-0', (await inboxEntry(w, 'n-0')).interactionId as string)).status).toBe(200);
    expect(await inboxEntry(w, 'n-3')).toMatchObject({ learned: { rule, approvals: 3 } });
    // Another call with another suggested rule is not offered anything.
    await asks(w, 'n-other', 'npm run build');
    expect(await inboxEntry(w, 'n-other')).not.toHaveProperty('learned');

    const declined = await api('POST', '/suggestions/decline', { token: other.token, body: { rule } });
    expect(await json(declined)).toEqual({ rule, declined: true });
    expect(await inboxEntry(w, 'n-3')).not.toHaveProperty('learned');
    // Approving again does not bring a declined rule back.
    expect((await approve(w, 'n-3', (await inboxEntry(w, 'n-3')).interactionId as string)).status).toBe(200);
    await asks(w, 'n-4');
    expect(await inboxEntry(w, 'n-4')).not.toHaveProperty('learned');
  });

  it('suggestions.afterApprovals sets the count; 0 turns the offer off', async () => {
    const once = await world({ suggestions: { afterApprovals: 1 } });
    const id = await asks(once, 'o-1');
    await approve(once, 'o-1', id);
    await asks(once, 'o-2');
    expect(await inboxEntry(once, 'o-2')).toMatchObject({ learned: { approvals: 1 } });
    const off = await world({ suggestions: { afterApprovals: 0 } });
    for (const index of [1, 2, 3, 4]) await approve(off, `f-${index}`, await asks(off, `f-${index}`));
    await asks(off, 'f-5');
    expect(await inboxEntry(off, 'f-5')).not.toHaveProperty('learned');
  });

  it('declining takes an approver and one rule', async () => {
    const w = await world();
    expect(
      (await api('POST', '/suggestions/decline', { token: w.agent.token, body: { rule: 'Bash(x)' } })).status,
    ).toBe(403);
    for (const body of [
      {},
      { rule: '' },
      { rule: 5 },
      { rule: 'Bash(x)', more: 1 },
      { rule: 'x'.repeat(5000) },
    ]) {
      const res = await api('POST', '/suggestions/decline', { token: w.approver.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
  });
});

describe('answering together', () => {
  it('identical questions in two sessions answered at once: each resolved on its own, same actor', async () => {
    const w = await world();
    const a = await asks(w, 'b-1');
    const b = await asks(w, 'b-2');
    const res = await api('POST', '/interaction-respond-many', {
      token: w.approver.token,
      body: {
        interactions: [
          { session_id: 'b-1', interaction_id: a },
          { session_id: 'b-2', interaction_id: b },
          { session_id: 'b-2', interaction_id: b },
          { session_id: 'b-none', interaction_id: 'ia-none' },
        ],
        answer: { decision: 'approve', scope: 'once' },
      },
    });
    expect(res.status).toBe(200);
    const { results } = await json<{ results: Record<string, unknown>[] }>(res);
    expect(results.map((r) => [r.session_id, r.ok, r.status ?? 200])).toEqual([
      ['b-1', true, 200],
      ['b-2', true, 200],
      // The same question twice: the second is refused as a second click would be.
      ['b-2', false, 409],
      ['b-none', false, 404],
    ]);
    for (const sessionId of ['b-1', 'b-2']) {
      const call = await json<{
        outcome: string;
        resolution: { actor: { label: string }; interactionId: string };
      }>(await api('GET', `/sessions/${sessionId}/tool-calls/tc-1`, { token: w.agent.token }));
      expect(call.outcome).toBe('allow');
      expect(call.resolution.actor.label).toBe('Chrome on Linux');
    }
    // Each counts as an approval of its own.
    await asks(w, 'b-3');
    const c = await asks(w, 'b-4');
    await approve(w, 'b-4', c);
    expect(await inboxEntry(w, 'b-3')).toMatchObject({ learned: { approvals: 3 } });
  });

  it('an agent token cannot batch-answer; a batch that is empty, too long or malformed is a 400', async () => {
    const w = await world();
    const a = await asks(w, 'x-1');
    const body = {
      interactions: [{ session_id: 'x-1', interaction_id: a }],
      answer: { decision: 'approve' },
    };
    expect((await api('POST', '/interaction-respond-many', { token: w.agent.token, body })).status).toBe(403);
    const tooMany = Array.from({ length: 51 }, () => ({ session_id: 'x-1', interaction_id: a }));
    for (const bad of [
      { ...body, interactions: [] },
      { ...body, interactions: tooMany },
      { ...body, answer: { decision: 'maybe' } },
      { interactions: body.interactions },
      { ...body, extra: true },
    ]) {
      const res = await api('POST', '/interaction-respond-many', { token: w.approver.token, body: bad });
      expect(res.status).toBe(400);
    }
    // Nothing was answered by any of those.
    const call = await json<{ outcome: string }>(
      await api('GET', '/sessions/x-1/tool-calls/tc-1', { token: w.agent.token }),
    );
    expect(call.outcome).toBe('pending');
  });
});
