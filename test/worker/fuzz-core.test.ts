import fc from 'fast-check';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PairRequest, TokenRequest } from '../../shared/contract/index.ts';
import { api, bootstrapToken, issue, json, warmUp } from './helpers.ts';

beforeAll(warmUp);

/** Valid bodies of the workspace endpoints, as seeds for mutation. */
const seeds = [
  { role: 'agent', label: 'ci' },
  { code: 'ABCDEFGH' },
  { permissions: { allow: ['Bash(ls)'], deny: ['Read(.env)'] } },
  { mode: 'default', rules: [{ tool: 'Bash', permission: 'ask', content: 'git push:*' }] },
  { permissions: { default: 'ask', rules: [{ tool: 'Edit', permission: 'allow' }] } },
];

/** Text a careless or hostile client might send: JSON, broken JSON, valid JSON mutated. */
const bodyText = fc.oneof(
  fc.json(),
  fc.string({ maxLength: 200 }),
  fc
    .tuple(
      fc.constantFrom(...seeds.map((seed) => JSON.stringify(seed))),
      fc.nat(),
      fc.nat({ max: 8 }),
      fc.string({ maxLength: 8 }),
    )
    .map(([text, at, cut, insert]) => {
      const i = at % (text.length + 1);
      return text.slice(0, i) + insert + text.slice(i + cut);
    }),
  fc
    .record(
      {
        role: fc.oneof(fc.constantFrom('agent', 'approver', 'admin', 'root', ''), fc.anything()),
        label: fc.oneof(fc.string({ maxLength: 120 }), fc.anything()),
        code: fc.oneof(fc.string({ maxLength: 70 }), fc.anything()),
        permissions: fc.anything(),
        mode: fc.anything(),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
);

interface Snapshot {
  tokens: unknown;
  permissions: unknown;
  grants: unknown;
}

/**
 * Each property sends hundreds of requests; a fresh admin token per property keeps them under
 * the per-token rate limit (which they would otherwise, rightly, run into).
 */
let admin = bootstrapToken;
beforeEach(async () => {
  admin = (await issue('admin', bootstrapToken, 'fuzz')).token;
});

async function snapshot(): Promise<Snapshot> {
  const get = async (path: string) => json(await api('GET', path, { token: admin }));
  return {
    tokens: await get('/tokens'),
    permissions: await get('/permissions'),
    grants: await get('/grants'),
  };
}

const send = (method: string, path: string, text: string) =>
  api(method, path, { token: admin, rawBody: text, headers: { 'content-type': 'application/json' } });

const parseOrUndefined = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

describe('malformed and mutated bodies (fast-check)', { timeout: 60_000 }, () => {
  it('POST /tokens: never a 5xx; a refused body changes nothing, an accepted one was valid', async () => {
    const before = await snapshot();
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(bodyText, async (text) => {
        const res = await send('POST', '/tokens', text);
        expect(res.status).toBeLessThan(500);
        if (res.status === 201) {
          accepted++;
          expect(TokenRequest.safeParse(parseOrUndefined(text)).success).toBe(true);
        } else {
          expect(res.status).toBe(400);
          expect(await json(res)).toMatchObject({ error: { code: 'invalid_request' } });
        }
      }),
    );
    const after = await snapshot();
    expect((after.tokens as { tokens: unknown[] }).tokens.length).toBe(
      (before.tokens as { tokens: unknown[] }).tokens.length + accepted,
    );
    expect(after.permissions).toEqual(before.permissions);
  });

  it('PUT /permissions: never a 5xx; a refused body leaves the permissions and version as they were', async () => {
    await fc.assert(
      fc.asyncProperty(bodyText, async (text) => {
        const get = async () => json(await api('GET', '/permissions', { token: admin }));
        const before = await get();
        const res = await send('PUT', '/permissions', text);
        expect(res.status).toBeLessThan(500);
        if (res.status !== 200) {
          expect(res.status).toBe(400);
          expect(await get()).toEqual(before);
        }
      }),
    );
  });

  it('POST /pair (no token): never a 5xx, never a token for a body that is not a live code', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(bodyText, fc.integer({ min: 1, max: 250 }), async (text, ip) => {
        const res = await api('POST', '/pair', {
          rawBody: text,
          headers: { 'content-type': 'application/json', 'cf-connecting-ip': `198.51.100.${ip}` },
        });
        expect([400, 410, 429]).toContain(res.status);
        if (res.status === 400 && PairRequest.safeParse(parseOrUndefined(text)).success)
          expect((await json<{ error: { message: string } }>(res)).error.message).toBe(
            'unknown pairing code',
          );
      }),
    );
    expect(await snapshot()).toEqual(before);
  });

  it('bodies sent where none is expected are ignored, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        bodyText,
        fc.constantFrom(
          ['GET', '/inbox'],
          ['GET', '/sessions'],
          ['GET', '/grants'],
          ['DELETE', '/grants/gr-none'],
        ),
        async (text, [method, path]) => {
          // GET cannot carry a body in fetch; send it on the DELETE only.
          const res =
            method === 'GET'
              ? await api(method, path!, { token: bootstrapToken })
              : await send(method!, path!, text);
          expect(res.status).toBeLessThan(500);
        },
      ),
    );
  });

  it('Authorization headers of any shape: 401, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 300 }).map((s) => `Bearer ${s}`),
          fc.string({ maxLength: 300 }),
          fc
            .tuple(
              fc.stringMatching(/^[a-z0-9-]{1,20}$/),
              fc.stringMatching(/^[a-z0-9-]{1,20}$/),
              fc.base64String(),
            )
            .map(([ws, id, secret]) => `Bearer gh_${ws}_${id}_${secret.replaceAll('=', '')}`),
        ),
        async (header) => {
          let res: Response;
          try {
            res = await api('GET', '/tokens', { headers: { authorization: header } });
          } catch {
            return; // a header fetch itself refuses to send (e.g. a newline) never reaches the relay
          }
          expect(res.status).toBe(401);
        },
      ),
    );
  });
});
