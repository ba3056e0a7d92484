import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import canonicalize from 'canonicalize';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionEvent, ToolCallState } from '../../shared/contract/index.ts';
import type { SessionDO } from '../../worker/session/session-do.ts';
import { warmUp } from './helpers.ts';
import {
  api,
  askingCall,
  auditEvents,
  expectJson,
  readingCall,
  sessionStub,
  submit,
  type Team,
  team,
  uid,
} from './session-fixtures.ts';

// Every outcome a call can have carries an attestation that verifies with nothing but the
// published JWKS and Web Crypto: no Gatehouse code reads it here (docs/attestation.md).

const b64uBytes = (text: string) =>
  Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));
const b64uJson = (text: string) => JSON.parse(new TextDecoder().decode(b64uBytes(text)));

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Verifies a compact JWS against the relay's JWKS; returns its header and payload. */
async function verified(jws: string | undefined) {
  if (!jws) throw new Error('no attestation');
  const [head = '', body = '', signature = ''] = jws.split('.');
  const header = b64uJson(head);
  const jwks = (await (await exports.default.fetch('http://relay/.well-known/jwks.json')).json()) as {
    keys: { kid: string; kty: string; crv: string; x: string }[];
  };
  const jwk = jwks.keys.find((key) => key.kid === header.kid);
  if (!jwk) throw new Error(`kid ${header.kid} is not published`);
  const key = await crypto.subtle.importKey(
    'jwk',
    { kty: jwk.kty, crv: jwk.crv, x: jwk.x },
    'Ed25519',
    false,
    ['verify'],
  );
  const ok = await crypto.subtle.verify(
    'Ed25519',
    key,
    b64uBytes(signature),
    new TextEncoder().encode(`${head}.${body}`),
  );
  if (!ok) throw new Error('the signature does not verify');
  return { header, payload: b64uJson(body) as Record<string, unknown> };
}

const inputHash = (input: unknown) => sha256Hex(canonicalize(input) ?? '');

let t: Team;
beforeAll(async () => {
  await warmUp();
  t = await team();
}, 60_000);

const interactionIdOf = (state: ToolCallState) => {
  if (!state.interaction) throw new Error(`no interaction on ${JSON.stringify(state)}`);
  return state.interaction.interactionId;
};

const respond = (sid: string, interactionId: string, answer: object) =>
  expectJson(200, `/sessions/${sid}/interaction-respond`, {
    token: t.approver,
    body: { interaction_id: interactionId, answer },
  });

const getCall = (sid: string, id: string) =>
  expectJson<ToolCallState>(200, `/sessions/${sid}/tool-calls/${id}`, { token: t.agent });

/** The attestation is the same bytes in the state, the GET and the log. */
async function sameEverywhere(sid: string, state: ToolCallState) {
  const again = await getCall(sid, state.toolCallId);
  expect(again.attestation).toBe(state.attestation);
  const attested = (await auditEvents(t, sid)).filter(
    (event): event is Extract<SessionEvent, { name: 'tool_call_attested' }> =>
      event.name === 'tool_call_attested' && event.value.toolCallId === state.toolCallId,
  );
  expect(attested.map((event) => event.value.attestation)).toEqual([state.attestation]);
  expect(attested[0]?.value.outcome).toBe(state.outcome);
}

