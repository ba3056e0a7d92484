import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { noteEdit, noteLifetimeMs } from '../../client/cli/codex/edits.ts';
import { runCodexHook } from '../../client/cli/codex/hook.ts';
import { toolCallIdOf } from '../../client/cli/codex/input.ts';
import { declarationOf } from '../../client/cli/codex/mode.ts';
import { nodeFetch } from '../../client/cli/node-fetch.ts';
import { createClient } from '../../client/sdk/index.ts';

// `gatehouse hook --agent codex` against a scripted relay: Codex runs whatever a silent hook lets
// through, so only an allow may be silent; every other answer of the relay is a deny.

const base = {
  session_id: '019b0c1e-0000-7000-8000-000000000001',
  turn_id: '019b0c1e-0000-7000-8000-0000000000aa',
  cwd: '/work/project',
  model: 'gpt-5.5',
  permission_mode: 'bypassPermissions',
};
const preToolUse = (command: string) => ({
  ...base,
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command },
  tool_use_id: 'call_1',
});
const permissionRequest = (command: string) => ({
  ...base,
  hook_event_name: 'PermissionRequest',
  tool_name: 'Bash',
  tool_input: { command },
});

/** Where the hook notes edited approvals: a fresh folder per test, never the real one. */
let editsDir = '';
beforeEach(async () => {
  editsDir = await mkdtemp(join(tmpdir(), 'gatehouse-unit-codex-edits-'));
});
afterEach(() => rm(editsDir, { recursive: true, force: true }));

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

/** A relay stand-in: `answer` gets each request (after the session declaration, which is recorded and accepted). */
async function relay(answer: (seen: Seen, res: ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        path: req.url ?? '',
        body: body ? JSON.parse(body) : undefined,
      };
      seen.push(request);
      if (request.method === 'PUT') return json(res, 200, sessionView);
      answer(request, res);
    });
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, seen };
}

const sessionView = {
  sessionId: base.session_id,
  title: null,
  agent: 'Codex CLI',
  mode: 'default',
  engineMode: 'default',
  modes: [],
  activeInteraction: null,
  queueLength: 0,
  createdAt: '2026-12-01T00:00:00Z',
  updatedAt: '2026-12-01T00:00:00Z',
};

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const decision = (behavior: 'allow' | 'deny' | 'ask', reason: string) => ({
  toolCallId: 'x',
  behavior,
  source: 'rule',
  evaluator: 'rule',
  reasonCode: `normalized_rule_${behavior}`,
  reason,
  risk: 'high',
});
const state = (outcome: 'allow' | 'deny' | 'pending', extra: Record<string, unknown> = {}) => ({
  toolCallId: 'x',
  tool: 'Bash',
  outcome,
  decision: decision(outcome === 'pending' ? 'ask' : outcome, `Decided as ${outcome}.`),
  ...extra,
});

async function run(
  url: string | null,
  stdin: unknown,
  options: { onError?: 'none' | 'deny'; wait?: number } = {},
) {
  const out: string[] = [];
  const err: string[] = [];
  const client = url ? createClient({ url, token: 'gh_agent_unit', fetch: nodeFetch }) : null;
  const code = await runCodexHook(
    client,
    { onError: options.onError ?? 'none', waitSeconds: options.wait ?? 0, editsDir },
    {
      stdin: typeof stdin === 'string' ? stdin : JSON.stringify(stdin),
      write: (t) => out.push(t),
      warn: (t) => err.push(t),
    },
  );
  const text = out.join('');
  return { code, output: text === '' ? undefined : JSON.parse(text), stderr: err.join('\n') };
}

