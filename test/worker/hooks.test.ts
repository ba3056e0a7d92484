import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ClaudePermissionRequestOutput,
  ClaudePreToolUseOutput,
  Interaction,
  SessionEvent,
  SessionView,
  ToolCallState,
} from '../../shared/contract/index.ts';
import {
  ClaudePermissionRequestOutput as PermissionRequestOutputSchema,
  ClaudePreToolUseOutput as PreToolUseOutputSchema,
} from '../../shared/contract/index.ts';
import type { SessionDO } from '../../worker/session/session-do.ts';
import permissionRequestBash from '../fixtures/claude/permission-request-bash.json' with { type: 'json' };
import permissionRequestEdit from '../fixtures/claude/permission-request-edit.json' with { type: 'json' };
import permissionRequestGitPush from '../fixtures/claude/permission-request-git-push.json' with {
  type: 'json',
};
import permissionRequestRead from '../fixtures/claude/permission-request-read.json' with { type: 'json' };
import preToolUseBash from '../fixtures/claude/pre-tool-use-bash.json' with { type: 'json' };
import preToolUseGitPush from '../fixtures/claude/pre-tool-use-git-push.json' with { type: 'json' };
import preToolUseRead from '../fixtures/claude/pre-tool-use-read.json' with { type: 'json' };
import {
  answer,
  api,
  auditEvents,
  expectJson,
  sessionStub,
  type Team,
  team,
  uid,
} from './session-fixtures.ts';

let t: Team;
beforeAll(async () => {
  t = await team();
});

type Hook = 'permission-request' | 'pre-tool-use';

/** A documented Claude Code input, in a session of its own. */
const input = <T extends object>(fixture: T, sessionId: string, extra: Record<string, unknown> = {}) => ({
  ...structuredClone(fixture),
  session_id: sessionId,
  ...extra,
});

const hook = (
  kind: Hook,
  body: unknown,
  options: { token?: string | null; query?: string; who?: Team } = {},
) =>
  api(`/hooks/claude/${kind}${options.query ?? ''}`, {
    token: options.token === undefined ? (options.who ?? t).agent : options.token,
    body,
  });

async function permissionRequest(body: unknown, query = '', who = t): Promise<ClaudePermissionRequestOutput> {
  const res = await hook('permission-request', body, { query, who });
  expect(res.status).toBe(200);
  return PermissionRequestOutputSchema.parse(await res.json());
}

async function preToolUse(body: unknown, query = '', who = t): Promise<ClaudePreToolUseOutput> {
  const res = await hook('pre-tool-use', body, { query, who });
  expect(res.status).toBe(200);
  return PreToolUseOutputSchema.parse(await res.json());
}

