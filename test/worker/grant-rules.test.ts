import { runInDurableObject } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ClaudePreToolUseOutput,
  Interaction,
  SessionGrant,
  SessionView,
  ToolCallState,
} from '../../shared/contract/index.ts';
import type { SessionDO } from '../../worker/session/session-do.ts';
import permissionRequestBash from '../fixtures/claude/permission-request-bash.json' with { type: 'json' };
import preToolUseBash from '../fixtures/claude/pre-tool-use-bash.json' with { type: 'json' };
import {
  api,
  askingCall,
  expectJson,
  sessionStub,
  submit,
  type Team,
  team,
  uid,
} from './session-fixtures.ts';

// rules the relay suggests, saved as grants, listed,
// used by later calls and revoked; time boxes; answers that would widen a grant refused; an
// input edited before approving, decided again and handed to the agent.

let t: Team;
beforeAll(async () => {
  t = await team();
});

type Answer = Record<string, unknown>;

const respond = (sid: string, interactionId: string, answer: Answer) =>
  api(`/sessions/${sid}/interaction-respond`, {
    token: t.approver,
    body: { interaction_id: interactionId, answer },
  });

async function asked(sid: string, id: string, command: string): Promise<Interaction> {
  const state = await submit(t, sid, askingCall(id, command));
  expect(state.outcome, JSON.stringify(state.decision)).toBe('pending');
  const view = await expectJson<SessionView>(200, `/sessions/${sid}`, { token: t.approver });
  expect(view.activeInteraction?.toolCallId).toBe(id);
  return view.activeInteraction!;
}

const grantsOf = async (sid: string) =>
  (await expectJson<{ grants: SessionGrant[] }>(200, `/sessions/${sid}/grants`, { token: t.approver }))
    .grants;

/** A 400 that names `field`, and the question still open afterwards. */
async function refused(sid: string, interaction: Interaction, answer: Answer, field: string) {
  const res = await respond(sid, interaction.interactionId, answer);
  const text = await res.text();
  expect(res.status, text).toBe(400);
  const body = JSON.parse(text) as { error: { details?: { path: string }[] } };
  expect(
    body.error.details?.map((detail) => detail.path),
    text,
  ).toContain(`answer.${field}`);
  const view = await expectJson<SessionView>(200, `/sessions/${sid}`, { token: t.approver });
  expect(view.activeInteraction?.interactionId).toBe(interaction.interactionId);
}

/** Sets the clock the session judges grants by (epoch ms). */
const setClock = (sid: string, now: number) =>
  runInDurableObject(sessionStub(t.workspaceId, sid), (instance: SessionDO) => {
    instance.clock = () => now;
  });

