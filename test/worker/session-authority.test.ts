import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionView, ToolCallState } from '../../shared/contract/index.ts';
import { api, auditEvents, expectJson, submit, type Team, team, uid } from './session-fixtures.ts';

// DESIGN §5 "Layering": an agent token may tighten its session, never loosen
// it, unless the workspace grants agents that power. Every loosening field is tried with and
// without the workspace's grant, through PUT /sessions/{sid}.

let plain: Team;
let granting: Team;
beforeAll(async () => {
  [plain, granting] = await Promise.all([team(), team()]);
  await expectJson(200, '/permissions', {
    method: 'PUT',
    token: granting.admin,
    body: { agents: { loosen: true, modes: ['bypass', 'accept_edits'] } },
  });
});

const declare = (who: Team, sid: string, body: object) =>
  expectJson<SessionView>(200, `/sessions/${sid}`, { method: 'PUT', token: who.agent, body });
const bash = (id: string, command: string) => ({ tool_call_id: id, tool: 'Bash', input: { command } });
const outcomeOf = (state: ToolCallState) => state.decision.behavior;

const loosenings: [string, object, object, string][] = [
  [
    'an allow rule',
    { permissions: { permissions: { allow: ['Bash(npm run build)'] } } },
    bash('c', 'npm run build'),
    'allow rule Bash(npm run build)',
  ],
  [
    'tools: allow',
    { permissions: { tools: { Bash: 'allow' } } },
    bash('c', 'npm run build'),
    'tools.Bash: allow',
  ],
  [
    'capability allow',
    { permissions: { capabilities: { exec: 'allow' } } },
    bash('c', 'npm run build'),
    'capabilities.exec: allow',
  ],
  ['default: allow', { permissions: { default: 'allow' } }, bash('c', 'npm run build'), 'default: allow'],
  ['mode bypass', { mode: 'bypass' }, bash('c', 'npm run build'), ''],
  [
    'mode accept_edits',
    { mode: 'acceptEdits' },
    {
      tool_call_id: 'c',
      tool: 'Edit',
      input: { file_path: '/work/repo/a.ts', old_string: 'a', new_string: 'b' },
      cwd: '/work/repo',
    },
    '',
  ],
];

describe('a loosening declaration', () => {
  it.each(loosenings)('%s: not applied without the grant, and shown', async (_, body, call, named) => {
    const sid = uid('s');
    const view = await declare(plain, sid, body);
    expect(view.engineMode).toBe('default');
    expect(view.requested?.label).toContain('not applied');
    if (named) expect(view.requested?.permissions).toEqual([named]);
    expect(outcomeOf(await submit(plain, sid, call))).toBe('ask');
    // The inbox entry and the question carry what was asked.
    const inbox = await expectJson<{ sessions: SessionView[] }>(200, '/inbox', { token: plain.approver });
    const entry = inbox.sessions.find((session) => session.sessionId === sid);
    expect(entry?.requested).toEqual(view.requested);
    expect(entry?.activeInteraction?.requested).toEqual(view.requested);
  });

  it.each(loosenings)('%s: applied where the workspace grants it', async (_, body, call) => {
    const sid = uid('s');
    const view = await declare(granting, sid, body);
    expect(view.requested).toBeNull();
    expect(outcomeOf(await submit(granting, sid, call))).toBe('allow');
  });

  it.each(loosenings)('%s: an approver grants it for that one session, recorded', async (_, body, call) => {
    const sid = uid('s');
    await declare(plain, sid, body);
    const res = await api(`/sessions/${sid}/grant-requested`, { method: 'POST', token: plain.approver });
    expect(res.status).toBe(200);
    expect(((await res.json()) as SessionView).requested).toBeNull();
    expect(outcomeOf(await submit(plain, sid, call))).toBe('allow');
    const events = await auditEvents(plain, sid);
    expect(
      events.some(
        (event) =>
          (event.name === 'session_updated' || event.name === 'mode_changed') &&
          event.value.by === 'approver' &&
          event.value.actor?.role === 'approver',
      ),
    ).toBe(true);
    // Another session of the same agent does not get it.
    const other = uid('s');
    await declare(plain, other, body);
    expect(outcomeOf(await submit(plain, other, call))).toBe('ask');
  });

  it('grant-requested: 409 with nothing asked, 403 for an agent token', async () => {
    const sid = uid('s');
    await declare(plain, sid, { mode: 'plan' });
    expect(
      (await api(`/sessions/${sid}/grant-requested`, { method: 'POST', token: plain.approver })).status,
    ).toBe(409);
    await declare(plain, sid, { mode: 'bypass' });
    expect(
      (await api(`/sessions/${sid}/grant-requested`, { method: 'POST', token: plain.agent })).status,
    ).toBe(403);
  });

  it('PUT /mode with the requested mode grants it too', async () => {
    const sid = uid('s');
    await declare(plain, sid, { mode: 'bypass' });
    const res = await api(`/sessions/${sid}/mode`, {
      method: 'PUT',
      token: plain.approver,
      body: { mode: 'bypass' },
    });
    expect(await res.json()).toMatchObject({ engineMode: 'bypass', requested: null, modeSetBy: 'approver' });
  });
});