/** The question the relay put to approvers while the hook request is still open. */
async function activeInteraction(sessionId: string, who = t): Promise<Interaction> {
  for (let i = 0; i < 200; i++) {
    const res = await api(`/sessions/${sessionId}`, { token: who.approver });
    if (res.status === 200) {
      const view = (await res.json()) as SessionView;
      if (view.activeInteraction) return view.activeInteraction;
    } else await res.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no active interaction in ${sessionId}`);
}

const session = (sessionId: string, who = t) =>
  expectJson<SessionView>(200, `/sessions/${sessionId}`, { token: who.approver });

const toolCall = (sessionId: string, id: string) =>
  expectJson<ToolCallState>(200, `/sessions/${sessionId}/tool-calls/${id}`, { token: t.agent });

const named = (events: SessionEvent[], name: string) => events.filter((event) => event.name === name);

describe('PermissionRequest', () => {
  it('allows a read at once, with nothing for Claude Code to keep', async () => {
    const sid = uid('s');
    const out = await permissionRequest(input(permissionRequestRead, sid));
    expect(out).toEqual({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } },
    });
    const decisions = named(await auditEvents(t, sid), 'tool_permission_decision');
    expect(decisions).toHaveLength(1);
    expect(decisions[0]!.value).toMatchObject({ behavior: 'allow' });
  });

  it("denies what a deny rule names, with the engine's reason as the message", async () => {
    const sid = uid('s');
    await expectJson(200, `/sessions/${sid}`, {
      method: 'PUT',
      token: t.agent,
      body: { permissions: { permissions: { deny: ['Bash(git push:*)'] } } },
    });
    const out = await permissionRequest(input(permissionRequestGitPush, sid));
    const decision = out.hookSpecificOutput.decision;
    expect(decision.behavior).toBe('deny');
    if (decision.behavior !== 'deny') return;
    expect(decision.message).toMatch(
      /^Gatehouse denied this call: .*The same call will be denied again, so do not retry it/,
    );
    const [event] = named(await auditEvents(t, sid), 'tool_permission_decision');
    expect(event!.value).toMatchObject({ behavior: 'deny', matchedRule: 'Bash(git push:*)' });
    expect(decision.message).toContain((event!.value as { reason: string }).reason);
  });

  it.each([
    ['once', undefined],
    ['session', 'session'],
    ['global', 'localSettings'],
  ] as const)('waits for an approval (%s) and hands back rules for %s', async (scope, destination) => {
    // A workspace of its own: an "always" approval would allow this call in every later test.
    const own = await team();
    const sid = uid('s');
    const pending = permissionRequest(input(permissionRequestBash, sid), '', own);
    const asked = await activeInteraction(sid, own);
    expect(asked).toMatchObject({ tool: 'Bash', input: { command: 'npm install left-pad' } });
    expect((await answer(own, sid, asked.interactionId, 'approve', { scope })).status).toBe(200);
    const decision = (await pending).hookSpecificOutput.decision;
    expect(decision.behavior).toBe('allow');
    if (decision.behavior !== 'allow') return;
    if (destination === undefined) {
      expect(decision.updatedPermissions).toBeUndefined();
    } else {
      expect(decision.updatedPermissions).toEqual([
        {
          type: 'addRules',
          rules: [{ toolName: 'Bash', ruleContent: 'npm install left-pad' }],
          behavior: 'allow',
          destination,
        },
      ]);
    }
  });

  it('hands back no rule when Claude Code could only say something broader than the approved call', async () => {
    const sid = uid('s');
    const body = input(permissionRequestBash, sid, {
      tool_input: { command: 'npm install left-pad && npm run build:*', description: 'wildcard in it' },
    });
    const pending = permissionRequest(body);
    const asked = await activeInteraction(sid);
    await answer(t, sid, asked.interactionId, 'approve', { scope: 'session' });
    expect((await pending).hookSpecificOutput.decision).toEqual({ behavior: 'allow' });
  });

  it("denies with the approver's comment as the message", async () => {
    const sid = uid('s');
    const pending = permissionRequest(input(permissionRequestBash, sid));
    const asked = await activeInteraction(sid);
    await answer(t, sid, asked.interactionId, 'reject', { comment: 'use pnpm in this repository' });
    expect((await pending).hookSpecificOutput.decision).toEqual({
      behavior: 'deny',
      message:
        "The user denied this call. Do not retry it; ask the user how to proceed. The user's comment: use pnpm in this repository",
    });
  });

  it('denies explicitly when the question expires, never silently', async () => {
    const sid = uid('s');
    const pending = permissionRequest(input(permissionRequestBash, sid));
    await activeInteraction(sid);
    const stub = sessionStub(t.workspaceId, sid);
    await runInDurableObject(stub, (_instance: SessionDO, state) => {
      state.storage.sql.exec(
        "UPDATE interactions SET expires_at = ? WHERE state = 'active'",
        Date.now() - 1000,
      );
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const decision = (await pending).hookSpecificOutput.decision;
    expect(decision).toEqual({
      behavior: 'deny',
      message:
        'No one answered before the question expired, so this call did not run; the user did not deny it. Retrying later may help when someone can answer; if it is urgent, ask the user.',
    });
  });

  it('denies and withdraws the question when the wait runs out first', async () => {
    const sid = uid('s');
    const started = Date.now();
    const out = await permissionRequest(input(permissionRequestBash, sid), '?wait=1');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const decision = out.hookSpecificOutput.decision;
    expect(decision.behavior).toBe('deny');
    if (decision.behavior !== 'deny') return;
    expect(decision.message).toMatch(
      /^No one answered within 1 s, so this call did not run; the user did not deny it\./,
    );
    expect((await session(sid)).activeInteraction).toBeNull();
    const [resolution] = named(await auditEvents(t, sid), 'tool_permission_resolution');
    expect(resolution!.value).toMatchObject({ behavior: 'deny', source: 'cancel', actionId: 'canceled' });
  });

  it('makes a call of its own per request, and uses tool_use_id when one is sent', async () => {
    const sid = uid('s');
    await permissionRequest(input(permissionRequestRead, sid));
    await permissionRequest(input(permissionRequestRead, sid));
    await permissionRequest(input(permissionRequestRead, sid, { tool_use_id: 'toolu_01SENT' }));
    const starts = named(await auditEvents(t, sid), 'TOOL_CALL_START');
    expect(starts).toHaveLength(3);
    expect(new Set(starts.map((event) => (event.value as { toolCallId: string }).toolCallId)).size).toBe(3);
    expect(await toolCall(sid, 'toolu_01SENT')).toMatchObject({ outcome: 'allow' });
  });
});

describe('PreToolUse', () => {
  it('allows a read', async () => {
    const out = await preToolUse(input(preToolUseRead, uid('s')));
    expect(out.hookSpecificOutput).toMatchObject({
      hookEventName: 'PreToolUse',
      permissionDecision: 'allow',
    });
    expect(out.hookSpecificOutput.permissionDecisionReason).toMatch(/^Gatehouse allowed this: /);
  });

  it('denies what a deny rule names, with a reason for Claude', async () => {
    const sid = uid('s');
    await expectJson(200, `/sessions/${sid}`, {
      method: 'PUT',
      token: t.agent,
      body: { permissions: { permissions: { deny: ['Bash(git push:*)'] } } },
    });
    const out = await preToolUse(input(preToolUseGitPush, sid));
    expect(out.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(out.hookSpecificOutput.permissionDecisionReason).toMatch(
      /^Gatehouse denied this call: Denied by the rule Bash\(git push:\*\)\. The same call will be denied again/,
    );
  });

  it.each([
    ['approve', 'allow', 'The user approved this call (once).'],
    [
      'reject',
      'deny',
      "The user denied this call. Do not retry it; ask the user how to proceed. The user's comment: not today",
    ],
  ] as const)('waits for the human: %s → %s, under the tool_use_id', async (verdict, expected, reason) => {
    const sid = uid('s');
    const pending = preToolUse(input(preToolUseBash, sid));
    const asked = await activeInteraction(sid);
    expect(asked.toolCallId).toBe(preToolUseBash.tool_use_id);
    await answer(t, sid, asked.interactionId, verdict, verdict === 'reject' ? { comment: 'not today' } : {});
    expect((await pending).hookSpecificOutput).toEqual({
      hookEventName: 'PreToolUse',
      permissionDecision: expected,
      permissionDecisionReason: reason,
    });
    // The same tool_use_id again: the same call, answered at once, no second question.
    expect((await preToolUse(input(preToolUseBash, sid))).hookSpecificOutput.permissionDecision).toBe(
      expected,
    );
    expect(named(await auditEvents(t, sid), 'tool_approval_request')).toHaveLength(1);
  });

  it("?wait=0 answers ask at once and leaves the question to Claude Code's prompt", async () => {
    const sid = uid('s');
    const out = await preToolUse(input(preToolUseBash, sid), '?wait=0');
    expect(out.hookSpecificOutput.permissionDecision).toBe('ask');
    expect(out.hookSpecificOutput.permissionDecisionReason).toContain('not to wait');
    expect(await toolCall(sid, preToolUseBash.tool_use_id)).toMatchObject({
      outcome: 'deny',
      resolution: { source: 'cancel' },
    });
    expect((await session(sid)).activeInteraction).toBeNull();
  });

  it('denies a resent tool_use_id that carries another input (the session refuses it)', async () => {
    const sid = uid('s');
    expect((await preToolUse(input(preToolUseRead, sid))).hookSpecificOutput.permissionDecision).toBe(
      'allow',
    );
    const changed = input(preToolUseRead, sid, { tool_input: { file_path: '/Users/alice/my-project/.env' } });
    const out = await preToolUse(changed);
    expect(out.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(out.hookSpecificOutput.permissionDecisionReason).toContain('different tool or input');
  });

  it('answers ask when no human answered within the wait', async () => {
    const out = await preToolUse(input(preToolUseBash, uid('s')), '?wait=1');
    expect(out.hookSpecificOutput.permissionDecision).toBe('ask');
    expect(out.hookSpecificOutput.permissionDecisionReason).toContain('no approver answered within 1 s');
  });
});

describe("Claude Code's permission_mode", () => {
  it('plan: an edit is denied', async () => {
    const sid = uid('s');
    const decision = (await permissionRequest(input(permissionRequestEdit, sid))).hookSpecificOutput.decision;
    expect(decision.behavior).toBe('deny');
    expect(await session(sid)).toMatchObject({ engineMode: 'plan' });
  });

  it.each([
    ['default', 'default'],
    ['plan', 'plan'],
    ['dontAsk', 'dont_ask'],
    ['someFutureMode', 'default'],
  ])('%s → %s, chosen by the agent (as strict as default)', async (claudeMode, engineMode) => {
    const sid = uid('s');
    await permissionRequest(input(permissionRequestRead, sid, { permission_mode: claudeMode }));
    expect(await session(sid)).toMatchObject({ engineMode, requested: null });
    const [changed] = named(await auditEvents(t, sid), 'mode_changed');
    expect(changed!.value).toMatchObject({ engineMode, by: 'agent' });
  });

  it.each([
    ['acceptEdits', 'accept_edits'],
    ['bypassPermissions', 'bypass'],
    ['auto', 'auto'],
  ])(
    '%s (looser than default) is not applied: the session shows the request',
    async (claudeMode, engineMode) => {
      const sid = uid('s');
      await permissionRequest(input(permissionRequestRead, sid, { permission_mode: claudeMode }));
      expect(await session(sid)).toMatchObject({
        engineMode: 'default',
        requested: { mode: claudeMode, engineMode, label: `Claude Code runs in ${claudeMode}: not applied` },
      });
    },
  );

  it('an unknown mode is evaluated as default, and the answer says so', async () => {
    const out = await preToolUse(
      input(preToolUseBash, uid('s'), { permission_mode: 'someFutureMode' }),
      '?wait=0',
    );
    expect(out.hookSpecificOutput.permissionDecision).toBe('ask');
    expect(out.hookSpecificOutput.permissionDecisionReason).toContain('"someFutureMode" is unknown');
  });

  it('bypass asks until an approver grants it, then allows as Full Access; back to default asks', async () => {
    const sid = uid('s');
    const bypass = (id: string) =>
      input(preToolUseBash, sid, { permission_mode: 'bypassPermissions', tool_use_id: id });
    const first = await preToolUse(bypass('toolu_a'), '?wait=0');
    expect(first.hookSpecificOutput.permissionDecision).toBe('ask');
    expect(first.hookSpecificOutput.permissionDecisionReason).toContain(
      'Claude Code runs in bypassPermissions: not applied',
    );
    // The question carried what was asked, for the approver's card, and the session still shows it.
    const [request] = named(await auditEvents(t, sid), 'tool_approval_request');
    expect(request!.value).toMatchObject({ requested: { mode: 'bypassPermissions', engineMode: 'bypass' } });
    expect(await session(sid)).toMatchObject({
      engineMode: 'default',
      requested: { mode: 'bypassPermissions' },
    });
    const granted = await api(`/sessions/${sid}/grant-requested`, { method: 'POST', token: t.approver });
    expect(granted.status).toBe(200);
    expect(await granted.json()).toMatchObject({
      engineMode: 'bypass',
      modeSetBy: 'approver',
      requested: null,
    });
    const allowed = await preToolUse(bypass('toolu_b'));
    expect(allowed.hookSpecificOutput.permissionDecision).toBe('allow');
    expect((await toolCall(sid, 'toolu_b')).decision).toMatchObject({ source: 'full_access' });
    const changes = named(await auditEvents(t, sid), 'mode_changed').map((event) => event.value);
    expect(changes.at(-1)).toMatchObject({
      engineMode: 'bypass',
      by: 'approver',
      actor: { role: 'approver' },
    });
    const asking = input(preToolUseBash, sid, { tool_use_id: 'toolu_c' });
    expect((await preToolUse(asking, '?wait=0')).hookSpecificOutput.permissionDecision).toBe('ask');
  });

  it("?mode=relay leaves the session's mode alone", async () => {
    const sid = uid('s');
    await expectJson(200, `/sessions/${sid}`, { method: 'PUT', token: t.agent, body: { mode: 'plan' } });
    const body = input(preToolUseBash, sid, { permission_mode: 'bypassPermissions' });
    expect((await preToolUse(body, '?mode=relay')).hookSpecificOutput.permissionDecision).toBe('deny');
    expect(await session(sid)).toMatchObject({ engineMode: 'plan' });
  });

  describe('in a workspace that does not allow the mode', () => {
    let narrow: Team;
    beforeAll(async () => {
      narrow = await team();
      await expectJson(200, '/permissions', {
        method: 'PUT',
        token: narrow.admin,
        body: { allowedModes: ['default', 'plan'] },
      });
    });

    it("evaluates in the session's mode instead, and says so", async () => {
      const sid = uid('s');
      const body = input(preToolUseBash, sid, { permission_mode: 'bypassPermissions' });
      const out = await preToolUse(body, '?wait=0', narrow);
      expect(out.hookSpecificOutput.permissionDecision).toBe('ask');
      expect(out.hookSpecificOutput.permissionDecisionReason).toContain('not allowed in this workspace');
      expect(await session(sid, narrow)).toMatchObject({ engineMode: 'default' });
    });
  });
});

describe('who may call, and what', () => {
  it.each([
    ['permission-request', permissionRequestRead],
    ['pre-tool-use', preToolUseRead],
  ] as const)('%s: no token → 401, approver token → 403, admin passes', async (kind, fixture) => {
    const body = input(fixture, uid('s'));
    expect((await hook(kind, body, { token: null })).status).toBe(401);
    const forbidden = await hook(kind, body, { token: t.approver });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect((await hook(kind, body, { token: t.admin })).status).toBe(200);
  });

  const withoutToolName = (fixture: object) => {
    const { tool_name: _dropped, ...rest } = fixture as { tool_name: string };
    return rest;
  };

  it.each([
    ['permission-request', 'not JSON', '{"session_id":'],
    ['permission-request', 'no tool_name', withoutToolName(permissionRequestBash)],
    ['permission-request', 'a PreToolUse body', preToolUseBash],
    ['permission-request', 'tool_input not an object', { ...permissionRequestBash, tool_input: 'ls' }],
    ['permission-request', 'a session id with spaces', { ...permissionRequestBash, session_id: 'a b' }],
    ['pre-tool-use', 'a PermissionRequest body', permissionRequestBash],
    ['pre-tool-use', 'no tool_use_id', { ...preToolUseBash, tool_use_id: undefined }],
    ['pre-tool-use', 'an array', [preToolUseBash]],
  ] as const)('%s: %s → 400 JSON', async (kind, _what, body) => {
    const res = await hook(kind, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'invalid_request' } });
  });

  it('refuses a wait beyond 300 s or an unknown mode policy (400)', async () => {
    const body = input(preToolUseRead, uid('s'));
    expect((await hook('pre-tool-use', body, { query: '?wait=301' })).status).toBe(400);
    expect((await hook('pre-tool-use', body, { query: '?mode=both' })).status).toBe(400);
  });

  it('tolerates fields it does not know', async () => {
    const body = input(preToolUseRead, uid('s'), {
      model: 'claude-opus',
      agent_id: 'sub-1',
      effort: { level: 'high' },
    });
    expect((await preToolUse(body)).hookSpecificOutput.permissionDecision).toBe('allow');
  });
});
