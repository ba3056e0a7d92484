import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, pairWithRelay } from '../../client/sdk/index.ts';
import type { SessionEvent } from '../../shared/contract/index.ts';
import { activeInteraction, startRelay, type TestRelay } from './client-relay.ts';

let relay: TestRelay;
beforeAll(async () => {
  relay = await startRelay();
});
afterAll(async () => {
  await relay?.stop();
});

describe('the SDK against the real relay', () => {
  it('submit → waitFor ← respond; the events stream tells the same story; roles hold', async () => {
    const sid = 'sdk-e2e';
    const view = await relay.agent.declareSession(sid, { title: 'SDK', agent: 'e2e', mode: 'default' });
    expect(view).toMatchObject({ sessionId: sid, title: 'SDK', engineMode: 'default' });

    const read = await relay.agent.submit(sid, {
      tool_call_id: 'r1',
      tool: 'Read',
      input: { file_path: 'README.md' },
    });
    expect(read).toMatchObject({ outcome: 'allow', decision: { behavior: 'allow', risk: 'safe' } });

    const asked = await relay.agent.submit(sid, {
      tool_call_id: 'b1',
      tool: 'Bash',
      input: { command: 'npm install left-pad' },
      wait: 0,
    });
    expect(asked).toMatchObject({ outcome: 'pending', interaction: { state: 'active' } });

    // An agent token can never answer (DESIGN §3).
    await expect(
      relay.agent.respond(sid, {
        interaction_id: asked.interaction!.interactionId,
        answer: { decision: 'approve' },
      }),
    ).rejects.toMatchObject({ status: 403, code: 'forbidden' });

    const waiting = relay.agent.waitFor(sid, 'b1', { pollSeconds: 10 });
    const interaction = await activeInteraction(relay.approver, sid);
    expect(interaction.interactionId).toBe(asked.interaction!.interactionId);
    const answered = await relay.approver.respond(sid, {
      interaction_id: interaction.interactionId,
      answer: { decision: 'approve', scope: 'once' },
    });
    expect(answered).toMatchObject({ state: 'resolved', resolution: { actionId: 'allow_once' } });
    expect(await waiting).toMatchObject({
      outcome: 'allow',
      resolution: { source: 'user', actionId: 'allow_once' },
    });

    // Answering twice is a 409 carrying the state.
    await expect(
      relay.approver.respond(sid, {
        interaction_id: interaction.interactionId,
        answer: { decision: 'reject' },
      }),
    ).rejects.toMatchObject({ status: 409, code: 'conflict' });

    expect(await relay.agent.reportResult(sid, 'b1', { status: 'ok' })).toMatchObject({ outcome: 'allow' });

    const controller = new AbortController();
    const names: SessionEvent['name'][] = [];
    let lastSeq = 0;
    for await (const event of relay.agent.events(sid, { signal: controller.signal })) {
      names.push(event.name);
      expect(event.seq).toBeGreaterThan(lastSeq);
      lastSeq = event.seq;
      if (event.name === 'TOOL_CALL_RESULT') controller.abort();
    }
    expect(names.filter((name) => name !== 'session_updated' && name !== 'mode_changed')).toEqual([
      'TOOL_CALL_START',
      'tool_permission_decision',
      'TOOL_CALL_START',
      'tool_permission_decision',
      'tool_approval_request',
      'tool_permission_resolution',
      'TOOL_CALL_RESULT',
    ]);

    // Resume after a seq: only what came later.
    const resumed = new AbortController();
    const later: number[] = [];
    for await (const event of relay.agent.events(sid, { after: lastSeq - 2, signal: resumed.signal })) {
      later.push(event.seq);
      if (event.seq === lastSeq) resumed.abort();
    }
    expect(later).toEqual([lastSeq - 1, lastSeq]);
  });

  it('cancel withdraws a pending question; a bad token is a 401', async () => {
    const sid = 'sdk-cancel';
    await relay.agent.submit(sid, { tool_call_id: 'c1', tool: 'Bash', input: { command: 'make deploy' } });
    expect(await relay.agent.cancel(sid, 'c1')).toMatchObject({
      outcome: 'deny',
      resolution: { source: 'cancel', actionId: 'canceled' },
    });
    const { createClient } = await import('../../client/sdk/index.ts');
    await expect(createClient({ url: relay.url, token: 'gh_nope' }).inbox()).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
  });
});

describe('the approver calls of the SDK', () => {
  it('pairs once with a code, then reads the newest events and gets socket tickets', async () => {
    const { code, url } = await relay.admin.createPairingCode();
    expect(url).toBe(`${relay.url}/app#pair=${code}`);
    const paired = await pairWithRelay({ url: relay.url, code });
    expect(paired).toMatchObject({ workspaceId: 'default' });
    expect(paired.token).toMatch(/^gh_/);
    await expect(pairWithRelay({ url: relay.url, code })).rejects.toMatchObject({ status: 410 });
    await expect(pairWithRelay({ url: relay.url, code: 'NOPE1234' })).rejects.toMatchObject({ status: 400 });

    const approver = createClient({ url: relay.url, token: paired.token });
    const sid = 'sdk-approver';
    await relay.agent.submit(sid, { tool_call_id: 'r1', tool: 'Read', input: { file_path: 'README.md' } });
    await relay.agent.submit(sid, { tool_call_id: 'r2', tool: 'Read', input: { file_path: 'LICENSE' } });
    const all = (await approver.audit(sid)).events;
    const tail = await approver.audit(sid, { tail: 2 });
    expect(tail).toEqual({ events: all.slice(-2), next: null });
    await expect(relay.agent.audit(sid, { tail: 2 })).rejects.toMatchObject({ status: 403 });

    const ticket = await approver.wsTicket();
    expect(ticket.ticket.length).toBeGreaterThan(16);
    expect(Date.parse(ticket.expiresAt)).toBeGreaterThan(Date.now());
  });
});
