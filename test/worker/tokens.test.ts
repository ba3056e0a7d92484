import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCredential, parseCredential } from '../../worker/common/credentials.ts';
import { parsePairingCode } from '../../worker/common/pairing.ts';
import { migrations } from '../../worker/workspace/schema.ts';
import { WorkspaceStore } from '../../worker/workspace/store.ts';
import { api, bootstrapToken, issue, json, newWorkspace, warmUp } from './helpers.ts';

beforeAll(warmUp);

const secret = 'A'.repeat(43);

describe('credential format', () => {
  it.each([
    [`gh_default_tk-abc_${secret}`, { kind: 'token', workspaceId: 'default', id: 'tk-abc', secret }],
    [`gt_ws-1_wt-x_${secret}`, { kind: 'ticket', workspaceId: 'ws-1', id: 'wt-x', secret }],
    [
      `gh_default_tk-abc_a_b-c${secret}`,
      { kind: 'token', workspaceId: 'default', id: 'tk-abc', secret: `a_b-c${secret}` },
    ],
  ])('reads %s', (text, expected) => {
    expect(parseCredential(text)).toEqual(expected);
  });

  it.each([
    ['the bootstrap token', 'test-admin-token-0123456789abcdef'],
    ['an unknown prefix', `gx_default_tk-abc_${secret}`],
    ['a workspace with capitals', `gh_Default_tk-abc_${secret}`],
    ['a workspace with a dot', `gh_a.b_tk-abc_${secret}`],
    ['no id', `gh_default__${secret}`],
    ['a short secret', 'gh_default_tk-abc_AAAA'],
    ['a secret with padding', `gh_default_tk-abc_${secret}=`],
    ['spaces', `gh_default_tk-abc_${secret} `],
  ])('rejects %s', (_name, text) => {
    expect(parseCredential(text)).toBeNull();
  });

  it('round-trips what it formats', () => {
    const text = formatCredential('token', 'ws-abc', 'tk-123', `x_y-${secret}`);
    expect(parseCredential(text)).toEqual({
      kind: 'token',
      workspaceId: 'ws-abc',
      id: 'tk-123',
      secret: `x_y-${secret}`,
    });
  });
});

describe('pairing code format', () => {
  it.each([
    ['K7QMP3XZ', { workspaceId: 'default', code: 'K7QMP3XZ' }],
    [' k7qm-p3xz ', { workspaceId: 'default', code: 'K7QMP3XZ' }],
    ['ws-abc.K7QMP3XZ', { workspaceId: 'ws-abc', code: 'K7QMP3XZ' }],
    ['WS-ABC.k7qm p3xz', { workspaceId: 'ws-abc', code: 'K7QMP3XZ' }],
  ])('reads %j', (text, expected) => {
    expect(parsePairingCode(text)).toEqual(expected);
  });

  it.each([
    'K7QMP3X',
    'K7QMP3XZZ',
    'K7QMP3X0',
    'K7QMP3XI',
    'K7QMP3XL',
    'K7QMP3X1',
    'a_b.K7QMP3XZ',
    '.K7QMP3XZ',
  ])('rejects %j', (text) => {
    expect(parsePairingCode(text)).toBeNull();
  });
});

describe('POST /tokens', () => {
  it.each([
    [{ role: 'root' }, 'role'],
    [{}, 'role'],
    [{ role: 'agent', label: 'x'.repeat(101) }, 'label'],
    [{ role: 'agent', label: 7 }, 'label'],
  ])('refuses %j with 400 naming the field', async (body, field) => {
    const res = await api('POST', '/tokens', { token: bootstrapToken, body });
    expect(res.status).toBe(400);
    const { error } = await json<{ error: { code: string; details: { path: string }[] } }>(res);
    expect(error.code).toBe('invalid_request');
    expect(error.details.map((d) => d.path)).toContain(field);
  });

  it('GET /tokens never shows a secret or a hash', async () => {
    const issued = await issue('agent', bootstrapToken, 'build');
    const res = await api('GET', '/tokens', { token: bootstrapToken });
    const text = await res.text();
    expect(text).not.toContain(issued.token.split('_').slice(3).join('_'));
    expect(text).not.toMatch(/[0-9a-f]{64}/);
    const { tokens } = JSON.parse(text) as { tokens: Record<string, unknown>[] };
    const listed = tokens.find((token) => token.id === issued.id);
    expect(listed).toEqual({
      id: issued.id,
      role: 'agent',
      label: 'build',
      createdAt: expect.any(String),
      revokedAt: null,
    });
  });
});

describe('POST /workspaces', () => {
  it('creates an isolated workspace with its own admin token', async () => {
    const created = await newWorkspace();
    expect(created.workspaceId).toMatch(/^ws-[a-z2-7]{16}$/);
    expect(created.token.startsWith(`gh_${created.workspaceId}_${created.tokenId}_`)).toBe(true);
    const agent = await issue('agent', created.token);
    expect(agent.token.startsWith(`gh_${created.workspaceId}_`)).toBe(true);
    // The new workspace's tokens are not the default workspace's, and neither side sees the other's.
    const defaults = await json<{ tokens: { id: string }[] }>(
      await api('GET', '/tokens', { token: bootstrapToken }),
    );
    expect(defaults.tokens.map((token) => token.id)).not.toContain(agent.id);
    const own = await json<{ tokens: { id: string }[] }>(
      await api('GET', '/tokens', { token: created.token }),
    );
    expect(own.tokens.map((token) => token.id).sort()).toEqual([created.tokenId, agent.id].sort());
  });

  it("a token can't be replayed against another workspace by rewriting its name", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const forged = a.token.replace(`gh_${a.workspaceId}_`, `gh_${b.workspaceId}_`);
    expect((await api('GET', '/tokens', { token: forged })).status).toBe(401);
  });

  it('only the bootstrap token may create workspaces (not even a workspace admin)', async () => {
    const created = await newWorkspace();
    const res = await api('POST', '/workspaces', { token: created.token });
    expect(res.status).toBe(403);
    expect((await json<{ error: { message: string } }>(res)).error.message).toMatch(/bootstrap/);
  });
});

describe('WorkspaceDO storage', () => {
  it('is at the latest schema version, and migrating again changes nothing', async () => {
    await runInDurableObject(env.WORKSPACE.getByName('default'), async (instance, state) => {
      await instance.listTokens();
      const store = new WorkspaceStore(state.storage);
      expect(store.schemaVersion()).toBe(migrations.length);
      const tokensBefore = store.listTokens().length;
      store.migrate();
      expect(store.schemaVersion()).toBe(migrations.length);
      expect(store.listTokens()).toHaveLength(tokensBefore);
    });
  });
});
