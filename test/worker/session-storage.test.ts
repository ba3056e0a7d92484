import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalKey } from '../../shared/approval-key/index.ts';
import { migrations } from '../../worker/session/schema.ts';
import type { SessionDO } from '../../worker/session/session-do.ts';
import { SessionStore } from '../../worker/session/storage.ts';
import {
  answer,
  askingCall,
  expectJson,
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

  it('writes a resolution once, to its interaction; the tool call reads it from there', async () => {
    const sid = uid('s');
    const asked = await submit(t, sid, askingCall('once'));
    await answer(t, sid, asked.interaction!.interactionId);
    await runInDurableObject(sessionStub(t.workspaceId, sid), (_instance: SessionDO, state) => {
      const columns = state.storage.sql.exec('PRAGMA table_info(tool_calls)').toArray();
      expect(columns.map((column) => column.name)).not.toContain('resolution');
      const stored = state.storage.sql.exec('SELECT resolution FROM interactions').one();
      const call = new SessionStore(state.storage).toolCall('once');
      expect(call?.resolution).toEqual(JSON.parse(String(stored.resolution)));
      expect(call?.resolution).toMatchObject({ behavior: 'allow', source: 'user' });
    });
  });

  it('a session stored with the copy on tool_calls keeps every resolution after the upgrade', async () => {
    const sid = uid('s');
    await submit(t, sid, askingCall('seed'));
    await runInDurableObject(sessionStub(t.workspaceId, sid), (_instance: SessionDO, state) => {
      const sql = state.storage.sql;
      const tables = sql.exec(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'sqlite_%'",
      );
      for (const { name } of tables.toArray()) sql.exec(`DROP TABLE "${String(name)}"`);
      // The schema as the build before this migration left it.
      sql.exec('CREATE TABLE schema_version (version INTEGER NOT NULL)');
      migrations.slice(0, -1).forEach((migration, index) => {
        sql.exec(migration);
        sql.exec('INSERT INTO schema_version (version) VALUES (?)', index + 1);
      });
      const resolution = { behavior: 'deny', source: 'user', message: 'not today' };
      sql.exec(
        `INSERT INTO tool_calls (id, tool, input, approval_key, decision, interaction_id, resolution, created_at)
         VALUES ('old', 'Bash', '{}', 'Bash:k', '{}', 'int_old', ?, 1)`,
        JSON.stringify(resolution),
      );
      sql.exec(
        `INSERT INTO interactions (id, tool_call_id, state, timeout_seconds, created_at, resolved_at, resolution)
         VALUES ('int_old', 'old', 'resolved', 60, 1, 2, ?)`,
        JSON.stringify(resolution),
      );
      sql.exec(
        `INSERT INTO tool_calls (id, tool, input, approval_key, decision, created_at)
         VALUES ('allowed', 'Read', '{}', 'Read:k', '{}', 1)`,
      );
      const store = new SessionStore(state.storage);
      expect(store.migrate()).toBe(migrations.length);
      expect(store.toolCall('old')?.resolution).toEqual(resolution);
      expect(store.toolCall('allowed')?.resolution).toBeNull();
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

  it('retries an always-allow grant the workspace did not get, from the alarm', async () => {
    const sid = uid('s');
    const stub = sessionStub(t.workspaceId, sid);
    await submit(t, sid, askingCall('a'));
    const input = { command: 'make retry-later' };
    const grant = {
      key: await approvalKey('Bash', input),
      tool: 'Bash',
      input,
      sessionId: sid,
      interactionId: 'int_late',
    };
    await runInDurableObject(stub, async (_i: SessionDO, state) => {
      state.storage.sql.exec(
        'INSERT INTO global_grant_outbox (interaction_id, payload, attempts, next_attempt_at) VALUES (?, ?, 1, ?)',
        grant.interactionId,
        JSON.stringify(grant),
        Date.now() - 1,
      );
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const outbox = await runInDurableObject(stub, (_i: SessionDO, state) =>
      state.storage.sql.exec('SELECT count(*) AS n FROM global_grant_outbox').one(),
    );
    expect(outbox.n).toBe(0);
    const { grants } = await expectJson<{ grants: { interactionId: string }[] }>(200, '/grants', {
      token: t.approver,
    });
    expect(grants.map((g) => g.interactionId)).toContain('int_late');
    expect(await submit(t, uid('s'), { tool_call_id: 'b', tool: 'Bash', input })).toMatchObject({
      outcome: 'allow',
    });
  });
});
