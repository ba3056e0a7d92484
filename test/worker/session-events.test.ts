import { evictDurableObject } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { SessionEvent, type ToolCallState } from '../../shared/contract/index.ts';
import {
  answer,
  api,
  askingCall,
  auditEvents,
  expectJson,
  readSse,
  sessionStub,
  submit,
  type Team,
  team,
  uid,
} from './session-fixtures.ts';

let t: Team;
beforeAll(async () => {
  t = await team();
});

const declare = (sid: string, body: object = {}) =>
  expectJson(200, `/sessions/${sid}`, { method: 'PUT', token: t.agent, body });

/** The names of the events after `after`. */
const namesAfter = async (sid: string, after: number) =>
  (await auditEvents(t, sid)).filter((event) => event.seq > after).map((event) => event.name);

const lastSeq = async (sid: string) => (await auditEvents(t, sid)).at(-1)?.seq ?? 0;

describe('event order (DESIGN §4)', () => {
  it('allow: TOOL_CALL_START → tool_permission_decision → tool_call_attested, then TOOL_CALL_RESULT when reported', async () => {
    const sid = uid('s');
    await declare(sid, { title: 'allow path' });
    const before = await lastSeq(sid);
    await submit(t, sid, { tool_call_id: 'r', tool: 'Read', input: { file_path: 'src/a.ts' } });
    await expectJson(200, `/sessions/${sid}/tool-calls/r/result`, { token: t.agent, body: { status: 'ok' } });
    expect(await namesAfter(sid, before)).toEqual([
      'TOOL_CALL_START',
      'tool_permission_decision',
      'tool_call_attested',
      'TOOL_CALL_RESULT',
    ]);
  });

  it('deny: TOOL_CALL_START → tool_permission_decision (deny) → tool_call_attested, nothing else', async () => {
    const sid = uid('s');
    await declare(sid, { permissions: { permissions: { deny: ['Bash(rm:*)'] } } });
    const before = await lastSeq(sid);
    const state = await submit(t, sid, {
      tool_call_id: 'd',
      tool: 'Bash',
      input: { command: 'rm -rf build' },
    });
    expect(state).toMatchObject({ outcome: 'deny', decision: { behavior: 'deny' } });
    const events = (await auditEvents(t, sid)).filter((event) => event.seq > before);
    expect(events.map((event) => event.name)).toEqual([
      'TOOL_CALL_START',
      'tool_permission_decision',
      'tool_call_attested',
    ]);
    expect(events[1]?.value).toEqual(state.decision);
  });

  it('ask: … → tool_approval_request → tool_permission_resolution → tool_call_attested → TOOL_CALL_RESULT', async () => {
    const sid = uid('s');
    await declare(sid);
    const before = await lastSeq(sid);
    const asked = await submit(t, sid, askingCall('a'));
    await answer(t, sid, asked.interaction!.interactionId);
    await expectJson(200, `/sessions/${sid}/tool-calls/a/result`, {
      token: t.agent,
      body: { status: 'error', output: 'exit 1' },
    });
    const events = (await auditEvents(t, sid)).filter((event) => event.seq > before);
    expect(events.map((event) => event.name)).toEqual([
      'TOOL_CALL_START',
      'tool_permission_decision',
      'tool_approval_request',
      'tool_permission_resolution',
      'tool_call_attested',
      'TOOL_CALL_RESULT',
    ]);
    const request = events[2]!;
    if (request.name !== 'tool_approval_request') throw new Error('unreachable');
    expect(request.value).toMatchObject({
      toolCallId: 'a',
      interactionId: asked.interaction!.interactionId,
      tool: 'Bash',
      input: { command: expect.stringContaining('npm install') },
      decision: { behavior: 'ask' },
      expiresAt: asked.interaction!.expiresAt,
      queuePosition: 0,
    });
    expect(request.value.actions.map((action) => action.id)).toEqual([
      'allow_once',
      'allow_session',
      'allow_always',
      'deny',
    ]);
  });

  it('declaring a session logs session_updated and mode_changed, naming who', async () => {
    const sid = uid('s');
    await declare(sid, { title: 'T', mode: 'plan' });
    const events = await auditEvents(t, sid);
    expect(events.map((event) => event.name)).toEqual(['session_updated', 'mode_changed']);
    expect(events[0]?.value).toMatchObject({ title: 'T', by: 'agent' });
    expect(events[1]?.value).toEqual({
      mode: 'plan',
      engineMode: 'plan',
      previousMode: null,
      by: 'agent',
      actor: { tokenId: expect.any(String), label: 'agent for tests', role: 'agent' },
    });
  });

  it('every stored and streamed event matches the contract, seq strictly increasing', async () => {
    const sid = uid('s');
    await declare(sid, { title: 'mixed' });
    await submit(t, sid, { tool_call_id: 'r', tool: 'Read', input: { file_path: 'a' } });
    const a = await submit(t, sid, askingCall('a'));
    await submit(t, sid, askingCall('b'));
    await answer(t, sid, a.interaction!.interactionId, 'reject', { comment: 'no' });
    await expectJson(200, `/sessions/${sid}/tool-calls/b`, { method: 'DELETE', token: t.agent });
    const events = await auditEvents(t, sid);
    expect(events.length).toBeGreaterThan(8);
    for (const event of events) expect(SessionEvent.safeParse(event).success).toBe(true);
    for (let i = 1; i < events.length; i++) expect(events[i]!.seq).toBeGreaterThan(events[i - 1]!.seq);
  });

  it('never stores or streams a secret from an input', async () => {
    const sid = uid('s');
    const secret = `sk-ant-api03-${'x9Y8z7W6v5'.repeat(5)}`;
    const state = await submit(t, sid, {
      tool_call_id: 's',
      tool: 'Bash',
      input: { command: `curl -H "x-api-key: ${secret}" https://api.example.com` },
    });
    expect(JSON.stringify(await auditEvents(t, sid))).not.toContain(secret);
    expect(JSON.stringify(state)).not.toContain(secret);
  });
});

