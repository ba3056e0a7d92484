import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { pairingAlphabet } from '../../worker/common/pairing.ts';
import { api, bootstrapToken, json, newWorkspace, warmUp } from './helpers.ts';

beforeAll(warmUp);

interface Code {
  code: string;
  expiresAt: string;
  url: string;
}

async function createCode(token = bootstrapToken): Promise<Code> {
  const res = await api('POST', '/pairing-codes', { token });
  expect(res.status).toBe(201);
  return json<Code>(res);
}

/** Each test pairs from its own client IP, so the per-IP attempt bound of one does not touch another. */
let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

const pair = (code: string, ip = freshIp()) =>
  api('POST', '/pair', { body: { code }, headers: { 'cf-connecting-ip': ip } });

const errorOf = async (res: Response) =>
  (await json<{ error: { code: string; message: string } }>(res)).error;

describe('POST /pairing-codes', () => {
  it('returns a short code from the unambiguous alphabet, ten minutes, and the /app URL', async () => {
    const before = Date.now();
    const code = await createCode();
    expect(code.code).toMatch(new RegExp(`^[${pairingAlphabet}]{8}$`));
    expect(code.url).toBe(`http://relay/app#pair=${code.code}`);
    const ttl = Date.parse(code.expiresAt) - before;
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000 + 1000);
  });

  it('stores only the hash of the code', async () => {
    const { code } = await createCode();
    await runInDurableObject(env.WORKSPACE.getByName('default'), (_instance, state) => {
      const dump = JSON.stringify(state.storage.sql.exec('SELECT * FROM pairing_codes').toArray());
      expect(dump).not.toContain(code);
      expect(dump).toMatch(/[0-9a-f]{64}/);
    });
  });

  it('names the workspace in codes of other workspaces', async () => {
    const other = await newWorkspace();
    const code = await createCode(other.token);
    expect(code.code.startsWith(`${other.workspaceId}.`)).toBe(true);
    expect(code.url).toContain(encodeURIComponent(code.code));
  });
});

describe('POST /pair', () => {
  it('trades a code for an approver token of the right workspace', async () => {
    const { code } = await createCode();
    const res = await pair(code);
    expect(res.status).toBe(201);
    const paired = await json<{ token: string; workspaceId: string }>(res);
    expect(paired.workspaceId).toBe('default');
    expect((await api('GET', '/inbox', { token: paired.token })).status).toBe(200);
    // An approver, not an admin.
    expect((await api('GET', '/tokens', { token: paired.token })).status).toBe(403);
    const tokens = await json<{ tokens: { role: string; label: string }[] }>(
      await api('GET', '/tokens', { token: bootstrapToken }),
    );
    expect(tokens.tokens.at(-1)).toMatchObject({ role: 'approver', label: 'paired device' });
  });

  it('accepts what a person types: lowercase, spaces, dashes', async () => {
    const { code } = await createCode();
    const typed = ` ${code.slice(0, 4).toLowerCase()}-${code.slice(4)} `;
    expect((await pair(typed)).status).toBe(201);
  });

  it('is single use', async () => {
    const { code } = await createCode();
    expect((await pair(code)).status).toBe(201);
    const again = await pair(code);
    expect(again.status).toBe(410);
    expect((await errorOf(again)).message).toMatch(/already used/);
  });

  it('is single use under concurrency: exactly one of many simultaneous tries wins', async () => {
    const { code } = await createCode();
    const statuses = await Promise.all(Array.from({ length: 8 }, () => pair(code).then((res) => res.status)));
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 410)).toHaveLength(7);
  });

  it('refuses an expired code with 410 (the object clock decides)', async () => {
    const { code } = await createCode();
    await runInDurableObject(env.WORKSPACE.getByName('default'), (_instance, state) => {
      // Expire every unused code: as if ten minutes had passed.
      state.storage.sql.exec('UPDATE pairing_codes SET expires_at = ? WHERE used_at IS NULL', Date.now() - 1);
    });
    const res = await pair(code);
    expect(res.status).toBe(410);
    expect(await errorOf(res)).toMatchObject({ code: 'expired', message: expect.stringMatching(/expired/) });
  });

  it.each([
    ['an unknown code', 'ABCDEFGH'],
    ['a code with a letter outside the alphabet', 'ABCDEFG0'],
    ['a code too short', 'ABCD'],
    ['a code too long', 'ABCDEFGHJ'],
    ['an unknown workspace', 'ws-nosuchworkspace.ABCDEFGH'],
    ['a workspace name with capitals and symbols', 'Ws!x.ABCDEFGH'],
  ])('refuses %s with 400', async (_name, code) => {
    const res = await pair(code);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'invalid_request', message: 'unknown pairing code' });
  });

  it.each([[{}], [{ code: 42 }], [{ code: '' }], [{ code: 'x'.repeat(65) }], ['ABCDEFGH'], [null]])(
    'refuses a malformed body %j with 400 and zod details',
    async (body) => {
      const res = await api('POST', '/pair', { body, headers: { 'cf-connecting-ip': freshIp() } });
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe('invalid_request');
    },
  );

  it('does not pair a code of one workspace into another', async () => {
    const other = await newWorkspace();
    const { code } = await createCode(other.token);
    const bare = code.split('.')[1]!;
    // The same characters without the workspace name mean workspace default: unknown there.
    expect((await pair(bare)).status).toBe(400);
    const res = await pair(code);
    expect(res.status).toBe(201);
    const paired = await json<{ workspaceId: string; token: string }>(res);
    expect(paired.workspaceId).toBe(other.workspaceId);
    expect(paired.token.startsWith(`gh_${other.workspaceId}_`)).toBe(true);
  });

  it('bounds guessing: attempts per client IP per minute, then 429 with Retry-After', {
    timeout: 20_000,
  }, async () => {
    // Stay clear of a window boundary so all attempts count in one window.
    const intoWindow = Date.now() % 60_000;
    if (intoWindow > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoWindow + 50));
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await pair('ABCDEFGH', ip)).status);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    const limited = await pair('ABCDEFGH', ip);
    expect(statuses[10]).toBe(429);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right code is refused from that IP until the window passes; another IP pairs.
    const { code } = await createCode();
    expect((await pair(code, ip)).status).toBe(429);
    expect((await pair(code)).status).toBe(201);
  });
});
