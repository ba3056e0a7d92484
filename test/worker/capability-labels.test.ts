import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolCallState } from '../../shared/contract/index.ts';
import { api, expectJson, submit, type Team, team, uid } from './session-fixtures.ts';

// DESIGN §5 "Authority of declarations", through the routes: an agent's `capability: "read"` on a
// tool the relay does not know is a loosening; the workspace's own table names it for everyone.

let plain: Team;
let loosening: Team;
let table: Team;
beforeAll(async () => {
  [plain, loosening, table] = await Promise.all([team(), team(), team()]);
  const put = (who: Team, body: object) =>
    expectJson(200, '/permissions', { method: 'PUT', token: who.admin, body });
  await put(loosening, { agents: { loosen: true } });
  await put(table, { toolCapabilities: { mcp__docs__search: 'read' } });
}, 60_000);

const labelled = (tool: string, capability?: string) => ({
  tool_call_id: uid('c'),
  tool,
  input: { query: 'gatehouse' },
  wait: 0,
  ...(capability === undefined ? {} : { capability }),
});

async function verdict(who: Team, mode: string, call: object, sid = uid('s')) {
  await expectJson(200, `/sessions/${sid}`, { method: 'PUT', token: who.agent, body: {} });
  await expectJson(200, `/sessions/${sid}/mode`, { method: 'PUT', token: who.approver, body: { mode } });
  const state: ToolCallState = await submit(who, sid, call);
  return state.decision.behavior;
}

describe('capability labels through POST /sessions/{sid}/tool-calls', () => {
  it.each(['default', 'plan'])(
    'an unknown tool called a read is asked where agents may not loosen (%s)',
    async (mode) => {
      expect(await verdict(plain, mode, labelled('mcp__docs__search', 'read'))).not.toBe('allow');
    },
  );

  it.each(['default', 'plan'])('…and allowed where the workspace lets agents loosen (%s)', async (mode) => {
    expect(await verdict(loosening, mode, labelled('mcp__docs__search', 'read'))).toBe('allow');
  });

  it.each(['default', 'plan'])(
    "the workspace's table makes it a read for every agent, labelled or not (%s)",
    async (mode) => {
      expect(await verdict(table, mode, labelled('mcp__docs__search'))).toBe('allow');
      expect(await verdict(table, mode, labelled('mcp__docs__search', 'read'))).toBe('allow');
      expect(await verdict(table, mode, labelled('mcp__docs__other', 'read'))).not.toBe('allow');
    },
  );

  it("a session's own table entry is a label: not applied, and shown as asked for", async () => {
    const sid = uid('s');
    const view = await expectJson<{ requested: { permissions?: string[] } | null }>(200, `/sessions/${sid}`, {
      method: 'PUT',
      token: plain.agent,
      body: { permissions: { toolCapabilities: { mcp__docs__search: 'read' } } },
    });
    expect(view.requested?.permissions).toEqual(['toolCapabilities.mcp__docs__search: read']);
    const state = await submit(plain, sid, labelled('mcp__docs__search'));
    expect(state.decision.behavior).toBe('ask');
  });

  it('the Claude Code hook carries no label: an unknown tool is asked in default mode', async () => {
    const sid = uid('s');
    await expectJson(200, `/sessions/${sid}`, { method: 'PUT', token: plain.agent, body: {} });
    const res = await api('/hooks/claude/pre-tool-use?wait=0&mode=relay', {
      token: plain.agent,
      body: {
        session_id: sid,
        hook_event_name: 'PreToolUse',
        tool_name: 'mcp__docs__search',
        tool_input: { query: 'x' },
        tool_use_id: 'toolu_label',
      },
    });
    const answer = (await res.json()) as { hookSpecificOutput: { permissionDecision: string } };
    expect(answer.hookSpecificOutput.permissionDecision).toBe('ask');
  });
});

describe('session declarations are applied whole or refused', () => {
  const declare = (body: object) =>
    api(`/sessions/${uid('s')}`, { method: 'PUT', token: plain.agent, body: { permissions: body } });

  it.each([
    ['agents', { agents: { loosen: true } }],
    ['allowedModes', { allowedModes: ['bypass'] }],
    ['pushDetails', { pushDetails: 'summary' }],
  ])('refuses the workspace setting %s, naming it', async (key, body) => {
    const res = await declare(body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(`permissions.${key}`);
  });

  it.each([
    [
      'an unknown key in a rule',
      { rules: [{ tool: 'Bash', permission: 'deny', contents: 'rm' }] },
      'contents',
    ],
    ['an unknown top-level key', { agent: { loosen: true } }, 'agent'],
    ['an unknown key in the block', { permissions: { alow: ['Bash'] } }, 'alow'],
  ])('refuses %s, naming it', async (_name, body, key) => {
    const res = await declare(body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(key);
  });

  it("keeps a settings.json's permissions and leaves its other settings out", async () => {
    const sid = uid('s');
    await expectJson(200, `/sessions/${sid}`, {
      method: 'PUT',
      token: plain.agent,
      body: { permissions: { permissions: { deny: ['Bash(curl:*)'] }, env: { TOKEN: 'x' }, model: 'opus' } },
    });
    const state = await submit(plain, sid, {
      tool_call_id: 'c',
      tool: 'Bash',
      input: { command: 'curl example.com' },
      wait: 0,
    });
    expect(state.decision.behavior).toBe('deny');
  });
});