describe('SSE', () => {
  const stream = (sid: string, headers: Record<string, string> = {}, query = '') =>
    api(`/sessions/${sid}/events${query}`, { token: t.agent, headers });

  it('replays the log, then streams live events', async () => {
    const sid = uid('s');
    await submit(t, sid, askingCall('a'));
    const res = await stream(sid);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reading = readSse(res, 6);
    const asked = await submit(t, sid, askingCall('b'));
    expect(asked.interaction?.state).toBe('queued');
    const events = await reading;
    expect(events.map((event) => event.name)).toEqual([
      'TOOL_CALL_START',
      'tool_permission_decision',
      'tool_approval_request',
      'TOOL_CALL_START',
      'tool_permission_decision',
      'tool_approval_request',
    ]);
    expect(events).toEqual(await auditEvents(t, sid));
  });

  it('resumes from Last-Event-ID (or ?after=) without losing or repeating an event', async () => {
    const sid = uid('s');
    for (const id of ['a', 'b', 'c']) await submit(t, sid, askingCall(id));
    const all = await auditEvents(t, sid);
    expect(all).toHaveLength(9);

    const firstPart = await readSse(await stream(sid), 4);
    expect(firstPart).toEqual(all.slice(0, 4));
    const resumeAt = String(firstPart.at(-1)!.seq);

    const res = await stream(sid, { 'last-event-id': resumeAt }, '?after=0');
    const reading = readSse(res, 5 + 3);
    await submit(t, sid, { tool_call_id: 'live', tool: 'Read', input: { file_path: 'x' } });
    const rest = await reading;
    const full = await auditEvents(t, sid);
    expect([...firstPart, ...rest]).toEqual(full);
    expect(new Set(full.map((event) => event.seq)).size).toBe(full.length);

    const byQuery = await readSse(await stream(sid, {}, `?after=${resumeAt}`), full.length - 4);
    expect(byQuery).toEqual(full.slice(4));
  });

  it('refuses a malformed resume point (400)', async () => {
    const sid = uid('s');
    await submit(t, sid, askingCall('a'));
    expect((await stream(sid, { 'last-event-id': 'yesterday' })).status).toBe(400);
    expect((await stream(sid, {}, '?after=-3')).status).toBe(400);
  });
});

