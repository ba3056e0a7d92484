import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionEvent, SessionView, ToolCallState } from '../../shared/contract/index.ts';
import { answer, api, askingCall, expectJson, submit, type Team, team, uid } from './session-fixtures.ts';

// every answer, mode change and grant names the token that made it.

let t: Team;
let phone: { token: string };
beforeAll(async () => {
  t = await team();
  const { code } = await expectJson<{ code: string }>(201, '/pairing-codes', {
    method: 'POST',
    token: t.admin,
  });
  phone = await expectJson(201, '/pair', { body: { code, label: 'Phone' } });
});

const asPhone = (): Team => ({ ...t, approver: phone.token });

describe('actor', () => {
  it('a paired device answers as its label: resolution, audit JSON and JSONL, tool call state', async () => {
    const sid = uid('s');
    const asked = await submit(t, sid, askingCall('a'));
    const res = await answer(asPhone(), sid, asked.interaction!.interactionId, 'approve', {
      scope: 'session',
    });
    expect(res.status).toBe(200);
    const actor = { tokenId: expect.stringMatching(/^tk-/), label: 'Phone', role: 'approver' };
    expect(await res.json()).toMatchObject({ resolution: { actor } });
    const state = await expectJson<ToolCallState>(200, `/sessions/${sid}/tool-calls/a`, { token: t.agent });
    expect(state.resolution).toMatchObject({ actor });
    const { events } = await expectJson<{ events: SessionEvent[] }>(200, `/sessions/${sid}/audit`, {
      token: t.approver,
    });
    const resolution = events.find((event) => event.name === 'tool_permission_resolution');
    expect(resolution?.value).toMatchObject({ source: 'user', actor });
    const jsonl = await api(`/sessions/${sid}/audit?format=jsonl`, { token: t.approver });
    const lines = new TextDecoder()
      .decode(await jsonl.arrayBuffer())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as SessionEvent);
    expect(lines.find((event) => event.name === 'tool_permission_resolution')?.value).toMatchObject({
      actor,
    });
  });

  it('a mode change names its approver in the event and the session detail', async () => {
    const sid = uid('s');
    await expectJson(200, `/sessions/${sid}`, { method: 'PUT', token: t.agent, body: { title: 'x' } });
    const view = await expectJson<SessionView>(200, `/sessions/${sid}/mode`, {
      method: 'PUT',
      token: phone.token,
      body: { mode: 'plan' },
    });
    expect(view).toMatchObject({ modeSetBy: 'approver', modeActor: { label: 'Phone', role: 'approver' } });
    const { events } = await expectJson<{ events: SessionEvent[] }>(200, `/sessions/${sid}/audit`, {
      token: t.approver,
    });
    expect(events.at(-1)).toMatchObject({
      name: 'mode_changed',
      value: { by: 'approver', actor: { label: 'Phone', role: 'approver' } },
    });
  });

  it('a pairing label is redacted and bounded like any text', async () => {
    const { code } = await expectJson<{ code: string }>(201, '/pairing-codes', {
      method: 'POST',
      token: t.admin,
    });
    const secret = `ghp_${'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'}`;
    await expectJson(201, '/pair', { body: { code, label: `laptop ${secret}` } });
    const { tokens } = await expectJson<{ tokens: { label: string | null }[] }>(200, '/tokens', {
      token: t.admin,
    });
    expect(JSON.stringify(tokens)).not.toContain(secret);
    expect(tokens.some((token) => token.label?.startsWith('laptop [REDACTED:'))).toBe(true);
  });

  it('without a label, the device is "paired device"', async () => {
    const { code } = await expectJson<{ code: string }>(201, '/pairing-codes', {
      method: 'POST',
      token: t.admin,
    });
    const device = await expectJson<{ token: string }>(201, '/pair', { body: { code } });
    const sid = uid('s');
    await expectJson(200, `/sessions/${sid}`, { method: 'PUT', token: t.agent, body: { title: 'y' } });
    const view = await expectJson<SessionView>(200, `/sessions/${sid}/mode`, {
      method: 'PUT',
      token: device.token,
      body: { mode: 'plan' },
    });
    expect(view.modeActor).toMatchObject({ label: 'paired device' });
  });
});