describe('tightening', () => {
  it.each([
    ['a deny rule', { permissions: { permissions: { deny: ['Bash(npm run build)'] } } }, 'deny'],
    ['an ask rule', { permissions: { permissions: { ask: ['Bash(npm run build)'] } } }, 'ask'],
    ['tools: deny', { permissions: { tools: { Bash: 'deny' } } }, 'deny'],
    ['capability deny', { permissions: { capabilities: { exec: 'deny' } } }, 'deny'],
    ['mode plan', { mode: 'plan' }, 'deny'],
    ['mode dontAsk', { mode: 'dontAsk' }, 'deny'],
  ])('%s applies at once, even after an approver granted Full Access', async (_, body, expected) => {
    const sid = uid('s');
    await declare(plain, sid, { title: 'granted' });
    await expectJson(200, `/sessions/${sid}/mode`, {
      method: 'PUT',
      token: plain.approver,
      body: { mode: 'bypass' },
    });
    await declare(plain, sid, body);
    expect(outcomeOf(await submit(plain, sid, bash('c', 'npm run build')))).toBe(expected);
  });

  it("a later loosening declaration never undoes an approver's choice", async () => {
    const sid = uid('s');
    await declare(plain, sid, { mode: 'default' });
    await expectJson(200, `/sessions/${sid}/mode`, {
      method: 'PUT',
      token: plain.approver,
      body: { mode: 'plan' },
    });
    for (const mode of ['default', 'acceptEdits', 'bypassPermissions', 'auto', 'bypass', 'plan']) {
      const view = await declare(plain, sid, { mode });
      expect(view.engineMode).toBe('plan');
    }
    // The same mode named again (as a hook does with every call) changes nothing either.
    await expectJson(200, `/sessions/${sid}/mode`, {
      method: 'PUT',
      token: plain.approver,
      body: { mode: 'acceptEdits' },
    });
    expect((await declare(plain, sid, { mode: 'plan' })).engineMode).toBe('accept_edits');
  });
});

describe('the attacks on session authority', () => {
  it.each([
    ['{"mode":"bypass"}', { mode: 'bypass' }],
    ['mode bypassPermissions', { mode: 'bypassPermissions' }],
    ['mode full_access', { mode: 'full_access' }],
    [
      'a declared mode behaving as bypass',
      { modes: [{ id: 'safe', label: 'Safe', behaves_as: 'bypass' }], mode: 'safe' },
    ],
    ['Claude settings defaultMode', { permissions: { permissions: { defaultMode: 'bypassPermissions' } } }],
  ])('an agent token declares %s, then chmod -R 777 / is not allowed', async (_, body) => {
    const sid = uid('s');
    await declare(plain, sid, body);
    const state = await submit(plain, sid, bash('chmod', 'chmod -R 777 /'));
    expect(state.outcome).not.toBe('allow');
    expect(state.decision.source).not.toBe('full_access');
  });

  it('a declared mode remapped to bypass later does not loosen either', async () => {
    const sid = uid('s');
    await declare(plain, sid, { modes: [{ id: 'x', label: 'X', behaves_as: 'plan' }], mode: 'x' });
    const view = await declare(plain, sid, { modes: [{ id: 'x', label: 'X', behaves_as: 'bypass' }] });
    expect(view.engineMode).not.toBe('bypass');
    expect((await submit(plain, sid, bash('chmod', 'chmod -R 777 /'))).outcome).not.toBe('allow');
  });

  it.each([
    ['shield off + tools Bash allow', { shield: 'off', tools: { Bash: 'allow' } }],
    [
      'shield off + allow rule',
      { shield: 'off', rules: [{ tool: 'Bash', permission: 'allow', content: 'cat:*' }] },
    ],
    ['shield off + default allow', { shield: 'off', default: 'allow' }],
    ['Claude settings allow', { permissions: { allow: ['Bash(cat:*)', 'Bash'] } }],
  ])('declaring %s, then cat ~/.ssh/id_rsa is not allowed', async (_, permissions) => {
    const sid = uid('s');
    await declare(plain, sid, { permissions });
    const state = await submit(plain, sid, bash('key', 'cat ~/.ssh/id_rsa'));
    expect(state.outcome).not.toBe('allow');
  });

  it("a granted tools: allow still yields to the workspace's ask rules", async () => {
    const sid = uid('s');
    await expectJson(200, '/permissions', {
      method: 'PUT',
      token: granting.admin,
      body: { agents: { loosen: true }, rules: [{ tool: 'Bash', permission: 'ask', content: 'git push:*' }] },
    });
    await declare(granting, sid, { permissions: { shield: 'off', tools: { Bash: 'allow' } } });
    expect(outcomeOf(await submit(granting, sid, bash('push', 'git push origin main')))).toBe('ask');
    expect(outcomeOf(await submit(granting, sid, bash('key', 'cat ~/.ssh/id_rsa')))).toBe('ask');
    expect(outcomeOf(await submit(granting, sid, bash('build', 'npm run build')))).toBe('allow');
  });
});