describe('WebSocket', () => {
  it('replays after ?after=, streams live events, answers ping with pong', async () => {
    const sid = uid('s');
    await submit(t, sid, askingCall('a'));
    const all = await auditEvents(t, sid);
    const res = await exports.default.fetch(
      `http://relay/api/v1/sessions/${sid}/events?after=${all[0]!.seq}`,
      {
        headers: { upgrade: 'websocket', authorization: `Bearer ${t.approver}` },
      },
    );
    expect(res.status).toBe(101);
    const socket = res.webSocket!;
    const received: string[] = [];
    let notify: () => void = () => {};
    socket.addEventListener('message', (message) => {
      received.push(String(message.data));
      notify();
    });
    socket.accept();
    const until = (count: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${received.length} messages`)), 5000);
        notify = () => {
          if (received.length >= count) {
            clearTimeout(timer);
            resolve();
          }
        };
        notify();
      });
    await until(2);
    await submit(t, sid, { tool_call_id: 'r', tool: 'Read', input: { file_path: 'x' } });
    await until(5);
    socket.send('ping');
    await until(6);
    const events = received.slice(0, 5).map((text) => JSON.parse(text) as SessionEvent);
    expect(events.map((event) => event.name)).toEqual([
      'tool_permission_decision',
      'tool_approval_request',
      'TOOL_CALL_START',
      'tool_permission_decision',
      'tool_call_attested',
    ]);
    expect(events[0]!.seq).toBe(all[1]!.seq);
    expect(received[5]).toBe('pong');
    socket.close(1000, 'done');
  });
});

describe('WebSocket hibernation', () => {
  it('a socket survives the object being evicted and still hears new events', async () => {
    const sid = uid('s');
    await submit(t, sid, askingCall('a'));
    const last = (await auditEvents(t, sid)).at(-1)!.seq;
    const res = await exports.default.fetch(`http://relay/api/v1/sessions/${sid}/events?after=${last}`, {
      headers: { upgrade: 'websocket', authorization: `Bearer ${t.agent}` },
    });
    const socket = res.webSocket!;
    const received: SessionEvent[] = [];
    const arrived = new Promise<void>((resolve) => {
      socket.addEventListener('message', (message) => {
        received.push(JSON.parse(String(message.data)) as SessionEvent);
        if (received.length === 3) resolve();
      });
    });
    socket.accept();
    await evictDurableObject(sessionStub(t.workspaceId, sid));
    await submit(t, sid, { tool_call_id: 'r', tool: 'Read', input: { file_path: 'x' } });
    await arrived;
    expect(received.map((event) => [event.seq, event.name])).toEqual([
      [last + 1, 'TOOL_CALL_START'],
      [last + 2, 'tool_permission_decision'],
      [last + 3, 'tool_call_attested'],
    ]);
    socket.close(1000, 'done');
  });
});

describe('audit', () => {
  it('serves the log as JSON Lines and in pages', async () => {
    const sid = uid('s');
    await submit(t, sid, askingCall('a'));
    await submit(t, sid, { tool_call_id: 'r', tool: 'Read', input: { file_path: 'x' } });
    const all = await auditEvents(t, sid);

    const res = await api(`/sessions/${sid}/audit?format=jsonl`, { token: t.approver });
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = (await res.text()).trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual(all);

    const page = await expectJson<{ events: SessionEvent[]; next: number | null }>(
      200,
      `/sessions/${sid}/audit?limit=2`,
      { token: t.approver },
    );
    expect(page.events).toEqual(all.slice(0, 2));
    expect(page.next).toBe(all[1]!.seq);
    const rest = await expectJson<{ events: SessionEvent[]; next: number | null }>(
      200,
      `/sessions/${sid}/audit?after=${page.next}`,
      { token: t.approver },
    );
    expect(rest).toEqual({ events: all.slice(2), next: null });
    expect((await api(`/sessions/${sid}/audit?format=xml`, { token: t.approver })).status).toBe(400);
  });

  it('serves the newest events with ?tail=, oldest first, and refuses a bad tail', async () => {
    const sid = uid('s');
    await submit(t, sid, askingCall('a'));
    await submit(t, sid, { tool_call_id: 'r', tool: 'Read', input: { file_path: 'x' } });
    const all = await auditEvents(t, sid);
    expect(all.length).toBeGreaterThan(3);

    const tail = await expectJson<{ events: SessionEvent[]; next: number | null }>(
      200,
      `/sessions/${sid}/audit?tail=3`,
      { token: t.approver },
    );
    expect(tail).toEqual({ events: all.slice(-3), next: null });
    const everything = await expectJson<{ events: SessionEvent[] }>(200, `/sessions/${sid}/audit?tail=1000`, {
      token: t.approver,
    });
    expect(everything.events).toEqual(all);
    for (const bad of ['0', '1001', 'x', '-2']) {
      const res = await api(`/sessions/${sid}/audit?tail=${bad}`, { token: t.approver });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('tail');
    }
    expect((await api(`/sessions/${sid}/audit?tail=3`, { token: t.agent })).status).toBe(403);
    expect((await api(`/sessions/${uid('none')}/audit?tail=3`, { token: t.approver })).status).toBe(404);
  });

  it('answers GET of a tool call with its current state', async () => {
    const sid = uid('s');
    const submitted = await submit(t, sid, askingCall('a'));
    expect(await expectJson<ToolCallState>(200, `/sessions/${sid}/tool-calls/a`, { token: t.agent })).toEqual(
      submitted,
    );
  });
});
