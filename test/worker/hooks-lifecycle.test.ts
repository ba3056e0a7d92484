import { beforeAll, describe, expect, it } from 'vitest';
import type { Interaction, SessionEvent, SessionView } from '../../shared/contract/index.ts';
import preToolUseBash from '../fixtures/claude/pre-tool-use-bash.json' with { type: 'json' };
import preToolUseRead from '../fixtures/claude/pre-tool-use-read.json' with { type: 'json' };
import { fake } from '../support/fake-secrets.ts';
import { answer, auditEvents, expectJson, type Team, team, uid } from './session-fixtures.ts';

let t: Team;
beforeAll(async () => {
  t = await team();
});

const hook = <T = Record<string, unknown>>(event: string, body: unknown, query = '?wait=0') =>
  expectJson<T>(200, `/hooks/claude/${event}${query}`, { token: t.agent, body });
const detail = (sid: string) => expectJson<SessionView>(200, `/sessions/${sid}`, { token: t.approver });
const named = <N extends SessionEvent['name']>(events: SessionEvent[], name: N) =>
  events.filter((event): event is Extract<SessionEvent, { name: N }> => event.name === name);

const bash = (sid: string, toolUseId: string, extra: Record<string, unknown> = {}) => ({
  ...structuredClone(preToolUseBash),
  session_id: sid,
  tool_use_id: toolUseId,
  ...extra,
});
const read = (sid: string, toolUseId: string) => ({
  ...structuredClone(preToolUseRead),
  session_id: sid,
  tool_use_id: toolUseId,
});
const prompt = (sid: string, text: string, promptId?: string) => ({
  session_id: sid,
  hook_event_name: 'UserPromptSubmit',
  cwd: '/Users/alice/my-project',
  permission_mode: 'default',
  prompt: text,
  ...(promptId === undefined ? {} : { prompt_id: promptId }),
});
const postToolUse = (sid: string, toolUseId: string, extra: Record<string, unknown> = {}) => ({
  session_id: sid,
  hook_event_name: 'PostToolUse',
  cwd: '/Users/alice/my-project',
  tool_name: 'Read',
  tool_input: { file_path: '/Users/alice/my-project/README.md' },
  tool_use_id: toolUseId,
  tool_response: { type: 'text', file: { content: 'hello' } },
  ...extra,
});

describe('hook sessions are named', () => {
  it('titles a new hook session from the last part of cwd, with agent claude-code', async () => {
    const sid = uid('titled');
    await hook('pre-tool-use', read(sid, 'toolu_t1'));
    const view = await detail(sid);
    expect(view.title).toBe('my-project');
    expect(view.agent).toBe('claude-code');
  });

  it('keeps what the agent declared', async () => {
    const sid = uid('declared');
    await expectJson(200, `/sessions/${sid}`, {
      method: 'PUT',
      token: t.agent,
      body: { title: 'Release work', agent: 'my-agent' },
    });
    await hook('pre-tool-use', { ...read(sid, 'toolu_t2'), cwd: 'C:\\Users\\bob\\other\\' });
    const view = await detail(sid);
    expect(view).toMatchObject({ title: 'Release work', agent: 'my-agent' });
  });

  it('titles from a Windows cwd and skips a root cwd', async () => {
    const windows = uid('win');
    await hook('pre-tool-use', { ...read(windows, 'toolu_w'), cwd: 'C:\\Users\\bob\\repo\\' });
    expect((await detail(windows)).title).toBe('repo');
    const root = uid('root');
    await hook('pre-tool-use', { ...read(root, 'toolu_r'), cwd: '/' });
    expect((await detail(root)).title).toBeNull();
  });
});

