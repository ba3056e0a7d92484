import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CompiledPlan, compilePlan } from '../../shared/plan/index.ts';
import type { WorkspacePolicy } from '../../worker/rpc.ts';
import { api, bootstrapToken, issue, json, newWorkspace, warmUp } from './helpers.ts';

type Compiled = CompiledPlan;

beforeAll(warmUp);

/** The policy SessionDO reads (RPC typing cannot see through `unknown` fields, hence the cast). */
const policyOf = (workspaceId = 'default') =>
  env.WORKSPACE.getByName(workspaceId).getPolicy() as unknown as Promise<WorkspacePolicy>;

interface Stored {
  permissions: unknown;
  policyVersion: number;
  updatedAt: string | null;
}

const getPermissions = async (token = bootstrapToken) =>
  json<Stored>(await api('GET', '/permissions', { token }));
const putPermissions = (body: unknown, token = bootstrapToken) => api('PUT', '/permissions', { token, body });
const errorOf = async (res: Response) =>
  (await json<{ error: { code: string; message: string; details?: unknown } }>(res)).error;

describe('GET/PUT /permissions', () => {
  it('starts empty at version 0 in a new workspace', async () => {
    const other = await newWorkspace();
    expect(await getPermissions(other.token)).toEqual({
      permissions: null,
      policyVersion: 0,
      updatedAt: null,
      delivery: { pushAfterSeconds: 15, pushAtOnceRisk: 'critical', receiptSeconds: 30 },
      suggestions: { afterApprovals: 3 },
    });
  });

  it.each([
    [
      'native',
      { mode: 'default', default: 'ask', rules: [{ tool: 'Bash', permission: 'deny', content: 'rm -rf:*' }] },
    ],
    [
      'agenta',
      {
        permissions: {
          default: 'allow_reads',
          rules: [{ tool: 'Bash', permission: 'allow', content: 'ls' }],
        },
      },
    ],
    [
      'Claude Code settings',
      { permissions: { allow: ['Bash(npm test)'], deny: ['Read(.env)'], ask: ['WebFetch'] } },
    ],
  ])('stores the %s dialect as written and bumps the policy version', async (_dialect, config) => {
    const before = await getPermissions();
    const res = await putPermissions(config);
    expect(res.status).toBe(200);
    const stored = await json<Stored>(res);
    expect(stored.permissions).toEqual(config);
    expect(stored.policyVersion).toBe(before.policyVersion + 1);
    expect(stored.updatedAt).toEqual(expect.any(String));
    expect(stored).toMatchObject({ ignored: [] });
    expect({ ...(await getPermissions()), ignored: [] }).toEqual(stored);
    const policy = await policyOf();
    expect(policy).toMatchObject({ version: stored.policyVersion, permissions: config });
  });

  it('accepts a whole settings.json, stores only what it applies and lists the rest as ignored', async () => {
    const res = await putPermissions({
      $schema: 'https://json.schemastore.org/claude-code-settings.json',
      permissions: { allow: ['Bash(ls)'], additionalDirectories: ['../docs'] },
      env: { ANTHROPIC_API_KEY: 'sk-ant-secret' },
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'gatehouse hook' }] }] },
      model: 'opus',
      statusLine: { type: 'command', command: 'x' },
    });
    expect(res.status).toBe(200);
    const stored = await json<Stored & { ignored: string[] }>(res);
    expect(JSON.stringify(stored.permissions)).not.toContain('sk-ant-secret');
    expect(stored.permissions).toEqual({ permissions: { allow: ['Bash(ls)'] } });
    expect(stored.ignored.sort()).toEqual(
      ['$schema', 'env', 'hooks', 'model', 'permissions.additionalDirectories', 'statusLine'].sort(),
    );
    expect(await getPermissions()).toEqual({ ...stored, ignored: undefined });
  });

  it("lists agenta's legacy fields as ignored and applies its block", async () => {
    const res = await putPermissions({
      permissions: { default: 'ask', rules: [{ tool: 'Read', permission: 'allow' }] },
      permissionPolicy: 'strict',
      needsApproval: ['Bash'],
    });
    expect(res.status).toBe(200);
    const stored = await json<Stored & { ignored: string[] }>(res);
    expect(stored.ignored.sort()).toEqual(['needsApproval', 'permissionPolicy']);
    expect(stored.permissions).toEqual({
      permissions: { default: 'ask', rules: [{ tool: 'Read', permission: 'allow' }] },
    });
  });

  it.each([
    [
      'a Claude Code block with native agents beside it',
      { permissions: { allow: ['Bash(npm test)'] }, agents: { loosen: true, modes: ['accept_edits'] } },
      (policy: Compiled) => {
        expect(policy.agents).toEqual({ loosen: true, modes: ['accept_edits'] });
        expect(policy.rules.allow.map((rule) => rule.text)).toEqual(['Bash(npm test)']);
      },
    ],
    [
      'agenta and Claude Code in one block',
      { permissions: { default: 'ask', rules: [{ tool: 'Read', permission: 'deny' }], deny: ['WebFetch'] } },
      (policy: Compiled) => {
        expect(policy.default).toBe('ask');
        expect(policy.rules.deny.map((rule) => rule.text).sort()).toEqual(['Read', 'WebFetch']);
      },
    ],
    [
      'every native key beside a Claude Code block',
      {
        mode: 'plan',
        default: 'deny',
        rules: [{ tool: 'Bash', permission: 'ask', content: 'git push:*' }],
        tools: { Task: 'deny' },
        toolCapabilities: { mcp__docs__search: 'read' },
        capabilities: { net: 'deny' },
        shield: 'deny',
        timeoutSeconds: 120,
        allowedModes: ['plan', 'default'],
        pushDetails: 'none',
        permissions: { ask: ['Edit'], defaultMode: 'plan', default: 'deny' },
      },
      (policy: Compiled) => {
        expect(policy).toMatchObject({
          mode: 'plan',
          default: 'deny',
          shield: 'deny',
          timeoutSeconds: 120,
          allowedModes: ['plan', 'default'],
          capabilities: { net: 'deny' },
        });
        expect([...policy.tools]).toEqual([['Task', 'deny']]);
        expect([...policy.toolCapabilities]).toEqual([['mcp__docs__search', 'read']]);
        expect(policy.rules.ask.map((rule) => rule.text).sort()).toEqual(['Bash(git push:*)', 'Edit']);
      },
    ],
    [
      "Claude Code's disableBypassPermissionsMode",
      { permissions: { disableBypassPermissionsMode: 'disable' }, allowedModes: ['bypass', 'default'] },
      (policy: Compiled) => expect(policy.allowedModes).toEqual(['default']),
    ],
  ])('applies every field of %s', async (_name, body, check) => {
    const res = await putPermissions(body);
    expect(res.status).toBe(200);
    expect((await json<{ ignored: string[] }>(res)).ignored).toEqual([]);
    const policy = await policyOf();
    check(compilePlan(policy.permissions as never));
  });

  it('new tokens carry the new policy version', async () => {
    const before = await getPermissions();
    await putPermissions({ default: 'ask' });
    const approver = await issue('approver');
    const result = await env.WORKSPACE.getByName('default').authenticate(approver.token);
    expect(result.ok && result.principal.policyVersion).toBe(before.policyVersion + 1);
  });

  it.each([
    ['an unknown mode', { mode: 'yolo' }, /unknown mode .*yolo/],
    ['an unknown Claude Code mode', { permissions: { defaultMode: 'yolo' } }, /unknown mode .*yolo/],
    ['an unknown native key', { colour: 'red' }, /colour/],
    ['an unknown key beside a Claude Code block', { permissions: { allow: ['Bash'] }, agent: {} }, /agent/],
    ['an unknown key in the permissions block', { permissions: { allow: ['Bash'], allows: [] } }, /allows/],
    [
      'an unknown key in a native rule',
      { rules: [{ tool: 'Bash', permission: 'deny', content: 'rm:*', paths: ['/'] }] },
      /rules\.0.*paths|paths.*rules\.0/,
    ],
    [
      'an unknown key in an agenta rule',
      { permissions: { default: 'ask', rules: [{ tool: 'Read', permission: 'deny', contents: '.env' }] } },
      /permissions\.rules\.0.*contents|contents.*permissions\.rules\.0/,
    ],
    [
      'a defaultMode that contradicts mode',
      { mode: 'plan', permissions: { defaultMode: 'bypassPermissions' } },
      /permissions\.defaultMode/,
    ],
    [
      "agenta's default contradicting the native one",
      { default: 'deny', permissions: { default: 'allow' } },
      /permissions\.default/,
    ],
    [
      'an unknown disableBypassPermissionsMode',
      { permissions: { disableBypassPermissionsMode: 'no' } },
      /disableBypass/,
    ],
    ['an unknown tool capability', { toolCapabilities: { x: 'harmless' } }, /toolCapabilities/],
    ['a wrong default', { default: 'maybe' }, /.+/],
    ['rules that are not a list', { permissions: { allow: 'Bash' } }, /.+/],
    ['a timeout below the minimum', { timeoutSeconds: 1 }, /.+/],
    ['not an object', ['Bash'], /.+/],
  ])('refuses %s with 400 and zod details, changing nothing', async (_name, body, message) => {
    const before = await getPermissions();
    const res = await putPermissions(body);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('invalid_request');
    expect(error.message).toMatch(/invalid permissions/);
    expect(JSON.stringify(error.details)).toMatch(message);
    expect(await getPermissions()).toEqual(before);
  });

  it('refuses a rule the plan compiler rejects, naming the rule', async () => {
    const before = await getPermissions();
    const res = await putPermissions({ permissions: { allow: ['Bash(ls)'], deny: ['Bash(git push'] } });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.message).toContain('Bash(git push');
    expect(error.details).toEqual([
      expect.objectContaining({ path: expect.any(String), message: expect.any(String) }),
    ]);
    expect(await getPermissions()).toEqual(before);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await api('PUT', '/permissions', {
      token: bootstrapToken,
      rawBody: '{"mode":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toMatch(/JSON/);
  });
});

