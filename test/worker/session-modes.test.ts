import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionView } from '../../shared/contract/index.ts';
import {
  api,
  askingCall,
  auditEvents,
  expectJson,
  submit,
  type Team,
  team,
  uid,
} from './session-fixtures.ts';

let t: Team;
beforeAll(async () => {
  t = await team();
});

const declared = [
  {
    id: 'careful',
    label: 'Careful',
    description: 'Ask before anything that is not a read',
    behaves_as: 'default',
  },
  { id: 'yolo', label: 'Full Access', behaves_as: 'bypassPermissions' },
  { id: 'plan', label: 'Plan' },
];

const declare = (team: Team, sid: string, body: object) =>
  api(`/sessions/${sid}`, { method: 'PUT', token: team.agent, body });
const selectMode = (team: Team, sid: string, mode: string) =>
  api(`/sessions/${sid}/mode`, { method: 'PUT', token: team.approver, body: { mode } });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;

describe('declared modes', () => {
  it('maps declared modes to engine modes and selects one', async () => {
    const sid = uid('s');
    const res = await declare(t, sid, {
      title: 'Modes',
      agent: 'astrabox',
      modes: declared,
      mode: 'careful',
    });
    expect(res.status).toBe(200);
    const view = (await res.json()) as SessionView;
    expect(view).toMatchObject({ mode: 'careful', engineMode: 'default' });
    expect(view.modes).toEqual([
      {
        id: 'careful',
        label: 'Careful',
        description: 'Ask before anything that is not a read',
        mode: 'default',
      },
      { id: 'yolo', label: 'Full Access', mode: 'bypass' },
      { id: 'plan', label: 'Plan', mode: 'plan' },
    ]);
  });

  it('an approver switches mode; the next evaluation uses it; mode_changed names who', async () => {
    const sid = uid('s');
    await declare(t, sid, { modes: declared, mode: 'careful' });
    expect(await submit(t, sid, askingCall('before'))).toMatchObject({ outcome: 'pending' });

    const res = await selectMode(t, sid, 'yolo');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ mode: 'yolo', engineMode: 'bypass' });
    expect(await submit(t, sid, askingCall('after'))).toMatchObject({
      outcome: 'allow',
      decision: { source: 'full_access' },
    });
    // A pending question stays pending: a mode applies to evaluations from now on.
    expect(await expectJson(200, `/sessions/${sid}/tool-calls/before`, { token: t.agent })).toMatchObject({
      outcome: 'pending',
    });

    expect((await selectMode(t, sid, 'plan')).status).toBe(200);
    expect(await submit(t, sid, askingCall('planned'))).toMatchObject({ outcome: 'deny' });

    const changes = (await auditEvents(t, sid)).filter((event) => event.name === 'mode_changed');
    expect(changes.map((event) => event.value)).toMatchObject([
      { mode: 'careful', engineMode: 'default', previousMode: null, by: 'agent' },
      { mode: 'yolo', engineMode: 'bypass', previousMode: 'careful', by: 'approver' },
      { mode: 'plan', engineMode: 'plan', previousMode: 'yolo', by: 'approver' },
    ]);
  });

  it('selects an engine mode by name or Claude Code alias, and refuses an unknown one (400)', async () => {
    const sid = uid('s');
    await declare(t, sid, { modes: declared });
    expect(await (await selectMode(t, sid, 'acceptEdits')).json()).toMatchObject({
      mode: 'acceptEdits',
      engineMode: 'accept_edits',
    });
    const unknown = await selectMode(t, sid, 'turbo');
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).message).toContain('turbo');
    expect((await declare(t, sid, { mode: 'warp' })).status).toBe(400);
  });

  it('setting the same mode again logs nothing', async () => {
    const sid = uid('s');
    await declare(t, sid, { mode: 'plan' });
    const before = (await auditEvents(t, sid)).length;
    expect((await selectMode(t, sid, 'plan')).status).toBe(200);
    expect(await auditEvents(t, sid)).toHaveLength(before);
  });

  it('refuses a declared mode that is no engine mode and says no behaves_as (400)', async () => {
    const res = await declare(t, uid('s'), { modes: [{ id: 'turbo', label: 'Turbo' }] });
    expect(res.status).toBe(400);
  });

  it('takes the mode from the permissions when the declaration names none (when it tightens)', async () => {
    const sid = uid('s');
    const res = await declare(t, sid, { permissions: { permissions: { defaultMode: 'plan' } } });
    expect(await res.json()).toMatchObject({ mode: 'plan', engineMode: 'plan' });
    const looser = await declare(t, uid('s'), {
      permissions: { permissions: { defaultMode: 'acceptEdits' } },
    });
    expect(await looser.json()).toMatchObject({
      engineMode: 'default',
      requested: { mode: 'accept_edits', engineMode: 'accept_edits' },
    });
  });

  it('declaring the same permissions again keeps the mode an approver switched to', async () => {
    const sid = uid('s');
    const permissions = { permissions: { defaultMode: 'acceptEdits', deny: ['Bash(rm:*)'] } };
    await declare(t, sid, { permissions });
    expect((await selectMode(t, sid, 'plan')).status).toBe(200);
    const again = await declare(t, sid, { title: 'still planning', permissions });
    expect(await again.json()).toMatchObject({ mode: 'plan', title: 'still planning' });
    // New permissions asking for a looser mode do not undo the approver's choice either.
    const changed = await declare(t, sid, { permissions: { permissions: { defaultMode: 'acceptEdits' } } });
    expect(await changed.json()).toMatchObject({ mode: 'plan', requested: { mode: 'accept_edits' } });
  });

  it('refuses permissions that do not compile, naming the rule (400), and keeps the old ones', async () => {
    const sid = uid('s');
    await declare(t, sid, { permissions: { permissions: { deny: ['Bash(rm:*)'] } } });
    const res = await declare(t, sid, { permissions: { permissions: { allow: ['Bash(git push'] } } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain('Bash(git push');
    expect(
      await submit(t, sid, { tool_call_id: 'rm', tool: 'Bash', input: { command: 'rm -rf x' } }),
    ).toMatchObject({
      outcome: 'deny',
    });
  });
});

