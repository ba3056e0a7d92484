import { runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, bootstrapToken, issue, json, newWorkspace, warmUp } from './helpers.ts';

beforeAll(warmUp);

type Who = 'none' | 'agent' | 'approver' | 'admin' | 'revoked' | 'otherAdmin';
const tokens: Record<Who, string | null> = {
  none: null,
  agent: '',
  approver: '',
  admin: '',
  revoked: '',
  otherAdmin: '',
};

beforeAll(async () => {
  tokens.agent = (await issue('agent')).token;
  tokens.approver = (await issue('approver')).token;
  tokens.admin = (await issue('admin')).token;
  const revoked = await issue('admin');
  expect((await api('DELETE', `/tokens/${revoked.id}`, { token: bootstrapToken })).status).toBe(200);
  tokens.revoked = revoked.token;
  tokens.otherAdmin = (await newWorkspace()).token;
});

interface Endpoint {
  method: string;
  path: string | (() => Promise<string>);
  body?: unknown;
  /** Expected status for none, agent, approver, admin, revoked, other workspace's admin. */
  expect: [number, number, number, number, number, number];
}

const who: Who[] = ['none', 'agent', 'approver', 'admin', 'revoked', 'otherAdmin'];

/** A token of `default` to revoke, fresh for each row so revoking succeeds where it should. */
const victimPath = async () => `/tokens/${(await issue('agent')).id}`;

const endpoints: Endpoint[] = [
  { method: 'POST', path: '/workspaces', expect: [401, 403, 403, 403, 401, 403] },
  { method: 'POST', path: '/tokens', body: { role: 'agent' }, expect: [401, 403, 403, 201, 401, 201] },
  { method: 'GET', path: '/tokens', expect: [401, 403, 403, 200, 401, 200] },
  { method: 'DELETE', path: victimPath, expect: [401, 403, 403, 200, 401, 404] },
  { method: 'DELETE', path: '/tokens/tk-doesnotexist', expect: [401, 403, 403, 404, 401, 404] },
  { method: 'POST', path: '/pairing-codes', expect: [401, 403, 403, 201, 401, 201] },
  { method: 'POST', path: '/pair', body: { code: 'ABCDEFGH' }, expect: [400, 400, 400, 400, 400, 400] },
  { method: 'GET', path: '/permissions', expect: [401, 403, 403, 200, 401, 200] },
  { method: 'PUT', path: '/permissions', body: {}, expect: [401, 403, 403, 200, 401, 200] },
  { method: 'GET', path: '/grants', expect: [401, 403, 200, 200, 401, 200] },
  { method: 'DELETE', path: '/grants/gr-doesnotexist', expect: [401, 403, 404, 404, 401, 404] },
  { method: 'GET', path: '/inbox', expect: [401, 403, 200, 200, 401, 200] },
  { method: 'GET', path: '/sessions', expect: [401, 403, 200, 200, 401, 200] },
  { method: 'POST', path: '/ws-tickets', expect: [401, 201, 201, 201, 401, 201] },
];

const rows = endpoints.flatMap((endpoint) =>
  who.map((caller, index) => ({
    ...endpoint,
    caller,
    label: typeof endpoint.path === 'string' ? endpoint.path : '/tokens/{id}',
    status: endpoint.expect[index]!,
  })),
);

describe('every workspace endpoint × every kind of caller', () => {
  it.each(rows)('$method $label as $caller → $status', async ({ method, path, body, caller, status }) => {
    const resolved = typeof path === 'string' ? path : await path();
    const res = await api(method, resolved, { token: tokens[caller], body });
    expect(res.status).toBe(status);
    if (status >= 400) {
      const error = await json<{ error: { code: string; message: string } }>(res);
      expect(error.error.message).toEqual(expect.any(String));
      expect(error.error.code).toBe(
        { 400: 'invalid_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' }[status],
      );
    }
  });
});

