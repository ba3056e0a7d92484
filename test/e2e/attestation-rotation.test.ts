import { createHash, createPublicKey, verify } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import canonicalize from 'canonicalize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedToken, SessionEvent, ToolCallState } from '../../shared/contract/index.ts';
import { currentSigningKey, publicHalf, retiredSigningKey } from '../support/attestation-keys.ts';
import { type LocalRelay, root, startLocalRelay } from '../support/local-relay.ts';

// The real relay under wrangler signs every outcome; Node's own `crypto.verify` checks each with
// the published JWKS (no Gatehouse code). Then the key is rotated — the relay restarts on the same
// state with a new signing key and the old one retired — and what the old key signed still
// verifies, byte for byte as stored, while new outcomes are signed by the new key.

const adminToken = 'e2e-admin-token-0123456789abcdef';
const oldKey = retiredSigningKey;
const newKey = currentSigningKey;
let persist: string;
let relay: LocalRelay | null = null;

const start = (vars: Record<string, string>) => startLocalRelay({ adminToken, persist, vars, quiet: true });

async function call<T>(
  status: number,
  path: string,
  token: string,
  init: { method?: string; body?: unknown } = {},
) {
  if (!relay) throw new Error('relay not running');
  const res = await fetch(new URL(`/api/v1${path}`, relay.url), {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (res.status !== status) throw new Error(`${path}: expected ${status}, got ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

interface Jwk {
  kty: string;
  crv: string;
  x: string;
  kid: string;
}

async function jwks(): Promise<Jwk[]> {
  if (!relay) throw new Error('relay not running');
  return ((await (await fetch(new URL('/.well-known/jwks.json', relay.url))).json()) as { keys: Jwk[] }).keys;
}

/** Verified with node:crypto and the JWKS alone; the payload, and the kid it was signed with. */
function verifyWithNode(jws: string | undefined, keys: Jwk[]) {
  if (!jws) throw new Error('no attestation');
  const [h = '', p = '', s = ''] = jws.split('.');
  const header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
  const jwk = keys.find((key) => key.kid === header.kid);
  if (!jwk) throw new Error(`kid ${header.kid} not in the JWKS`);
  const ok = verify(
    null,
    Buffer.from(`${h}.${p}`),
    createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, format: 'jwk' }),
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('signature does not verify');
  return {
    kid: String(header.kid),
    x: jwk.x,
    payload: JSON.parse(Buffer.from(p, 'base64url').toString('utf8')),
  };
}

const inputSha256 = (input: unknown) =>
  createHash('sha256')
    .update(canonicalize(input) ?? '')
    .digest('hex');

beforeAll(async () => {
  await mkdir(join(root, 'test/.tmp'), { recursive: true });
  persist = await mkdtemp(join(root, 'test/.tmp/attest-'));
  relay = await start({ GATEHOUSE_SIGNING_KEY: JSON.stringify(oldKey) });
});

afterAll(async () => {
  await relay?.dispose();
  await rm(persist, { recursive: true, force: true });
});

describe('attestations against the real relay, across a key rotation', () => {
  it('every outcome verifies with node:crypto; after the rotation old ones still do and new ones use the new key', async () => {
    const { token: agent } = await call<IssuedToken>(201, '/tokens', adminToken, { body: { role: 'agent' } });
    const { token: approver } = await call<IssuedToken>(201, '/tokens', adminToken, {
      body: { role: 'approver' },
    });
    const sid = 'attested-session';
    const submit = (body: object) => call<ToolCallState>(200, `/sessions/${sid}/tool-calls`, agent, { body });
    const respond = (state: ToolCallState, answer: object) =>
      call(200, `/sessions/${sid}/interaction-respond`, approver, {
        body: { interaction_id: state.interaction?.interactionId, answer },
      });
    const get = (id: string) => call<ToolCallState>(200, `/sessions/${sid}/tool-calls/${id}`, agent);

    await call(200, `/sessions/${sid}`, agent, {
      method: 'PUT',
      body: { permissions: { permissions: { deny: ['Bash(git push:*)'] } } },
    });
    const read = { tool_call_id: 'read', tool: 'Read', input: { file_path: 'README.md' } };
    const denied = { tool_call_id: 'push', tool: 'Bash', input: { command: 'git push origin main' } };
    const approved = { tool_call_id: 'install', tool: 'Bash', input: { command: 'npm install left-pad' } };
    const rejected = { tool_call_id: 'curl', tool: 'Bash', input: { command: 'npm install right-pad' } };
    const withdrawn = { tool_call_id: 'gone', tool: 'Bash', input: { command: 'npm install up-pad' } };
    const edited = { tool_call_id: 'edited', tool: 'Bash', input: { command: 'npm install down-pad' } };
    const editedInput = { command: 'npm install down-pad@1.0.0' };

    expect((await submit(read)).outcome).toBe('allow');
    expect((await submit(denied)).outcome).toBe('deny');
    await respond(await submit(approved), { decision: 'approve', scope: 'once' });
    await respond(await submit(rejected), { decision: 'reject', comment: 'not today' });
    await submit(withdrawn);
    await call(200, `/sessions/${sid}/tool-calls/gone`, agent, { method: 'DELETE' });
    await respond(await submit(edited), { decision: 'approve', updated_input: editedInput });

    const expected: [string, string, string, unknown][] = [
      ['read', 'allow', 'policy', read.input],
      ['push', 'deny', 'rule', denied.input],
      ['install', 'allow', 'user', approved.input],
      ['curl', 'deny', 'user', rejected.input],
      ['gone', 'deny', 'cancel', withdrawn.input],
      ['edited', 'allow', 'user', editedInput],
    ];
    const before = new Map<string, string>();
    const oldKeys = await jwks();
    expect(oldKeys.map((key) => key.x)).toEqual([oldKey.x]);
    for (const [id, outcome, source, input] of expected) {
      const state = await get(id);
      const { payload, x } = verifyWithNode(state.attestation, oldKeys);
      expect(x).toBe(oldKey.x);
      expect(payload).toMatchObject({ tcid: id, sid, outcome, input_sha256: inputSha256(input) });
      expect([source, 'auto_classifier']).toContain(payload.source);
      before.set(id, state.attestation ?? '');
    }
    const audit = await call<{ events: SessionEvent[] }>(200, `/sessions/${sid}/audit`, approver);
    const logged = audit.events.flatMap((event) =>
      event.name === 'tool_call_attested' ? [[event.value.toolCallId, event.value.attestation]] : [],
    );
    expect(new Map(logged as [string, string][])).toEqual(before);

    // Rotation: the new key signs, the old one is retired (public half only).
    await relay?.dispose();
    relay = await start({
      GATEHOUSE_SIGNING_KEY: JSON.stringify(newKey),
      GATEHOUSE_RETIRED_KEYS: JSON.stringify([publicHalf(oldKey)]),
    });
    const rotated = await jwks();
    expect(rotated.map((key) => key.x)).toEqual([newKey.x, oldKey.x]);
    for (const [id] of expected) {
      const state = await get(id);
      expect(state.attestation).toBe(before.get(id));
      expect(verifyWithNode(state.attestation, rotated).x).toBe(oldKey.x);
    }
    const fresh = await submit({ ...read, tool_call_id: 'read-after' });
    expect(verifyWithNode(fresh.attestation, rotated).x).toBe(newKey.x);
    // Once the old key is dropped from the JWKS, what it signed no longer verifies.
    expect(() => verifyWithNode(before.get('read'), [rotated[0] as Jwk])).toThrow(/not in the JWKS/);
  });
});
