import { beforeAll, describe, expect, it } from 'vitest';
import type { GlobalGrant, SessionGrant } from '../../shared/contract/index.ts';
import { answer, api, askingCall, expectJson, submit, type Team, team, uid } from './session-fixtures.ts';

// session and workspace grants are listed with their whole record and removable;
// removal applies to the next evaluation.

let t: Team;
let other: Team;
beforeAll(async () => {
  [t, other] = await Promise.all([team(), team()]);
}, 60_000);

async function approved(who: Team, sid: string, id: string, scope: 'session' | 'global', command?: string) {
  const asked = await submit(who, sid, askingCall(id, command));
  expect(asked.outcome).toBe('pending');
  expect((await answer(who, sid, asked.interaction!.interactionId, 'approve', { scope })).status).toBe(200);
}

describe('session grants', () => {
  it('are listed with their record, removed, and the next identical call asks again', async () => {
    const sid = uid('s');
    await approved(t, sid, 'a', 'session', 'npm install left-pad');
    expect((await submit(t, sid, askingCall('b', 'npm install left-pad'))).outcome).toBe('allow');
    const { grants } = await expectJson<{ grants: SessionGrant[] }>(200, `/sessions/${sid}/grants`, {
      token: t.approver,
    });
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({
      kind: 'call',
      scope: 'session',
      tool: 'Bash',
      input: { command: 'npm install left-pad' },
      key: expect.any(String),
      rule: null,
      expiresAt: null,
      actor: { role: 'approver', label: 'approver for tests' },
    });
    const id = grants[0]!.id;
    expect((await api(`/sessions/${sid}/grants/${id}`, { method: 'DELETE', token: t.agent })).status).toBe(
      403,
    );
    expect((await api(`/sessions/${sid}/grants`, { token: t.agent })).status).toBe(403);
    // Another workspace's token finds neither the session nor the grant.
    expect(
      (await api(`/sessions/${sid}/grants/${id}`, { method: 'DELETE', token: other.approver })).status,
    ).toBe(404);
    expect((await api(`/sessions/${sid}/grants/${id}`, { method: 'DELETE', token: t.approver })).status).toBe(
      204,
    );
    expect((await api(`/sessions/${sid}/grants/${id}`, { method: 'DELETE', token: t.approver })).status).toBe(
      404,
    );
    expect((await submit(t, sid, askingCall('c', 'npm install left-pad'))).outcome).toBe('pending');
    expect(
      (await expectJson<{ grants: SessionGrant[] }>(200, `/sessions/${sid}/grants`, { token: t.approver }))
        .grants,
    ).toEqual([]);
  });

  it('a grant id of another session of the workspace is not found here', async () => {
    const first = uid('s');
    const second = uid('s');
    await approved(t, first, 'a', 'session');
    await submit(t, second, askingCall('x'));
    const { grants } = await expectJson<{ grants: SessionGrant[] }>(200, `/sessions/${first}/grants`, {
      token: t.approver,
    });
    expect(
      (await api(`/sessions/${second}/grants/${grants[0]!.id}`, { method: 'DELETE', token: t.approver }))
        .status,
    ).toBe(404);
  });
});

describe('workspace grants', () => {
  it('record kind, scope and actor; another workspace cannot remove them; removal asks again', async () => {
    const sid = uid('s');
    await approved(t, sid, 'g', 'global', 'npm install is-even');
    expect((await submit(t, uid('s'), askingCall('h', 'npm install is-even'))).outcome).toBe('allow');
    const { grants } = await expectJson<{ grants: GlobalGrant[] }>(200, '/grants', { token: t.approver });
    const grant = grants.find((g) => g.sessionId === sid)!;
    expect(grant).toMatchObject({
      kind: 'call',
      scope: 'global',
      rule: null,
      expiresAt: null,
      actor: { role: 'approver', label: 'approver for tests' },
    });
    expect((await api(`/grants/${grant.id}`, { method: 'DELETE', token: t.agent })).status).toBe(403);
    expect((await api(`/grants/${grant.id}`, { method: 'DELETE', token: other.approver })).status).toBe(404);
    expect((await api(`/grants/${grant.id}`, { method: 'DELETE', token: t.approver })).status).toBe(204);
    expect((await submit(t, uid('s'), askingCall('i', 'npm install is-even'))).outcome).toBe('pending');
  });
});
