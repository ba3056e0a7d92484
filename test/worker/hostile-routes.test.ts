/// <reference types="vite/client" />
import { beforeAll, describe, expect, it } from 'vitest';
import { ClaudePreToolUseOutput, type Mode, type ToolCallState } from '../../shared/contract/index.ts';
import type { HostileRow } from '../support/hostile/types.ts';
import { api, expectJson, issueToken, newWorkspace, uid } from './session-fixtures.ts';

/**
 * Every hostile table (test/support/hostile/*.ts, one file per class of attack) through the
 * relay's own routes, as an agent sends its calls: `POST /sessions/{sid}/tool-calls` and Claude
 * Code's pre-tool-use hook. Whatever the engine decides for a row is what an agent gets over
 * HTTP, in each of the row's modes; a file added beside the others is picked up here unedited.
 */
const tables = import.meta.glob<{ hostileRows?: HostileRow[] }>(['../support/hostile/*.ts', '!**/types.ts'], {
  eager: true,
});

const defaultModes: readonly Mode[] = ['default', 'plan'];

const cases = Object.entries(tables).flatMap(([file, table]) =>
  (table.hostileRows ?? []).flatMap((row) =>
    (row.modes ?? defaultModes).map((mode) => ({
      label: `${file.replace(/^.*\//, '')}: ${row.name} [${mode}]`,
      row,
      mode,
    })),
  ),
);

/** One workspace per distinct set of rules, its permissions set by its admin. */
interface Relay {
  agent: string;
  approver: string;
}
/**
 * Each workspace's agent and approver tokens, one pair per `casesPerPair` cases: a case makes
 * three requests as the agent, and one token may make 1,200 a minute (the relay's rate limit).
 */
const relays = new Map<string, Relay[]>();
const casesPerPair = 200;
const rulesKey = (row: HostileRow) =>
  JSON.stringify(row.rules || row.workspace ? { ...row.workspace, permissions: row.rules ?? {} } : null);
/** Each case's place among the cases of its workspace. */
const caseIndex = new Map<(typeof cases)[number], number>();
{
  const seen = new Map<string, number>();
  for (const entry of cases) {
    const key = rulesKey(entry.row);
    caseIndex.set(entry, seen.get(key) ?? 0);
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
}

beforeAll(async () => {
  const counts = new Map<string, number>();
  for (const { row } of cases) counts.set(rulesKey(row), (counts.get(rulesKey(row)) ?? 0) + 1);
  for (const [key, count] of counts) {
    const { token: admin } = await newWorkspace();
    const permissions = JSON.parse(key) as object | null;
    if (permissions)
      await expectJson(200, '/permissions', { method: 'PUT', token: admin, body: permissions });
    const pairs: Relay[] = [];
    for (let made = 0; made < Math.ceil(count / casesPerPair); made += 1) {
      const [agent, approver] = await Promise.all([
        issueToken('agent', admin),
        issueToken('approver', admin),
      ]);
      pairs.push({ agent: agent.token, approver: approver.token });
    }
    relays.set(key, pairs);
  }
}, 120_000);

/** The tokens for a case: its workspace's, taken in turn so none goes over its rate limit. */
function relayFor(entry: (typeof cases)[number]): Relay {
  const pairs = relays.get(rulesKey(entry.row))!;
  return pairs[Math.floor(caseIndex.get(entry)! / casesPerPair)]!;
}

/** What an agent must do, from the REST answer: `pending` is a question to a human. */
const restVerdict = (state: ToolCallState) => (state.outcome === 'pending' ? 'ask' : state.outcome);

describe('hostile tables', () => {
  it('every table beside types.ts exports rows', () => {
    expect(Object.keys(tables).length).toBeGreaterThan(0);
    for (const [file, table] of Object.entries(tables)) {
      expect(
        Array.isArray(table.hostileRows) && table.hostileRows.length > 0,
        `${file} exports hostileRows`,
      ).toBe(true);
    }
  });
});

describe('hostile calls through the HTTP routes', () => {
  // A plain loop, not `it.each`: the full row name is the test's name.
  for (const entry of cases) {
    const { label, row, mode } = entry;
    it(label, async () => {
      const relay = relayFor(entry);
      const sid = uid('hostile');
      // The agent's own session, its mode chosen by an approver.
      await expectJson(200, `/sessions/${sid}`, { method: 'PUT', token: relay.agent, body: {} });
      await expectJson(200, `/sessions/${sid}/mode`, {
        method: 'PUT',
        token: relay.approver,
        body: { mode },
      });

      const state = await expectJson<ToolCallState>(200, `/sessions/${sid}/tool-calls`, {
        token: relay.agent,
        body: {
          tool_call_id: 'rest',
          tool: row.tool,
          input: row.input,
          ...(row.cwd === undefined ? {} : { cwd: row.cwd }),
          ...(row.capability === undefined ? {} : { capability: row.capability }),
          wait: 0,
        },
      });
      // Claude Code's hook, in the session's mode (`mode=relay`), handing an ask back at once.
      const hook = await api('/hooks/claude/pre-tool-use?wait=0&mode=relay', {
        token: relay.agent,
        body: {
          session_id: sid,
          hook_event_name: 'PreToolUse',
          tool_name: row.tool,
          tool_input: row.input,
          tool_use_id: 'toolu_hostile',
          ...(row.cwd === undefined ? {} : { cwd: row.cwd }),
        },
      });
      expect(hook.status).toBe(200);
      const answer = ClaudePreToolUseOutput.parse(await hook.json()).hookSpecificOutput;

      const verdicts = { rest: restVerdict(state), hook: answer.permissionDecision };
      const why = `${state.decision.reasonCode}: ${state.decision.reason} | hook: ${answer.permissionDecisionReason}`;
      expect(verdicts.rest, why).not.toBe('allow');
      expect(verdicts.hook, why).not.toBe('allow');
      if (row.expect !== 'not_allow') expect(verdicts, why).toEqual({ rest: row.expect, hook: row.expect });
    });
  }
});