describe("the user's request beside every question", () => {
  it('records the prompt redacted and bounded, and the questions that follow carry it', async () => {
    const sid = uid('asked-for');
    const text = `Deploy the site; the key is ${fake.awsAccessKey}. ${'and more '.repeat(400)}`;
    expect(await hook('user-prompt-submit', prompt(sid, text, 'prompt-1'), '')).toEqual({});
    const [recorded] = named(await auditEvents(t, sid), 'user_prompt');
    expect(recorded?.value.promptId).toBe('prompt-1');
    expect(recorded?.value.text).not.toContain(fake.awsAccessKey);
    expect(recorded?.value.text.length).toBeLessThanOrEqual(2000);
    expect(recorded?.value.text.startsWith('Deploy the site')).toBe(true);

    // A pre-tool-use question names it too (the hook input's prompt_id); wait=0 hands it back.
    await hook('pre-tool-use', bash(sid, 'toolu_p1', { prompt_id: 'prompt-1' }));
    const [asked] = named(await auditEvents(t, sid), 'tool_approval_request');
    expect(asked?.value.prompt).toEqual({ id: 'prompt-1', text: recorded?.value.text });
  });

  it('a question carries its prompt_id, or else the latest prompt of the session', async () => {
    const sid = uid('prompted');
    await hook('user-prompt-submit', prompt(sid, 'first: install left-pad', 'p-first'), '');
    await hook('user-prompt-submit', prompt(sid, 'second: push the branch', 'p-second'), '');
    // Open two questions without waiting on them (POST /tool-calls keeps them open).
    for (const [id, promptId] of [
      ['q-first', 'p-first'],
      ['q-latest', undefined],
      ['q-unknown', 'p-nobody-sent'],
    ] as const) {
      await expectJson(200, `/sessions/${sid}/tool-calls`, {
        token: t.agent,
        body: {
          tool_call_id: id,
          tool: 'Bash',
          input: { command: `npm install left-pad-${id}` },
          ...(promptId ? { prompt_id: promptId } : {}),
        },
      });
    }
    const events = await auditEvents(t, sid);
    const asked = Object.fromEntries(
      named(events, 'tool_approval_request').map((event) => [event.value.toolCallId, event.value.prompt]),
    );
    expect(asked['q-first']).toEqual({ id: 'p-first', text: 'first: install left-pad' });
    expect(asked['q-latest']).toEqual({ id: 'p-second', text: 'second: push the branch' });
    expect(asked['q-unknown']).toEqual({ id: 'p-second', text: 'second: push the branch' });
    const view = await detail(sid);
    expect(view.activeInteraction?.prompt).toEqual({ id: 'p-first', text: 'first: install left-pad' });
    const inbox = await expectJson<{ sessions: SessionView[] }>(200, '/inbox', { token: t.approver });
    expect(inbox.sessions.find((s) => s.sessionId === sid)?.activeInteraction?.prompt?.id).toBe('p-first');
    const responded = await answer(t, sid, view.activeInteraction!.interactionId, 'reject');
    expect(((await responded.json()) as Interaction).prompt?.id).toBe('p-first');
  });

  it('records a resent prompt once', async () => {
    const sid = uid('resent');
    await hook('user-prompt-submit', prompt(sid, 'once', 'p-once'), '');
    await hook('user-prompt-submit', prompt(sid, 'twice?', 'p-once'), '');
    const prompts = named(await auditEvents(t, sid), 'user_prompt');
    expect(prompts.map((event) => event.value.text)).toEqual(['once']);
  });
});

