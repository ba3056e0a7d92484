import { beforeAll, describe, expect, it } from 'vitest';
import { ClaudePreToolUseOutput, type SessionEvent, type SessionView } from '../../shared/contract/index.ts';
import postToolUseFailureBash from '../fixtures/claude/post-tool-use-failure-bash.json' with { type: 'json' };
import postToolUseWrite from '../fixtures/claude/post-tool-use-write.json' with { type: 'json' };
import sessionEnd from '../fixtures/claude/session-end.json' with { type: 'json' };
import userPromptSubmit from '../fixtures/claude/user-prompt-submit.json' with { type: 'json' };
import { askingCall, auditEvents, expectJson, submit, type Team, team, uid } from './session-fixtures.ts';

let t: Team;
beforeAll(async () => {
  t = await team();
});

/** A documented Claude Code input, in a session of its own. */
const inSession = <T extends object>(fixture: T, sessionId: string, extra: Record<string, unknown> = {}) => ({
  ...structuredClone(fixture),
  session_id: sessionId,
  ...extra,
});

/** The PreToolUse Claude Code sends before the call a PostToolUse fixture reports. */
const preToolUseFor = (post: typeof postToolUseWrite | typeof postToolUseFailureBash, sessionId: string) => ({
  session_id: sessionId,
  transcript_path: post.transcript_path,
  cwd: post.cwd,
  permission_mode: post.permission_mode,
  hook_event_name: 'PreToolUse',
  tool_name: post.tool_name,
  tool_input: post.tool_input,
  tool_use_id: post.tool_use_id,
});

const hook = <T>(event: string, body: unknown, query = '') =>
  expectJson<T>(200, `/hooks/claude/${event}${query}`, { token: t.agent, body });

describe('a Claude Code session through its hooks, as Claude Code sends them (test/fixtures/claude)', () => {
  it('prompt → asks (handed to Claude Code) → what ran → session end', async () => {
    const sid = uid('claude-session');
    expect(await hook('user-prompt-submit', inSession(userPromptSubmit, sid))).toEqual({});

    const write = ClaudePreToolUseOutput.parse(
      await hook('pre-tool-use', preToolUseFor(postToolUseWrite, sid), '?wait=0'),
    );
    expect(write.hookSpecificOutput).toMatchObject({
      hookEventName: 'PreToolUse',
      permissionDecision: 'ask',
    });
    expect(await hook('post-tool-use', inSession(postToolUseWrite, sid))).toEqual({});

    const tests = ClaudePreToolUseOutput.parse(
      await hook('pre-tool-use', preToolUseFor(postToolUseFailureBash, sid), '?wait=0'),
    );
    expect(tests.hookSpecificOutput.permissionDecision).toBe('ask');
    expect(await hook('post-tool-use', inSession(postToolUseFailureBash, sid))).toEqual({});

    const open = uid('open');
    expect((await submit(t, sid, askingCall(open))).outcome).toBe('pending');
    expect(await hook('session-end', inSession(sessionEnd, sid))).toEqual({});

    const events = await auditEvents(t, sid);
    const prompt = { id: userPromptSubmit.prompt_id, text: userPromptSubmit.prompt };
    const of = <N extends SessionEvent['name']>(name: N) =>
      events.filter((event): event is Extract<SessionEvent, { name: N }> => event.name === name);
    expect(of('user_prompt').map((event) => event.value)).toEqual([
      { promptId: prompt.id, text: prompt.text },
    ]);
    expect(of('tool_approval_request').map((event) => [event.value.toolCallId, event.value.prompt])).toEqual([
      [postToolUseWrite.tool_use_id, prompt],
      [postToolUseFailureBash.tool_use_id, prompt],
      [open, prompt],
    ]);
    expect(
      of('TOOL_CALL_RESULT').map((event) => [event.value.toolCallId, event.value.status, event.value.output]),
    ).toEqual([
      [postToolUseWrite.tool_use_id, 'ok', JSON.stringify(postToolUseWrite.tool_response)],
      [postToolUseFailureBash.tool_use_id, 'error', postToolUseFailureBash.error],
    ]);
    // Every question ended withdrawn: two handed to Claude Code, one by SessionEnd.
    expect(of('tool_permission_resolution').map((event) => event.value.source)).toEqual([
      'cancel',
      'cancel',
      'cancel',
    ]);
    const view = await expectJson<SessionView>(200, `/sessions/${sid}`, { token: t.approver });
    expect(view).toMatchObject({
      title: 'my-project',
      agent: 'claude-code',
      activeInteraction: null,
      queueLength: 0,
    });
  });
});