describe('modes the workspace allows', () => {
  let narrow: Team;
  beforeAll(async () => {
    narrow = await team();
    await expectJson(200, '/permissions', {
      method: 'PUT',
      token: narrow.admin,
      body: { allowedModes: ['default', 'plan', 'acceptEdits'] },
    });
  });

  it('refuses declaring a disallowed mode (403 naming it)', async () => {
    const res = await declare(narrow, uid('s'), { modes: declared });
    expect(res.status).toBe(403);
    const error = await errorOf(res);
    expect(error.code).toBe('forbidden');
    expect(error.message).toContain('yolo');
  });

  it('refuses selecting a disallowed mode, by declaration, permissions or approver (403)', async () => {
    const sid = uid('s');
    expect((await declare(narrow, sid, { mode: 'bypassPermissions' })).status).toBe(403);
    expect(
      (await declare(narrow, sid, { permissions: { permissions: { defaultMode: 'dontAsk' } } })).status,
    ).toBe(403);
    expect((await declare(narrow, sid, { mode: 'plan' })).status).toBe(200);
    const res = await selectMode(narrow, sid, 'bypass');
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toContain('bypass');
    expect((await selectMode(narrow, sid, 'acceptEdits')).status).toBe(200);
  });

  it('a mode the workspace takes away later no longer applies: the session falls back to asking', async () => {
    const open = await team();
    const sid = uid('s');
    await declare(open, sid, { title: 'later narrowed' });
    expect((await selectMode(open, sid, 'bypass')).status).toBe(200);
    expect(await submit(open, sid, askingCall('a'))).toMatchObject({ outcome: 'allow' });
    await expectJson(200, '/permissions', {
      method: 'PUT',
      token: open.admin,
      body: { allowedModes: ['default'] },
    });
    expect(await submit(open, sid, askingCall('b'))).toMatchObject({
      outcome: 'pending',
      decision: { behavior: 'ask' },
    });
  });
});