describe('bearer tokens', () => {
  it('carry their workspace and an id, and are stored only as SHA-256', async () => {
    const issued = await issue('approver', bootstrapToken, 'phone');
    expect(issued.token).toMatch(/^gh_default_tk-[a-z2-7]{16}_[A-Za-z0-9_-]{43}$/);
    expect(issued).toMatchObject({ role: 'approver', label: 'phone' });
    const secret = issued.token.split('_').slice(3).join('_');
    const digest = [
      ...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret))),
    ]
      .map((byte) => byte.toString(16).padStart(2, '0'))
      .join('');
    await runInDurableObject(env.WORKSPACE.getByName('default'), (_instance, state) => {
      const row = state.storage.sql.exec('SELECT * FROM tokens WHERE id = ?', issued.id).one();
      expect(row.hash).toBe(digest);
      const everything = JSON.stringify(state.storage.sql.exec('SELECT * FROM tokens').toArray());
      expect(everything).not.toContain(secret);
    });
  });

  it('are at least 128 bits of randomness and never repeat', async () => {
    const issued = await Promise.all(Array.from({ length: 20 }, () => issue('agent')));
    const secrets = new Set(issued.map((token) => token.token.split('_').slice(3).join('_')));
    expect(secrets.size).toBe(20);
    for (const secret of secrets) expect(secret.length * 6).toBeGreaterThanOrEqual(128);
  });

  it('stop working the moment they are revoked', async () => {
    const issued = await issue('approver');
    expect((await api('GET', '/inbox', { token: issued.token })).status).toBe(200);
    const revoked = await api('DELETE', `/tokens/${issued.id}`, { token: bootstrapToken });
    expect(revoked.status).toBe(200);
    const first = await json(revoked);
    expect(first).toMatchObject({ id: issued.id, revokedAt: expect.any(String) });
    expect((await api('GET', '/inbox', { token: issued.token })).status).toBe(401);
    // Revoking again is harmless and keeps the first time.
    const again = await api('DELETE', `/tokens/${issued.id}`, { token: bootstrapToken });
    expect(again.status).toBe(200);
    expect((await json(again)).revokedAt).toBe(first.revokedAt);
  });

  it.each([
    ['a wrong secret', (t: string) => `${t.slice(0, -4)}AAAA`],
    ['a wrong workspace', (t: string) => t.replace('gh_default_', 'gh_elsewhere_')],
    ['an unknown id', (t: string) => t.replace(/tk-[a-z2-7]+/, 'tk-aaaaaaaaaaaaaaaa')],
    ['a truncated token', (t: string) => t.slice(0, 30)],
    ['the bootstrap token with a suffix', () => `${bootstrapToken}x`],
    ['the bootstrap token lowercased differently', () => bootstrapToken.toUpperCase()],
    ['an empty-looking token', () => 'gh___'],
  ])('are refused with %s', async (_name, mutate) => {
    const issued = await issue('admin');
    const res = await api('GET', '/tokens', { token: mutate(issued.token) });
    expect(res.status).toBe(401);
    expect(await json(res)).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it.each([['Basic dXNlcjpwYXNz'], ['Bearer'], ['Bearer a b'], ['Token abc']])(
    'refuse a malformed Authorization header: %s',
    async (header) => {
      const res = await exports.default.fetch('http://relay/api/v1/tokens', {
        headers: { authorization: header },
      });
      expect(res.status).toBe(401);
    },
  );

  it('are never accepted in a URL', async () => {
    const issued = await issue('admin');
    for (const name of ['token', 'access_token']) {
      const res = await exports.default.fetch(`http://relay/api/v1/tokens?${name}=${issued.token}`);
      expect(res.status).toBe(401);
      expect((await json<{ error: { message: string } }>(res)).error.message).toMatch(/URL/);
    }
    // Even alongside a valid header: a token that leaked into a URL is a mistake to surface.
    const both = await api('GET', `/tokens?token=${issued.token}`, { token: issued.token });
    expect(both.status).toBe(401);
  });
});

describe('the bootstrap admin token (GATEHOUSE_ADMIN_TOKEN)', () => {
  it('is the admin of the workspace default', async () => {
    const res = await api('POST', '/tokens', { token: bootstrapToken, body: { role: 'agent' } });
    expect(res.status).toBe(201);
    expect((await json<{ token: string }>(res)).token.startsWith('gh_default_')).toBe(true);
  });

  it('is refused when the secret is unset or too short (fails closed)', async () => {
    const stub = env.WORKSPACE.getByName('default');
    const original = env.GATEHOUSE_ADMIN_TOKEN;
    await runInDurableObject(stub, async (instance) => {
      const own = (instance as unknown as { env: Env }).env;
      try {
        own.GATEHOUSE_ADMIN_TOKEN = '';
        expect((await instance.authenticate('')).ok).toBe(false);
        own.GATEHOUSE_ADMIN_TOKEN = 'short';
        expect((await instance.authenticate('short')).ok).toBe(false);
      } finally {
        own.GATEHOUSE_ADMIN_TOKEN = original;
      }
      expect((await instance.authenticate(original)).ok).toBe(true);
    });
  });

  it('means nothing in another workspace', async () => {
    const other = await newWorkspace();
    const result = await env.WORKSPACE.getByName(other.workspaceId).authenticate(bootstrapToken);
    expect(result).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('roles', () => {
  it('admin passes routes meant for agents and approvers', async () => {
    const admin = (await issue('admin')).token;
    expect((await api('GET', '/inbox', { token: admin })).status).toBe(200);
    expect((await api('POST', '/ws-tickets', { token: admin })).status).toBe(201);
  });

  it('403 names the role needed and the role presented', async () => {
    const res = await api('GET', '/tokens', { token: tokens.agent });
    expect(res.status).toBe(403);
    expect((await json<{ error: { message: string } }>(res)).error.message).toMatch(/admin.*agent/);
  });
});
