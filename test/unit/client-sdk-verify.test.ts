import { describe, expect, it } from 'vitest';
import { createClient, memoryKeyStore } from '../../client/sdk/index.ts';
import { inputSha256 } from '../../shared/approval-key/index.ts';
import { importSigningKey, SigningJwk, signCompact, thumbprint } from '../../shared/attestation/index.ts';
import type { ToolCallState } from '../../shared/contract/index.ts';
import { currentSigningKey, retiredSigningKey } from '../support/attestation-keys.ts';

// The SDK with `verify: true`: keys fetched from the relay's JWKS on first use and kept; a rotated
// key is fetched again; an allow that fails its check comes back as a deny that says why.

const input = { file_path: 'README.md' };

async function jwk(key: SigningJwk) {
  return { kty: key.kty, crv: key.crv, x: key.x, kid: await thumbprint(key), alg: 'EdDSA', use: 'sig' };
}

async function signed(key: SigningJwk, overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return signCompact(
    { alg: 'EdDSA', kid: await thumbprint(key), typ: 'gatehouse-attestation+jwt' },
    {
      iss: 'http://relay',
      ws: 'default',
      sid: 's1',
      tcid: 'c1',
      tool: 'Read',
      input_sha256: await inputSha256(input),
      outcome: 'allow',
      source: 'policy',
      risk: 'safe',
      stepUp: 'off',
      iat: now,
      exp: now + 300,
      ...overrides,
    },
    await importSigningKey(key),
  );
}

function relay(jwks: () => Promise<object[]>, attestation: () => Promise<string | undefined>) {
  const requests: string[] = [];
  const fetch = (async (input: URL | string) => {
    const url = new URL(String(input));
    requests.push(url.pathname);
    if (url.pathname === '/.well-known/jwks.json') return Response.json({ keys: await jwks() });
    const state: ToolCallState = {
      toolCallId: 'c1',
      tool: 'Read',
      outcome: 'allow',
      decision: {
        toolCallId: 'c1',
        behavior: 'allow',
        source: 'policy',
        evaluator: 'policy',
        reason: 'reads are allowed',
        reasonCode: 'read_only',
        risk: 'safe',
      },
    };
    const jws = await attestation();
    return Response.json(jws ? { ...state, attestation: jws } : state);
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

const current = SigningJwk.parse(currentSigningKey);
const next = SigningJwk.parse(retiredSigningKey);

describe('createClient({verify: true})', () => {
  it('fetches the keys once on first use, and passes an allow that checks out', async () => {
    const { fetch, requests } = relay(
      async () => [await jwk(current)],
      () => signed(current),
    );
    const client = createClient({ url: 'http://relay', token: 't', fetch, verify: true });
    const call = { tool_call_id: 'c1', tool: 'Read', input };
    expect((await client.submit('s1', call)).outcome).toBe('allow');
    expect((await client.submit('s1', call)).outcome).toBe('allow');
    expect(requests.filter((path) => path === '/.well-known/jwks.json')).toHaveLength(1);
  });

  it('fetches again for a key it has not seen (a rotation) when the keys were only kept', async () => {
    let keys = [current];
    let signer = current;
    const { fetch } = relay(
      async () => Promise.all(keys.map(jwk)),
      () => signed(signer),
    );
    const client = createClient({ url: 'http://relay', token: 't', fetch, verify: true });
    const call = { tool_call_id: 'c1', tool: 'Read', input };
    expect((await client.submit('s1', call)).outcome).toBe('allow');
    keys = [next, current];
    signer = next;
    expect((await client.submit('s1', call)).outcome).toBe('allow');
  });

  it('never fetches for pinned keys: another key is refused, as a deny that says why', async () => {
    const { fetch, requests } = relay(
      async () => [await jwk(next)],
      () => signed(next),
    );
    const store = memoryKeyStore({ keys: [await jwk(current)] as never, source: 'pinned', savedAt: 'now' });
    const client = createClient({ url: 'http://relay', token: 't', fetch, verify: store });
    const state = await client.submit('s1', { tool_call_id: 'c1', tool: 'Read', input });
    expect(state).toMatchObject({
      outcome: 'deny',
      decision: { behavior: 'deny', reasonCode: 'attestation_refused' },
    });
    expect(state.decision.reason).toMatch(/not pinned/);
    expect(requests).not.toContain('/.well-known/jwks.json');
  });

  it("another call's state, attestation and all, is a deny (replayed): the id asked about decides", async () => {
    const { fetch } = relay(
      async () => [await jwk(current)],
      () => signed(current),
    );
    const client = createClient({ url: 'http://relay', token: 't', fetch, verify: true });
    const state = await client.submit('s1', { tool_call_id: 'c2', tool: 'Read', input });
    expect(state).toMatchObject({ outcome: 'deny', decision: { reasonCode: 'attestation_refused' } });
    expect(state.decision.reason).toMatch(/for tool call c1, not c2 \(replayed\)/);
    const waited = await client.waitFor('s1', 'c2', { input });
    expect(waited.outcome).toBe('deny');
    expect(waited.decision.reason).toMatch(/replayed/);
  });

  it('a changed input or a missing attestation is a deny', async () => {
    const { fetch } = relay(
      async () => [await jwk(current)],
      () => signed(current),
    );
    const client = createClient({ url: 'http://relay', token: 't', fetch, verify: true });
    const other = await client.submit('s1', {
      tool_call_id: 'c1',
      tool: 'Read',
      input: { file_path: '.env' },
    });
    expect(other.decision.reason).toMatch(/input_sha256 differs/);
    const bare = relay(
      async () => [await jwk(current)],
      async () => undefined,
    );
    const unsigned = createClient({ url: 'http://relay', token: 't', fetch: bare.fetch, verify: true });
    const state = await unsigned.submit('s1', { tool_call_id: 'c1', tool: 'Read', input });
    expect(state.outcome).toBe('deny');
    expect(state.decision.reason).toMatch(/no attestation/);
  });
});