describe('global grants', () => {
  const grant = (key: string, sessionId = 's-1') => ({
    key,
    tool: 'Bash',
    input: { command: 'npm publish' },
    sessionId,
    interactionId: `ia-${key.replace(':', '-')}`,
  });

  it('are added by SessionDO, listed for approvers, and bump the policy version', async () => {
    const stub = env.WORKSPACE.getByName('default');
    const before = await policyOf();
    const approver = await issue('approver', bootstrapToken, 'alice phone');
    await stub.addGlobalGrant({ ...grant('Bash:aaa'), approvedBy: approver.id });
    const after = await policyOf();
    expect(after.version).toBe(before.version + 1);
    expect(after.grants.map((grant) => grant.key)).toContain('Bash:aaa');
    const res = await api('GET', '/grants', { token: approver.token });
    expect(res.status).toBe(200);
    const { grants } = await json<{ grants: Record<string, unknown>[] }>(res);
    expect(grants.find((g) => g.interactionId === 'ia-Bash-aaa')).toMatchObject({
      id: expect.stringMatching(/^gr-/),
      tool: 'Bash',
      input: { command: 'npm publish' },
      sessionId: 's-1',
      approvedBy: 'alice phone',
      createdAt: expect.any(String),
    });
    // The approval key is the relay's business; it is not part of the listing.
    expect(JSON.stringify(grants)).not.toContain('Bash:aaa');
  });

  it('are kept once per approval key', async () => {
    const stub = env.WORKSPACE.getByName('default');
    await stub.addGlobalGrant(grant('Bash:dup'));
    const version = (await policyOf()).version;
    await stub.addGlobalGrant(grant('Bash:dup', 's-2'));
    const policy = await policyOf();
    expect(policy.version).toBe(version);
    expect(policy.grants.map((grant) => grant.key).filter((key) => key === 'Bash:dup')).toHaveLength(1);
  });

  it('are removed by an approver (204), after which the key no longer applies', async () => {
    const stub = env.WORKSPACE.getByName('default');
    await stub.addGlobalGrant(grant('Bash:gone'));
    const approver = await issue('approver');
    const { grants } = await json<{ grants: { id: string; interactionId: string }[] }>(
      await api('GET', '/grants', { token: approver.token }),
    );
    const target = grants.find((g) => g.interactionId === 'ia-Bash-gone')!;
    const version = (await policyOf()).version;
    const res = await api('DELETE', `/grants/${target.id}`, { token: approver.token });
    expect(res.status).toBe(204);
    const policy = await policyOf();
    expect(policy.grants.map((grant) => grant.key)).not.toContain('Bash:gone');
    expect(policy.version).toBe(version + 1);
    expect((await api('DELETE', `/grants/${target.id}`, { token: approver.token })).status).toBe(404);
  });

  it('belong to one workspace only', async () => {
    await env.WORKSPACE.getByName('default').addGlobalGrant(grant('Bash:mine'));
    const other = await newWorkspace();
    expect((await policyOf(other.workspaceId)).grants.map((grant) => grant.key)).toEqual([]);
    const { grants } = await json<{ grants: { id: string; interactionId: string }[] }>(
      await api('GET', '/grants', { token: bootstrapToken }),
    );
    const target = grants.find((g) => g.interactionId === 'ia-Bash-mine')!;
    expect((await api('DELETE', `/grants/${target.id}`, { token: other.token })).status).toBe(404);
    expect((await policyOf()).grants.map((grant) => grant.key)).toContain('Bash:mine');
  });

  it('cannot be removed by an agent', async () => {
    const agent = await issue('agent');
    expect((await api('DELETE', '/grants/gr-any', { token: agent.token })).status).toBe(403);
    expect((await api('GET', '/grants', { token: agent.token })).status).toBe(403);
  });
});