async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('gatehouse hook --agent codex', () => {
  it('an allowed call is silent: exit 0, no output', async () => {
    const { url, seen } = await relay((_s, res) => json(res, 200, state('allow')));
    expect(await run(url, preToolUse('ls'))).toMatchObject({ code: 0, output: undefined });
    const submit = seen.find((request) => request.method === 'POST')!;
    expect(submit.path).toBe(`/api/v1/sessions/${base.session_id}/tool-calls`);
    expect(submit.body).toMatchObject({ tool: 'Bash', input: { command: 'ls' }, cwd: '/work/project' });
  });

  it('a deny is a PreToolUse deny with the reason', async () => {
    const { url } = await relay((_s, res) => json(res, 200, state('deny')));
    const { output } = await run(url, preToolUse('git push'));
    expect(output).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason:
          'Gatehouse denied this call (normalized_rule_deny): Decided as deny. The same call will be denied again, so do not retry it; do it another way or ask the user.',
      },
    });
  });

  it("an approver's rejection reaches the model with its comment", async () => {
    const resolution = {
      toolCallId: 'x',
      behavior: 'deny',
      source: 'user',
      actionId: 'deny',
      scope: 'once',
      comment: 'not on main, please',
      interactionId: 'i1',
    };
    const { url } = await relay((_s, res) => json(res, 200, state('deny', { resolution })));
    const { output } = await run(url, preToolUse('git push'));
    expect(output.hookSpecificOutput.permissionDecisionReason).toBe(
      "The user denied this call. Do not retry it; ask the user how to proceed. The user's comment: not on main, please",
    );
  });

  it('a question nobody answered within the wait is withdrawn and denied, never silence', async () => {
    const { url, seen } = await relay((request, res) => {
      if (request.method === 'DELETE')
        return json(res, 200, state('deny', { resolution: { ...cancelResolution } }));
      json(
        res,
        200,
        state('pending', {
          interaction: { interactionId: 'i1', state: 'active', queuePosition: 0, expiresAt: null },
        }),
      );
    });
    const { output } = await run(url, preToolUse('rm -rf build'), { wait: 0 });
    expect(output.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(output.hookSpecificOutput.permissionDecisionReason).toMatch(
      /^No one answered within 0 s, so this call did not run; the user did not deny it\./,
    );
    expect(seen.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('a question the relay could not withdraw is still denied', async () => {
    const { url } = await relay((request, res) => {
      if (request.method === 'DELETE')
        return json(res, 500, { error: { code: 'internal', message: 'boom' } });
      json(
        res,
        200,
        state('pending', {
          interaction: { interactionId: 'i1', state: 'active', queuePosition: 0, expiresAt: null },
        }),
      );
    });
    const { output } = await run(url, preToolUse('rm -rf build'), { wait: 0 });
    expect(output.hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it.each([
    [429, 'rate_limited'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [400, 'invalid_request'],
  ])('a refused request (%i) is a deny with the reason', async (status, code) => {
    const { url } = await relay((_s, res) =>
      json(res, status, { error: { code, message: `refused with ${status}` } }),
    );
    const { output } = await run(url, preToolUse('ls'));
    expect(output.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(output.hookSpecificOutput.permissionDecisionReason).toContain(`refused with ${status}`);
  });

  it('a relay that cannot be reached is no decision, unless --on-error deny', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    expect(await run(url, preToolUse('ls'))).toMatchObject({ code: 0, output: undefined });
    const denied = await run(url, preToolUse('ls'), { onError: 'deny' });
    expect(denied.output.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(denied.output.hookSpecificOutput.permissionDecisionReason).toMatch(
      /^Gatehouse could not be asked about this call \(.*\), so it is denied\./,
    );
    const permission = await run(url, permissionRequest('ls'), { onError: 'deny' });
    expect(permission.output.hookSpecificOutput.decision.behavior).toBe('deny');
    expect(await run(null, preToolUse('ls'))).toMatchObject({ output: undefined });
  });

  it('a relay answering 5xx or garbage is treated as down; stdin that is not hook JSON too', async () => {
    const { url } = await relay((_s, res) => json(res, 502, 'bad gateway'));
    expect((await run(url, preToolUse('ls'))).output).toBeUndefined();
    expect(
      (await run(url, preToolUse('ls'), { onError: 'deny' })).output.hookSpecificOutput.permissionDecision,
    ).toBe('deny');
    expect((await run(url, 'not json')).output).toBeUndefined();
  });

  it('PermissionRequest answers decision allow or deny, for the same relay call PreToolUse made', async () => {
    const { url, seen } = await relay((request, res) =>
      json(
        res,
        200,
        state((request.body as { input: { command: string } }).input.command === 'ls' ? 'allow' : 'deny'),
      ),
    );
    expect((await run(url, permissionRequest('ls'))).output).toEqual({
      hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } },
    });
    const denied = await run(url, permissionRequest('rm x'));
    expect(denied.output.hookSpecificOutput.decision).toEqual({
      behavior: 'deny',
      message:
        'Gatehouse denied this call (normalized_rule_deny): Decided as deny. The same call will be denied again, so do not retry it; do it another way or ask the user.',
    });
    await run(url, preToolUse('rm x'));
    await run(url, permissionRequest('rm x\n'));
    const ids = seen
      .filter((r) => r.method === 'POST')
      .map((r) => (r.body as { tool_call_id: string }).tool_call_id);
    // rm x: PermissionRequest, PreToolUse and PermissionRequest with a trailing newline are one call.
    expect(ids[1]).toBe(ids[2]);
    expect(ids[2]).toBe(ids[3]);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('an input the approver edited reaches Codex: PreToolUse allow with updatedInput, PermissionRequest decision.updatedInput', async () => {
    const edited = { command: 'rm -rf build/cache' };
    const resolution = {
      toolCallId: 'x',
      behavior: 'allow',
      source: 'user',
      actionId: 'allow_once',
      scope: 'once',
      updatedInput: edited,
    };
    const { url } = await relay((_s, res) => json(res, 200, state('allow', { resolution })));
    expect((await run(url, preToolUse('rm -rf build'))).output).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        permissionDecisionReason: 'The user approved this call, with the input they edited.',
        updatedInput: edited,
      },
    });
    expect((await run(url, permissionRequest('rm -rf build'))).output).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'allow', updatedInput: edited },
      },
    });
  });

  describe('an edited approval, then the PermissionRequest Codex sends for the edited call', () => {
    const tool = 'mcp__fs__write_file';
    const proposed = { path: '/p/original.txt', content: 'by the model' };
    const edited = { path: '/p/edited.txt', content: 'by the approver' };
    const mcp = (event: string, toolInput: Record<string, unknown>, turn = base.turn_id) => ({
      ...base,
      turn_id: turn,
      hook_event_name: event,
      tool_name: tool,
      tool_input: toolInput,
      ...(event === 'PreToolUse' ? { tool_use_id: 'call_1' } : {}),
    });
    const approvedWith = (toolCallId: string, updatedInput?: Record<string, unknown>) => ({
      ...state('allow'),
      toolCallId,
      tool,
      resolution: {
        toolCallId,
        behavior: 'allow',
        source: 'user',
        actionId: 'allow_once',
        scope: 'once',
        ...(updatedInput ? { updatedInput } : {}),
      },
    });
    /** A relay that approves every new call with the approver's edit, and answers GETs from what it holds. */
    async function editingRelay(held: Map<string, unknown> = new Map()) {
      return relay((seen, res) => {
        const id = decodeURIComponent(seen.path.split('/').at(-1)?.split('?')[0] ?? '');
        if (seen.method === 'GET') return held.has(id) ? json(res, 200, held.get(id)) : json(res, 404, {});
        const body = seen.body as { tool_call_id: string };
        const answer = approvedWith(body.tool_call_id, edited);
        held.set(body.tool_call_id, answer);
        json(res, 200, answer);
      });
    }
    const posts = (seen: Seen[]) => seen.filter((r) => r.method === 'POST').length;

    it('reuses the approval: allow, one relay call, no second question', async () => {
      const { url, seen } = await editingRelay();
      expect((await run(url, mcp('PreToolUse', proposed))).output).toMatchObject({
        hookSpecificOutput: { permissionDecision: 'allow', updatedInput: edited },
      });
      expect((await run(url, mcp('PermissionRequest', edited))).output).toEqual({
        hookSpecificOutput: {
          hookEventName: 'PermissionRequest',
          decision: {
            behavior: 'allow',
            message: 'The user approved this call, with the input they edited.',
          },
        },
      });
      expect(posts(seen)).toBe(1);
      const original = toolCallIdOf(mcp('PreToolUse', proposed), tool, proposed);
      expect(seen.at(-1)).toMatchObject({ method: 'GET', path: expect.stringContaining(original) });
      // The note is spent: the same edited call asked again is evaluated as any new call.
      expect(await readdir(editsDir)).toEqual([]);
      await run(url, mcp('PermissionRequest', edited));
      expect(posts(seen)).toBe(2);
    });

    it('a note nobody reads is cleared by a later one once it is an hour old; other files stay', async () => {
      const here = mcp('PermissionRequest', edited);
      await noteEdit(editsDir, base.session_id, here, tool, edited, 'first');
      const [stale] = await readdir(editsDir);
      const old = new Date(Date.now() - noteLifetimeMs - 60_000);
      await utimes(join(editsDir, String(stale)), old, old);
      await writeFile(join(editsDir, 'not-a-note'), 'kept');
      await utimes(join(editsDir, 'not-a-note'), old, old);
      const recent = mcp('PermissionRequest', { ...edited, content: 'recent' });
      await noteEdit(editsDir, base.session_id, recent, tool, { ...edited, content: 'recent' }, 'recent');
      const [kept] = (await readdir(editsDir)).filter((name) => name !== 'not-a-note' && name !== stale);
      const other = mcp('PermissionRequest', { ...edited, content: 'other' });
      await noteEdit(editsDir, base.session_id, other, tool, { ...edited, content: 'other' }, 'other');
      const names = await readdir(editsDir);
      expect(names).not.toContain(stale);
      expect(names).toContain(kept);
      expect(names).toContain('not-a-note');
      expect(names).toHaveLength(3);
    });

    it('the original input, or another edit, in PermissionRequest is evaluated as usual', async () => {
      const { url, seen } = await editingRelay();
      await run(url, mcp('PreToolUse', proposed));
      await run(url, mcp('PermissionRequest', { ...edited, content: 'by the model, again' }));
      expect(posts(seen)).toBe(2);
    });

    it("a forged or stale note gains nothing: only the relay's own approval of exactly this input counts", async () => {
      const sessionId = base.session_id;
      const here = mcp('PermissionRequest', edited);
      const editedId = toolCallIdOf(here, tool, edited);
      const sameTurn = (what: string) => `${editedId.slice(0, editedId.lastIndexOf('-') + 1)}${what}`;
      const otherTurn = toolCallIdOf(mcp('PreToolUse', proposed, 'another-turn'), tool, proposed);
      const held = new Map<string, unknown>([
        [sameTurn('plain'), approvedWith(sameTurn('plain'))],
        [sameTurn('other-edit'), approvedWith(sameTurn('other-edit'), { ...edited, path: '/p/x' })],
        [sameTurn('denied'), { ...state('deny'), toolCallId: sameTurn('denied'), tool }],
        [sameTurn('pending'), { ...state('pending'), toolCallId: sameTurn('pending'), tool }],
        [sameTurn('other-tool'), { ...approvedWith(sameTurn('other-tool'), edited), tool: 'mcp__fs__read' }],
        [otherTurn, approvedWith(otherTurn, edited)],
        [editedId, approvedWith(editedId, edited)],
      ]);
      const { url, seen } = await relay((r, res) => {
        const id = decodeURIComponent(r.path.split('/').at(-1)?.split('?')[0] ?? '');
        if (r.method === 'GET') return held.has(id) ? json(res, 200, held.get(id)) : json(res, 404, {});
        json(res, 200, { ...state('deny'), tool });
      });
      const pointers = [...held.keys(), sameTurn('missing')];
      for (const [n, pointer] of pointers.entries()) {
        // The attacker's note: same session, the edited call's own name, any pointer.
        await noteEdit(editsDir, sessionId, here, tool, edited, pointer);
        expect((await run(url, here)).output, pointer).toMatchObject({
          hookSpecificOutput: { decision: { behavior: 'deny' } },
        });
        expect(posts(seen), pointer).toBe(n + 1);
      }
      // A note that is not even a pointer (garbage in the file) is no reuse either.
      await noteEdit(editsDir, sessionId, here, tool, edited, 'x');
      const [name] = await readdir(editsDir);
      await writeFile(join(editsDir, String(name)), '\u0000../../etc/passwd');
      expect((await run(url, here)).output).toMatchObject({
        hookSpecificOutput: { decision: { behavior: 'deny' } },
      });
    });

    it('a relay that fails on the look-up: no reuse, the call is evaluated (and denied when that fails too)', async () => {
      const here = mcp('PermissionRequest', edited);
      const editedId = toolCallIdOf(here, tool, edited);
      await noteEdit(
        editsDir,
        base.session_id,
        here,
        tool,
        edited,
        `${editedId.slice(0, editedId.lastIndexOf('-') + 1)}a`,
      );
      const { url, seen } = await relay((r, res) =>
        r.method === 'GET' ? json(res, 500, {}) : json(res, 200, { ...state('deny'), tool }),
      );
      expect((await run(url, here)).output).toMatchObject({
        hookSpecificOutput: { decision: { behavior: 'deny' } },
      });
      expect(posts(seen)).toBe(1);
    });
  });

  it('PostToolUse reports the result and prints nothing; UserPromptSubmit and other events are skipped', async () => {
    const { url, seen } = await relay((_s, res) => json(res, 200, state('allow')));
    const post = { ...preToolUse('ls'), hook_event_name: 'PostToolUse', tool_response: 'a\nb' };
    expect((await run(url, post)).output).toBeUndefined();
    const id = toolCallIdOf(post, 'Bash', { command: 'ls' });
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      path: `/api/v1/sessions/${base.session_id}/tool-calls/${id}/result`,
      body: { status: 'ok', output: 'a\nb' },
    });
    const count = seen.length;
    expect(
      (await run(url, { ...base, hook_event_name: 'UserPromptSubmit', prompt: 'hi' })).output,
    ).toBeUndefined();
    expect((await run(url, { ...base, hook_event_name: 'Stop' })).output).toBeUndefined();
    expect(seen.length).toBe(count);
  });

  it('an apply_patch goes to the relay as apply_patch with the patch text, the same with or without its last newline', async () => {
    const { url, seen } = await relay((_s, res) => json(res, 200, state('allow')));
    const patch = '*** Begin Patch\n*** Add File: a.txt\n+a\n*** End Patch\n';
    await run(url, { ...preToolUse(''), tool_name: 'apply_patch', tool_input: { command: patch } });
    await run(url, {
      ...permissionRequest(''),
      tool_name: 'apply_patch',
      tool_input: { command: patch.slice(0, -1) },
    });
    const [first, second] = seen
      .filter((r) => r.method === 'POST')
      .map((r) => r.body as Record<string, unknown>);
    expect(first).toMatchObject({ tool: 'apply_patch', input: { command: patch.slice(0, -1) } });
    expect(second!.tool_call_id).toBe(first!.tool_call_id);
  });
});

const cancelResolution = {
  toolCallId: 'x',
  behavior: 'deny',
  source: 'cancel',
  actionId: 'canceled',
  scope: 'once',
  interactionId: 'i1',
};

describe("Codex's permission_mode as a declaration", () => {
  it('never maps to a mode looser than default; plan and dontAsk tighten', () => {
    for (const mode of ['bypassPermissions', 'acceptEdits', 'auto', 'default', 'somethingNew'])
      expect(declarationOf(mode).modes?.[0]?.behaves_as).toBe('default');
    expect(declarationOf('plan').modes?.[0]?.behaves_as).toBe('plan');
    expect(declarationOf('dontAsk').modes?.[0]?.behaves_as).toBe('dont_ask');
    expect(declarationOf('bypassPermissions')).toMatchObject({
      agent: 'Codex CLI',
      mode: 'codex:bypassPermissions',
    });
    expect(declarationOf(undefined)).toEqual({ agent: 'Codex CLI' });
  });
});
