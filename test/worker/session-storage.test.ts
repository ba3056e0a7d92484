import { runInDurableObject } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../worker/session/schema.ts';
import type { SessionDO } from '../../worker/session/session-do.ts';
import { SessionStore } from '../../worker/session/storage.ts';
import { answer, askingCall, sessionStub, submit, type Team, team, uid } from './session-fixtures.ts';

let t: Team;
beforeAll(async () => {
  t = await team();
});

describe('session storage', () => {
  it('records the schema version and migrates only once', async () => {
    const sid = uid('s');
    await submit(t, sid, askingCall('a'));
    await runInDurableObject(sessionStub(t.workspaceId, sid), (_instance: SessionDO, state) => {
      const versions = () =>
        state.storage.sql.exec('SELECT version FROM schema_version ORDER BY version').toArray();
      expect(versions()).toEqual(migrations.map((_, i) => ({ version: i + 1 })));
      expect(new SessionStore(state.storage).migrate()).toBe(migrations.length);
      expect(versions()).toHaveLength(migrations.length);
    });
  });

  it('stores only display copies of inputs, with the approval key of the raw input', async () => {
    const sid = uid('s');
    const secret = `AKIA${'ABCDEFGHIJ234567'}`;
    await submit(t, sid, {
      tool_call_id: 'k',
      tool: 'Bash',
      input: { command: `aws --key ${secret} s3 ls` },
    });
    await runInDurableObject(sessionStub(t.workspaceId, sid), (_instance: SessionDO, state) => {
      const dump = JSON.stringify(
        ['meta', 'tool_calls', 'interactions', 'events'].map((table) =>
          state.storage.sql.exec(`SELECT * FROM ${table}`).toArray(),
        ),
      );
      expect(dump).not.toContain(secret);
      const row = state.storage.sql.exec('SELECT approval_key FROM tool_calls').one();
      expect(String(row.approval_key)).toMatch(/^Bash:[0-9a-f]{64}$/);
    });
  });

  it('clears the alarm once nothing is pending, and sets it for the next active interaction', async () => {
    const sid = uid('s');
    const stub = sessionStub(t.workspaceId, sid);
    const first = await submit(t, sid, askingCall('a'));
    const second = await submit(t, sid, askingCall('b'));
    await answer(t, sid, first.interaction!.interactionId);
    const alarmAfterFirst = await runInDurableObject(stub, (_i: SessionDO, state) =>
      state.storage.getAlarm(),
    );
    const activated = await runInDurableObject(stub, (_i: SessionDO, state) =>
      state.storage.sql.exec("SELECT expires_at FROM interactions WHERE state = 'active'").one(),
    );
    expect(alarmAfterFirst).toBe(Number(activated.expires_at));
    await answer(t, sid, second.interaction!.interactionId);
    expect(await runInDurableObject(stub, (_i: SessionDO, state) => state.storage.getAlarm())).toBeNull();
  });
});