describe('what ran', () => {
  it('records TOOL_CALL_RESULT for the call with that tool_use_id: ok, duration, output redacted and bounded', async () => {
    const sid = uid('ran');
    const allowed = await hook<{ hookSpecificOutput: { permissionDecision: string } }>(
      'pre-tool-use',
      read(sid, 'toolu_ran'),
    );
    expect(allowed.hookSpecificOutput.permissionDecision).toBe('allow');
    const content = `token=${fake.github}\n${'x'.repeat(300_000)}`;
    expect(
      await hook(
        'post-tool-use',
        postToolUse(sid, 'toolu_ran', { tool_response: { file: { content } }, duration_ms: 42 }),
        '',
      ),
    ).toEqual({});
    const [result] = named(await auditEvents(t, sid), 'TOOL_CALL_RESULT');
    expect(result?.value).toMatchObject({
      toolCallId: 'toolu_ran',
      status: 'ok',
      durationMs: 42,
      reportedBy: 'hook',
    });
    expect(result?.value.output).not.toContain(fake.github);
    // Bounded: the display limit plus its truncation marker, from a 300 kB answer.
    expect(result?.value.output?.length).toBeLessThan(2100);
    // Reported once: a resent hook records nothing more.
    await hook('post-tool-use', postToolUse(sid, 'toolu_ran'), '');
    expect(named(await auditEvents(t, sid), 'TOOL_CALL_RESULT')).toHaveLength(1);
  });

  it('records a failure as error, and a call the relay never saw as nothing', async () => {
    const sid = uid('failed');
    await hook('pre-tool-use', read(sid, 'toolu_fail'));
    await hook(
      'post-tool-use',
      postToolUse(sid, 'toolu_fail', {
        hook_event_name: 'PostToolUseFailure',
        tool_response: undefined,
        error: 'File does not exist.',
      }),
      '',
    );
    await hook('post-tool-use', postToolUse(sid, 'toolu_never_seen'), '');
    const results = named(await auditEvents(t, sid), 'TOOL_CALL_RESULT');
    expect(results.map((event) => [event.value.toolCallId, event.value.status, event.value.output])).toEqual([
      ['toolu_fail', 'error', 'File does not exist.'],
    ]);
  });

  it('records what ran after the relay handed the question to Claude Code (pre-tool-use ask)', async () => {
    const sid = uid('handed');
    const asked = await hook<{ hookSpecificOutput: { permissionDecision: string } }>(
      'pre-tool-use',
      bash(sid, 'toolu_handed'),
    );
    expect(asked.hookSpecificOutput.permissionDecision).toBe('ask');
    await hook(
      'post-tool-use',
      postToolUse(sid, 'toolu_handed', { tool_name: 'Bash', tool_response: { stdout: 'added 1 package' } }),
      '',
    );
    const [result] = named(await auditEvents(t, sid), 'TOOL_CALL_RESULT');
    expect(result?.value).toMatchObject({ toolCallId: 'toolu_handed', status: 'ok', reportedBy: 'hook' });
  });

  it('withdraws the open question of a call Claude Code reports as run', async () => {
    const sid = uid('ran-while-asked');
    const id = uid('asked');
    await expectJson(200, `/sessions/${sid}/tool-calls`, {
      token: t.agent,
      body: { tool_call_id: id, tool: 'Bash', input: { command: `npm install left-pad-${id}` } },
    });
    expect((await detail(sid)).activeInteraction?.toolCallId).toBe(id);
    await hook(
      'post-tool-use',
      postToolUse(sid, id, { tool_name: 'Bash', tool_response: { stdout: 'ok' } }),
      '',
    );
    const view = await detail(sid);
    expect(view.activeInteraction).toBeNull();
    const events = await auditEvents(t, sid);
    expect(named(events, 'tool_permission_resolution').map((event) => event.value.source)).toEqual([
      'cancel',
    ]);
    expect(named(events, 'TOOL_CALL_RESULT').map((event) => event.value.toolCallId)).toEqual([id]);
  });

  it("cannot record a result in another agent token's session", async () => {
    const sid = uid('others');
    await hook('pre-tool-use', read(sid, 'toolu_mine'));
    const sibling = await expectJson<{ token: string }>(201, '/tokens', {
      token: t.admin,
      body: { role: 'agent' },
    });
    await expectJson(200, '/hooks/claude/post-tool-use', {
      token: sibling.token,
      body: postToolUse(sid, 'toolu_mine'),
    });
    await expectJson(200, '/hooks/claude/user-prompt-submit', {
      token: sibling.token,
      body: prompt(sid, 'not yours', 'p-x'),
    });
    const events = await auditEvents(t, sid);
    expect(named(events, 'TOOL_CALL_RESULT')).toHaveLength(0);
    expect(named(events, 'user_prompt')).toHaveLength(0);
  });
});
