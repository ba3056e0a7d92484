import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  InteractionRespondRequest,
  ModeChangeRequest,
  SessionDeclaration,
  ToolCallRequest,
  ToolCallResultRequest,
} from '../../shared/contract/index.ts';
import {
  api,
  askingCall,
  auditEvents,
  readingCall,
  submit,
  type Team,
  team,
  uid,
} from './session-fixtures.ts';

let t: Team;
let sid: string;
let interactionId: string;

/**
 * A workspace, a session and a pending interaction of its own for each property: a property sends
 * hundreds of requests, and fresh tokens keep each under the per-token rate limit (which all of
 * them together would, rightly, run into).
 */
async function freshSession() {
  t = await team();
  sid = uid('fuzz');
  await submit(t, sid, readingCall('r'));
  const asked = await submit(t, sid, askingCall('p'));
  interactionId = asked.interaction!.interactionId;
}

/** Everything a request could change: the log and the session as approvers see it. */
async function snapshot() {
  const view = await api(`/sessions/${sid}`, { token: t.approver });
  return { events: await auditEvents(t, sid), view: await view.json() };
}

interface Target {
  name: string;
  method: string;
  path: () => string;
  schema: z.ZodType;
  valid: () => Record<string, unknown>;
  token: () => string;
}

const targets: Target[] = [
  {
    name: 'POST tool-calls',
    method: 'POST',
    path: () => `/sessions/${sid}/tool-calls`,
    schema: ToolCallRequest,
    valid: () => ({ tool_call_id: uid('f'), tool: 'Bash', input: { command: 'ls' }, wait: 0 }),
    token: () => t.agent,
  },
  {
    name: 'POST result',
    method: 'POST',
    path: () => `/sessions/${sid}/tool-calls/r/result`,
    schema: ToolCallResultRequest,
    valid: () => ({ status: 'ok', output: 'fine' }),
    token: () => t.agent,
  },
  {
    name: 'PUT session',
    method: 'PUT',
    path: () => `/sessions/${sid}`,
    schema: SessionDeclaration,
    valid: () => ({
      title: 'fuzzed',
      agent: 'fuzzer',
      mode: 'careful',
      modes: [{ id: 'careful', label: 'Careful', behaves_as: 'default' }],
      permissions: { permissions: { deny: ['Bash(rm:*)'] } },
    }),
    token: () => t.agent,
  },
  {
    name: 'PUT mode',
    method: 'PUT',
    path: () => `/sessions/${sid}/mode`,
    schema: ModeChangeRequest,
    valid: () => ({ mode: 'default' }),
    token: () => t.approver,
  },
  {
    name: 'POST interaction-respond',
    method: 'POST',
    path: () => `/sessions/${sid}/interaction-respond`,
    schema: InteractionRespondRequest,
    valid: () => ({
      interaction_id: interactionId,
      answer: { decision: 'reject', scope: 'once', comment: 'no' },
    }),
    token: () => t.approver,
  },
];

const keyPaths: Record<string, string[][]> = {
  'POST tool-calls': [
    ['tool_call_id'],
    ['tool'],
    ['input'],
    ['input', 'command'],
    ['capability'],
    ['cwd'],
    ['wait'],
  ],
  'POST result': [['status'], ['output']],
  'PUT session': [
    ['title'],
    ['agent'],
    ['mode'],
    ['modes'],
    ['modes', '0'],
    ['modes', '0', 'behaves_as'],
    ['permissions'],
  ],
  'PUT mode': [['mode']],
  'POST interaction-respond': [['interaction_id'], ['answer'], ['answer', 'decision'], ['answer', 'scope']],
};

function mutate(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object') return copy;
    node = next as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
  return copy;
}

const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 300 }),
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.constant('x'.repeat(5000)),
);

describe.each(targets)('$name with malformed bodies', (target) => {
  beforeAll(freshSession);

  it('never answers 5xx, and a rejected body changes nothing', async () => {
    const rawBody = fc.oneof(
      // Not JSON at all, or JSON of the wrong shape.
      fc.string({ maxLength: 200 }).map((text) => ({ text, parsed: undefined as unknown })),
      junk.map((value) => ({ text: JSON.stringify(value) ?? 'null', parsed: value as unknown })),
      // A valid body with one field replaced or removed.
      fc
        .tuple(fc.constantFrom(...keyPaths[target.name]!), fc.option(junk, { nil: undefined }))
        .map(([path, value]) => {
          const body = mutate(target.valid(), path, value);
          return { text: JSON.stringify(body), parsed: body as unknown };
        }),
    );
    await fc.assert(
      fc.asyncProperty(rawBody, async ({ text }) => {
        let parsed: unknown;
        let isJson = true;
        try {
          parsed = JSON.parse(text);
        } catch {
          isJson = false;
        }
        const valid = isJson && target.schema.safeParse(parsed).success;
        const before = valid ? null : await snapshot();
        const res = await api(target.path(), { method: target.method, token: target.token(), body: text });
        await res.body?.cancel();
        expect(res.status).toBeLessThan(500);
        if (!valid) {
          expect(res.status).toBe(400);
          expect(await snapshot()).toEqual(before);
        }
      }),
      { seed: 20261129 },
    );
    // A hundred requests, each with a snapshot of the session before and after: seconds, not ms.
  }, 60_000);
});

describe('malformed path parameters and queries', () => {
  beforeAll(freshSession);

  it('never answers 5xx for any session or tool call id', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 200 }),
        fc.constantFrom('', '/tool-calls/x', '/audit', '/events?after=zz', '/tool-calls/x?wait=9999'),
        async (id, suffix) => {
          const res = await api(`/sessions/${encodeURIComponent(id)}${suffix}`, { token: t.admin });
          await res.body?.cancel();
          expect(res.status).toBeLessThan(500);
        },
      ),
      { seed: 7 },
    );
  });
});
