import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolCallState } from '../../shared/contract/index.ts';
import { expectJson, submit, type Team, team, uid } from './session-fixtures.ts';

// DESIGN §5 protected paths, through the routes: a Bash command asks for a protected file only
// where the program catalog says the command writes it, whatever the allow rules say.

let who: Team;
beforeAll(async () => {
  who = await team();
  await expectJson(200, '/permissions', {
    method: 'PUT',
    token: who.admin,
    body: { permissions: { allow: ['Bash(git reset:*)', 'Bash(tee:*)', 'Bash(cp:*)'] } },
  });
}, 60_000);

async function behavior(command: string, mode: string) {
  const sid = uid('s');
  await expectJson(200, `/sessions/${sid}`, { method: 'PUT', token: who.agent, body: {} });
  await expectJson(200, `/sessions/${sid}/mode`, { method: 'PUT', token: who.approver, body: { mode } });
  const state: ToolCallState = await submit(who, sid, {
    tool_call_id: uid('c'),
    tool: 'Bash',
    input: { command },
    cwd: '/home/dev/project',
    wait: 0,
  });
  return state.decision.behavior;
}

describe('protected writes in Bash through POST /sessions/{sid}/tool-calls', () => {
  it('a command that only mentions a protected name is left to the allow rule', async () => {
    expect(await behavior('git reset HEAD~1', 'default')).toBe('allow');
    expect(await behavior('cp .mcp.json backup/mcp-copy.json', 'default')).toBe('allow');
  });

  it.each(['default', 'accept_edits'])('one that writes it is asked (%s)', async (mode) => {
    expect(await behavior('echo {} | tee .mcp.json', mode)).toBe('ask');
    expect(await behavior('cp /tmp/x ~/.gitconfig', mode)).toBe('ask');
  });
});