describe('every outcome is attested', () => {
  it('an allow decided at once: header, payload and 300 s lifetime', async () => {
    const sid = uid('s');
    const call = readingCall('r1');
    const state = await submit(t, sid, call);
    expect(state.outcome).toBe('allow');
    const { header, payload } = await verified(state.attestation);
    expect(header).toEqual({ alg: 'EdDSA', kid: expect.any(String), typ: 'gatehouse-attestation+jwt' });
    expect(payload).toEqual({
      iss: 'http://relay',
      ws: t.workspaceId,
      sid,
      tcid: 'r1',
      tool: 'Read',
      input_sha256: await inputHash(call.input),
      outcome: 'allow',
      source: state.decision.source,
      risk: state.decision.risk,
      stepUp: 'off',
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    expect(Number(payload.exp) - Number(payload.iat)).toBe(300);
    expect(Math.abs(Number(payload.iat) - Date.now() / 1000)).toBeLessThan(60);
    await sameEverywhere(sid, state);
  });

  it('a deny decided at once (a deny rule)', async () => {
    const sid = uid('s');
    await expectJson(200, `/sessions/${sid}`, {
      method: 'PUT',
      token: t.agent,
      body: { permissions: { permissions: { deny: ['Bash(git push:*)'] } } },
    });
    const call = { tool_call_id: 'd1', tool: 'Bash', input: { command: 'git push origin main' } };
    const state = await submit(t, sid, call);
    expect(state.outcome).toBe('deny');
    const { payload } = await verified(state.attestation);
    expect(payload).toMatchObject({ outcome: 'deny', source: 'rule', tcid: 'd1' });
    expect(payload.input_sha256).toBe(await inputHash(call.input));
    await sameEverywhere(sid, state);
  });

  it('a question pending has none; the approval carries scope, iid, actor and the question’s expiry', async () => {
    const sid = uid('s');
    const call = askingCall('a1');
    const asked = await submit(t, sid, call);
    expect(asked.outcome).toBe('pending');
    expect(asked.attestation).toBeUndefined();
    await respond(sid, interactionIdOf(asked), { decision: 'approve', scope: 'session' });
    const state = await getCall(sid, 'a1');
    expect(state.outcome).toBe('allow');
    const { payload } = await verified(state.attestation);
    expect(payload).toMatchObject({
      outcome: 'allow',
      source: 'user',
      scope: 'session',
      iid: interactionIdOf(asked),
      actor: { role: 'approver', tokenId: expect.any(String) },
      input_sha256: await inputHash(call.input),
    });
    expect(payload.exp).toBe(Math.floor(Date.parse(asked.interaction?.expiresAt ?? '') / 1000));
    await sameEverywhere(sid, state);
  });

  it('a held wait is answered with the attestation', async () => {
    const sid = uid('s');
    const asked = await submit(t, sid, askingCall('w1'));
    const held = expectJson<ToolCallState>(200, `/sessions/${sid}/tool-calls/w1?wait=30`, { token: t.agent });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await respond(sid, interactionIdOf(asked), { decision: 'reject', comment: 'no' });
    const state = await held;
    expect(state.outcome).toBe('deny');
    const { payload } = await verified(state.attestation);
    expect(payload).toMatchObject({ outcome: 'deny', source: 'user', scope: 'once' });
    await sameEverywhere(sid, state);
  });

  it('an edited approval binds the edited input, not the submitted one', async () => {
    const sid = uid('s');
    const asked = await submit(t, sid, askingCall('e1', 'npm install left-pad'));
    const edited = { command: 'npm install left-pad@1.3.0' };
    await respond(sid, interactionIdOf(asked), { decision: 'approve', updated_input: edited });
    const state = await getCall(sid, 'e1');
    expect(state.resolution?.updatedInput).toEqual(edited);
    const { payload } = await verified(state.attestation);
    expect(payload.input_sha256).toBe(await inputHash(edited));
    expect(payload.input_sha256).not.toBe(await inputHash({ command: 'npm install left-pad' }));
  });

  it('a timeout: a deny signed after the expiry, with a 300 s lifetime', async () => {
    const sid = uid('s');
    await submit(t, sid, askingCall('t1'));
    await runInDurableObject(sessionStub(t.workspaceId, sid), (_instance: SessionDO, state) => {
      state.storage.sql.exec(
        "UPDATE interactions SET expires_at = ? WHERE state = 'active'",
        Date.now() - 1000,
      );
    });
    expect(await runDurableObjectAlarm(sessionStub(t.workspaceId, sid))).toBe(true);
    const state = await getCall(sid, 't1');
    expect(state.resolution?.source).toBe('timeout');
    const { payload } = await verified(state.attestation);
    expect(payload).toMatchObject({ outcome: 'deny', source: 'timeout' });
    expect(payload.scope).toBeUndefined();
    expect(payload.actor).toBeUndefined();
    expect(Number(payload.exp) - Number(payload.iat)).toBe(300);
    await sameEverywhere(sid, state);
  });

  it('a withdrawal (DELETE): a deny signed with source cancel', async () => {
    const sid = uid('s');
    await submit(t, sid, askingCall('c1'));
    const state = await expectJson<ToolCallState>(200, `/sessions/${sid}/tool-calls/c1`, {
      token: t.agent,
      method: 'DELETE',
    });
    const { payload } = await verified(state.attestation);
    expect(payload).toMatchObject({ outcome: 'deny', source: 'cancel' });
    await sameEverywhere(sid, state);
  });

  it('a resubmitted call gets the stored bytes again, not a new signature', async () => {
    const sid = uid('s');
    const first = await submit(t, sid, readingCall('x1'));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await submit(t, sid, readingCall('x1'));
    expect(again.attestation).toBe(first.attestation);
  });
});

describe("Claude Code's hook routes put it in the Gatehouse-Attestation header", () => {
  const hookInput = (sid: string, event: string, tool: string, input: object, toolUseId?: string) => ({
    session_id: sid,
    cwd: '/home/alice/project',
    permission_mode: 'default',
    hook_event_name: event,
    tool_name: tool,
    tool_input: input,
    ...(toolUseId ? { tool_use_id: toolUseId } : {}),
  });

  it('pre-tool-use: an allow, the body Claude Code’s own', async () => {
    const sid = uid('h');
    const input = { file_path: '/home/alice/project/README.md' };
    const res = await api('/hooks/claude/pre-tool-use', {
      token: t.agent,
      body: hookInput(sid, 'PreToolUse', 'Read', input, 'toolu_01ATTEST'),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty('attestation');
    const { payload } = await verified(res.headers.get('Gatehouse-Attestation') ?? undefined);
    expect(payload).toMatchObject({ outcome: 'allow', tcid: 'toolu_01ATTEST', sid, tool: 'Read' });
    expect(payload.input_sha256).toBe(await inputHash(input));
    expect(res.headers.get('Gatehouse-Attestation')).toBe((await getCall(sid, 'toolu_01ATTEST')).attestation);
  });

  it('permission-request: a deny rule’s deny is attested too', async () => {
    const sid = uid('h');
    await expectJson(200, `/sessions/${sid}`, {
      method: 'PUT',
      token: t.agent,
      body: { permissions: { permissions: { deny: ['Bash(git push:*)'] } } },
    });
    const res = await api('/hooks/claude/permission-request', {
      token: t.agent,
      body: hookInput(sid, 'PermissionRequest', 'Bash', { command: 'git push' }, 'pr-chosen-by-the-hook'),
    });
    const { payload } = await verified(res.headers.get('Gatehouse-Attestation') ?? undefined);
    expect(payload).toMatchObject({ outcome: 'deny', tcid: 'pr-chosen-by-the-hook' });
  });
});