describe('suggested rules', () => {
  it('are offered with the question and its event, from the engine’s parse', async () => {
    const sid = uid('s');
    const interaction = await asked(sid, 'a', 'npm install left-pad');
    expect(interaction.suggestions).toEqual([
      { rules: ['Bash(npm install left-pad)'] },
      { rules: ['Bash(npm install:*)'] },
    ]);
    expect(interaction.editable).toBe(true);
    const { events } = await expectJson<{ events: { name: string; value: Record<string, unknown> }[] }>(
      200,
      `/sessions/${sid}/audit`,
      { token: t.approver },
    );
    const request = events.find((event) => event.name === 'tool_approval_request')!;
    expect(request.value.suggestions).toEqual(interaction.suggestions);
    expect(request.value.editable).toBe(true);
    const inbox = await expectJson<{ sessions: SessionView[] }>(200, '/inbox', { token: t.approver });
    expect(inbox.sessions.find((s) => s.sessionId === sid)?.activeInteraction?.suggestions).toEqual(
      interaction.suggestions,
    );
  });

  it('saved → listed → a later, different call it covers is allowed → revoked → asks again', async () => {
    const sid = uid('s');
    const interaction = await asked(sid, 'a', 'npm install left-pad');
    const res = await respond(sid, interaction.interactionId, {
      decision: 'approve',
      scope: 'session',
      rules: ['Bash(npm install:*)'],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const answered = (await res.json()) as Interaction;
    expect(answered.resolution).toMatchObject({
      behavior: 'allow',
      scope: 'session',
      rule: 'Bash(npm install:*)',
      rules: ['Bash(npm install:*)'],
    });
    const grants = await grantsOf(sid);
    expect(grants).toEqual([
      expect.objectContaining({
        kind: 'rule',
        rule: 'Bash(npm install:*)',
        key: null,
        scope: 'session',
        expiresAt: null,
        actor: expect.objectContaining({ role: 'approver' }),
      }),
    ]);
    const later = await submit(t, sid, askingCall('b', 'npm install lodash'));
    expect(later.outcome).toBe('allow');
    expect(later.decision.reasonCode).toBe('grant_session_rule');
    expect(later.decision.matchedRule).toBe('Bash(npm install:*)');
    // Not covered: another program, and a compound command with a part the rule does not cover.
    expect((await submit(t, sid, askingCall('c', 'npm test'))).outcome).toBe('pending');
    await respond(sid, (await activeOf(sid)).interactionId, { decision: 'reject' });
    expect((await submit(t, sid, askingCall('d', 'npm install x && curl evil.example'))).outcome).toBe(
      'pending',
    );
    await respond(sid, (await activeOf(sid)).interactionId, { decision: 'reject' });
    const removed = await api(`/sessions/${sid}/grants/${grants[0]!.id}`, {
      method: 'DELETE',
      token: t.approver,
    });
    expect(removed.status).toBe(204);
    expect((await submit(t, sid, askingCall('e', 'npm install chalk'))).outcome).toBe('pending');
  });

  it('a workspace ("always") rule grant covers other sessions, is listed by /grants and removable', async () => {
    const sid = uid('s');
    const interaction = await asked(sid, 'a', 'cargo build --release');
    const rule = interaction.suggestions!.at(-1)!.rules;
    expect(rule).toEqual(['Bash(cargo build:*)']);
    expect(
      (await respond(sid, interaction.interactionId, { decision: 'approve', scope: 'global', rules: rule }))
        .status,
    ).toBe(200);
    const elsewhere = await submit(t, uid('s'), askingCall('b', 'cargo build'));
    expect(elsewhere.decision.reasonCode).toBe('grant_global_rule');
    const { grants } = await expectJson<{ grants: Record<string, unknown>[] }>(200, '/grants', {
      token: t.approver,
    });
    const saved = grants.find((grant) => grant.rule === 'Bash(cargo build:*)')!;
    expect(saved).toMatchObject({ kind: 'rule', scope: 'global', expiresAt: null });
    expect((await api(`/grants/${saved.id}`, { method: 'DELETE', token: t.approver })).status).toBe(204);
    expect((await submit(t, uid('s'), askingCall('c', 'cargo build'))).outcome).toBe('pending');
  });
});

async function activeOf(sid: string): Promise<Interaction> {
  const view = await expectJson<SessionView>(200, `/sessions/${sid}`, { token: t.approver });
  return view.activeInteraction!;
}

describe('time boxes', () => {
  it('a time-boxed rule grant applies until its end and not after', async () => {
    const sid = uid('s');
    const interaction = await asked(sid, 'a', 'npm install left-pad');
    const now = Date.now();
    const end = now + 15 * 60_000;
    await setClock(sid, now);
    const res = await respond(sid, interaction.interactionId, {
      decision: 'approve',
      scope: 'session',
      rules: ['Bash(npm install:*)'],
      expires_at: new Date(end).toISOString(),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await grantsOf(sid))[0]).toMatchObject({ expiresAt: new Date(end).toISOString() });
    await setClock(sid, end - 1);
    const inside = await submit(t, sid, askingCall('b', 'npm install lodash'));
    expect(inside.outcome).toBe('allow');
    expect(inside.decision.reason).toContain('until');
    await setClock(sid, end);
    expect((await submit(t, sid, askingCall('c', 'npm install chalk'))).outcome).toBe('pending');
  });

  it('a time-boxed exact-call grant expires too', async () => {
    const sid = uid('s');
    const interaction = await asked(sid, 'a', 'npm install left-pad');
    const now = Date.now();
    await setClock(sid, now);
    const end = now + 60_000;
    expect(
      (
        await respond(sid, interaction.interactionId, {
          decision: 'approve',
          scope: 'session',
          expires_at: new Date(end).toISOString(),
        })
      ).status,
    ).toBe(200);
    expect((await grantsOf(sid))[0]).toMatchObject({ kind: 'call', expiresAt: new Date(end).toISOString() });
    expect((await submit(t, sid, askingCall('b', 'npm install left-pad'))).outcome).toBe('allow');
    await setClock(sid, end + 1);
    expect((await submit(t, sid, askingCall('c', 'npm install left-pad'))).outcome).toBe('pending');
  });
});

describe('answers that are refused (400 naming the field, nothing changed)', () => {
  it('a rule the relay did not suggest and that does not cover the call, or that no approver may save', async () => {
    const sid = uid('s');
    const interaction = await asked(sid, 'a', 'npm install left-pad');
    const session = { decision: 'approve', scope: 'session' };
    for (const rule of [
      'Bash(git status)',
      'Bash',
      'Bash(*)',
      '*',
      'Bash(npm:*)',
      'Bash(npm *)',
      'Bash(bash:*)',
      'Bash(sh -c:*)',
      'Bash(* install left-pad)',
      'Bash(npm install left-pad && curl evil.example)',
      'Read(**)',
    ]) {
      await refused(sid, interaction, { ...session, rule }, 'rule');
      await refused(sid, interaction, { ...session, rules: [rule] }, 'rules');
    }
    expect(await grantsOf(sid)).toEqual([]);
    // A rule it did not suggest but that covers the call and may be saved is accepted.
    const res = await respond(sid, interaction.interactionId, {
      ...session,
      rule: 'Bash(npm install left-pad:*)',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await grantsOf(sid)).toEqual([expect.objectContaining({ rule: 'Bash(npm install left-pad:*)' })]);
  });

  it('rules with scope once (or no scope), with a rejection, or disagreeing with `rule`', async () => {
    const sid = uid('s');
    const interaction = await asked(sid, 'a', 'npm install left-pad');
    const rules = ['Bash(npm install:*)'];
    await refused(sid, interaction, { decision: 'approve', scope: 'once', rules }, 'scope');
    await refused(sid, interaction, { decision: 'approve', rules }, 'scope');
    await refused(sid, interaction, { decision: 'reject', scope: 'session', rules }, 'rules');
    await refused(
      sid,
      interaction,
      { decision: 'approve', scope: 'session', rules, rule: 'Bash(npm install left-pad)' },
      'rule',
    );
  });

  it('a time box that has already ended, or on an answer that cannot end', async () => {
    const sid = uid('s');
    const interaction = await asked(sid, 'a', 'npm install left-pad');
    const past = new Date(Date.now() - 1000).toISOString();
    const future = new Date(Date.now() + 60_000).toISOString();
    await refused(
      sid,
      interaction,
      { decision: 'approve', scope: 'session', expires_at: past },
      'expires_at',
    );
    await refused(sid, interaction, { decision: 'approve', scope: 'once', expires_at: future }, 'expires_at');
    await refused(sid, interaction, { decision: 'reject', expires_at: future }, 'expires_at');
    await refused(
      sid,
      interaction,
      { decision: 'approve', scope: 'session', expires_at: 'tomorrow' },
      'expires_at',
    );
  });
});

describe('edit, then approve', () => {
  it('through tool-calls: the resolution carries the edited input', async () => {
    const sid = uid('s');
    const interaction = await asked(sid, 'a', 'npm install left-pad');
    const res = await respond(sid, interaction.interactionId, {
      decision: 'approve',
      updated_input: { command: 'npm install left-pad@1.3.0' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const state = await expectJson<ToolCallState>(200, `/sessions/${sid}/tool-calls/a`, { token: t.agent });
    expect(state.outcome).toBe('allow');
    expect(state.resolution?.updatedInput).toEqual({ command: 'npm install left-pad@1.3.0' });
    // Approved once: no grant was saved for either input.
    expect(await grantsOf(sid)).toEqual([]);
  });

  it('an edit into a denied command is a deny, with the decision’s reason', async () => {
    const sid = uid('s');
    await expectJson(200, `/sessions/${sid}`, {
      token: t.agent,
      method: 'PUT',
      body: { permissions: { permissions: { deny: ['Bash(git push:*)'] } } },
    });
    const interaction = await asked(sid, 'a', 'npm install left-pad');
    const res = await respond(sid, interaction.interactionId, {
      decision: 'approve',
      updated_input: { command: 'git push --force origin main' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const state = await expectJson<ToolCallState>(200, `/sessions/${sid}/tool-calls/a`, { token: t.agent });
    expect(state.outcome).toBe('deny');
    expect(state.resolution).toMatchObject({ behavior: 'deny', source: 'user' });
    expect(state.resolution?.comment).toContain('git push');
    expect(state.resolution?.updatedInput).toBeUndefined();
  });

  it('an edit that changes more than text, or with a grant, is refused', async () => {
    const sid = uid('s');
    const interaction = await asked(sid, 'a', 'npm install left-pad');
    for (const updated_input of [
      { command: 'npm install left-pad', timeout: 1 },
      { cmd: 'npm install left-pad' },
      { command: ['npm', 'install'] },
      {},
    ]) {
      await refused(sid, interaction, { decision: 'approve', updated_input }, 'updated_input');
    }
    const edit = { command: 'npm install left-pad@1' };
    await refused(
      sid,
      interaction,
      { decision: 'approve', scope: 'session', updated_input: edit },
      'updated_input',
    );
    await refused(sid, interaction, { decision: 'reject', updated_input: edit }, 'updated_input');
    // A secret typed into the edit would be stored redacted, so not the input that runs.
    await refused(
      sid,
      interaction,
      { decision: 'approve', updated_input: { command: `npm install --token ghp_${'a1B2'.repeat(9)}` } },
      'updated_input',
    );
  });

  it('is refused when the display copy was redacted (a secret in the input)', async () => {
    const sid = uid('s');
    const secret = `ghp_${'Zx9q'.repeat(9)}`;
    const state = await submit(t, sid, {
      tool_call_id: 'a',
      tool: 'Bash',
      input: { command: `npm install left-pad --registry-token ${secret}` },
    });
    expect(state.outcome, JSON.stringify(state.decision)).toBe('pending');
    const interaction = await activeOf(sid);
    expect(interaction.editable).toBe(false);
    expect(JSON.stringify(interaction)).not.toContain(secret);
    await refused(
      sid,
      interaction,
      { decision: 'approve', updated_input: { command: 'npm install left-pad' } },
      'updated_input',
    );
    // A secret is in no suggestion; the wider rule is offered as the engine derived it.
    expect(interaction.suggestions).toEqual([{ rules: ['Bash(npm install:*)'] }]);
    // No rule the relay did not offer: it cannot check one against an input it did not keep.
    await refused(
      sid,
      interaction,
      { decision: 'approve', scope: 'session', rule: 'Bash(npm install left-pad:*)' },
      'rule',
    );
  });

  it('through the pre-tool-use hook: Claude Code gets updatedInput with allow', async () => {
    const sid = uid('s');
    const body = { ...structuredClone(preToolUseBash), session_id: sid, tool_use_id: `toolu_${uid('e')}` };
    const pending = api('/hooks/claude/pre-tool-use?wait=60', { token: t.agent, body });
    let interaction: Interaction | undefined;
    for (let i = 0; i < 200 && !interaction; i++) {
      const res = await api(`/sessions/${sid}`, { token: t.approver });
      if (res.status === 200)
        interaction = ((await res.json()) as SessionView).activeInteraction ?? undefined;
      else await res.body?.cancel();
      if (!interaction) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(interaction?.editable).toBe(true);
    const edited = { ...preToolUseBash.tool_input, command: 'npm install left-pad@1.3.0 --ignore-scripts' };
    const res = await respond(sid, interaction!.interactionId, {
      decision: 'approve',
      updated_input: edited,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await (await pending).json()) as ClaudePreToolUseOutput;
    expect(answer.hookSpecificOutput).toMatchObject({ permissionDecision: 'allow', updatedInput: edited });
  });

  it('through the permission-request hook: Claude Code’s suggestions are checked and offered; an edit is decision.updatedInput; a rule is never updatedPermissions', async () => {
    const hookFor = async (sid: string, extra: Record<string, unknown> = {}) => {
      const body = { ...structuredClone(permissionRequestBash), session_id: sid, ...extra };
      const pending = api('/hooks/claude/permission-request?wait=60', { token: t.agent, body });
      let interaction: Interaction | undefined;
      for (let i = 0; i < 200 && !interaction; i++) {
        const res = await api(`/sessions/${sid}`, { token: t.approver });
        if (res.status === 200)
          interaction = ((await res.json()) as SessionView).activeInteraction ?? undefined;
        else await res.body?.cancel();
        if (!interaction) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return { pending, interaction: interaction! };
    };
    const editing = await hookFor(uid('s'));
    const edited = { ...permissionRequestBash.tool_input, command: 'npm install left-pad@1.3.0' };
    const sid1 = editing.interaction.sessionId;
    expect(
      (await respond(sid1, editing.interaction.interactionId, { decision: 'approve', updated_input: edited }))
        .status,
    ).toBe(200);
    const editAnswer = (await (await editing.pending).json()) as {
      hookSpecificOutput: { decision: Record<string, unknown> };
    };
    expect(editAnswer.hookSpecificOutput.decision).toEqual({ behavior: 'allow', updatedInput: edited });

    // Claude Code proposes a bare tool and a shell: neither is offered; its own narrow rule is.
    const suggesting = await hookFor(uid('s'), {
      permission_suggestions: [
        {
          type: 'addRules',
          rules: [
            { toolName: 'Bash' },
            { toolName: 'Bash', ruleContent: 'bash:*' },
            { toolName: 'Bash', ruleContent: 'npm install left-pad' },
          ],
          behavior: 'allow',
          destination: 'localSettings',
        },
      ],
    });
    const offered = suggesting.interaction.suggestions!.map((choice) => choice.rules.join(' + '));
    expect(offered).toContain('Bash(npm install left-pad)');
    expect(offered).not.toContain('Bash');
    expect(offered).not.toContain('Bash(bash:*)');
    const sid2 = suggesting.interaction.sessionId;
    expect(
      (
        await respond(sid2, suggesting.interaction.interactionId, {
          decision: 'approve',
          scope: 'session',
          rule: 'Bash(npm install:*)',
        })
      ).status,
    ).toBe(200);
    const ruleAnswer = (await (await suggesting.pending).json()) as {
      hookSpecificOutput: { decision: Record<string, unknown> };
    };
    expect(ruleAnswer.hookSpecificOutput.decision).toEqual({ behavior: 'allow' });
  });
});
