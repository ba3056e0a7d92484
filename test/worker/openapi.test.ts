import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import app from '../../worker/index.ts';
import { api, issue, json, warmUp } from './helpers.ts';

beforeAll(warmUp);

type Operation = {
  'x-roles': string[];
  security: unknown[];
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } };
  responses: Record<string, { content?: { 'application/json': { schema: Record<string, unknown> } } }>;
  parameters?: { name: string; in: string }[];
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: unknown };

const document = async () => json<Document>(await exports.default.fetch('http://relay/openapi.json'));

/** Every method+path the app registered (middleware excluded), in OpenAPI's `{param}` form. */
const registered = [
  ...new Set(
    app.routes
      .filter((route) => route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path.replace(/:([^/]+)/g, '{$1}')}`),
  ),
].sort();

describe('/openapi.json', () => {
  it('is an OpenAPI 3.1 document served without a token', async () => {
    const res = await exports.default.fetch('http://relay/openapi.json');
    expect(res.status).toBe(200);
    expect((await json<Document>(res)).openapi).toBe('3.1.0');
  });

  it('is generated from the routes: every registered route is in it, and nothing else', async () => {
    const doc = await document();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    expect(registered.length).toBeGreaterThan(25);
    expect(documented).toEqual(registered);
  });

  it('names the roles each route admits, as the routes enforce them', async () => {
    const doc = await document();
    expect(doc.paths['/api/v1/sessions/{sid}/interaction-respond']!.post!['x-roles']).toEqual(['approver']);
    expect(doc.paths['/api/v1/hooks/claude/pre-tool-use']!.post!['x-roles']).toEqual(['agent']);
    expect(doc.paths['/api/v1/pair']!.post!.security).toEqual([]);
    // What the document says of interaction-respond holds: an agent token is refused.
    const agent = await issue('agent');
    const res = await api('POST', '/sessions/s1/interaction-respond', {
      token: agent.token,
      body: { interaction_id: 'ia-1', answer: { decision: 'approve' } },
    });
    expect(res.status).toBe(403);
  });

  it('describes bodies, parameters and answers with the shared zod schemas', async () => {
    const doc = await document();
    const issueToken = doc.paths['/api/v1/tokens']!.post!;
    const request = issueToken.requestBody!.content['application/json'].schema;
    expect(request).toMatchObject({
      type: 'object',
      properties: { role: { enum: ['agent', 'approver', 'admin'] } },
      required: ['role'],
    });
    expect(issueToken.responses['201']!.content!['application/json'].schema).toMatchObject({
      properties: { token: { type: 'string' } },
    });
    expect(Object.keys(issueToken.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '413', '429']),
    );
    expect(issueToken['x-roles']).toEqual(['admin']);
    const pair = doc.paths['/api/v1/pair']!.post!;
    expect(Object.keys(pair.responses)).toEqual(expect.arrayContaining(['201', '400', '410', '429']));
    expect(doc.paths['/api/v1/tokens/{id}']!.delete!.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path' }),
    ]);
    const poll = doc.paths['/api/v1/sessions/{sid}/tool-calls/{tcid}']!.get!;
    expect(poll.parameters?.map((p) => `${p.in} ${p.name}`).sort()).toEqual([
      'path sid',
      'path tcid',
      'query wait',
    ]);
    const permissions =
      doc.paths['/api/v1/permissions']!.put!.requestBody!.content['application/json'].schema;
    expect(JSON.stringify(permissions)).toContain('defaultMode');
  });
});

describe('validation failures are the relay’s own 400', () => {
  it('names each zod issue of a body, a query and a path parameter', async () => {
    const agent = await issue('agent');
    const body = await api('POST', '/sessions/s1/tool-calls', {
      token: agent.token,
      body: { tool_call_id: 'tc 1', tool: '', input: [] },
    });
    expect(body.status).toBe(400);
    const error = (
      await json<{ error: { code: string; message: string; details: { path: string }[] } }>(body)
    ).error;
    expect(error.code).toBe('invalid_request');
    expect(error.message).toBe('invalid body');
    expect(new Set(error.details.map((issue) => issue.path))).toEqual(
      new Set(['input', 'tool', 'tool_call_id']),
    );

    const query = await api('GET', '/sessions/s1/tool-calls/tc1?wait=301', { token: agent.token });
    expect(query.status).toBe(400);
    expect(await json(query)).toMatchObject({
      error: { message: 'invalid query', details: [{ path: 'wait' }] },
    });

    const param = await api('GET', '/sessions/s%20pace/tool-calls/tc1', { token: agent.token });
    expect(param.status).toBe(400);
    expect(await json(param)).toMatchObject({
      error: { message: 'invalid path parameter', details: [{ path: 'sid' }] },
    });
  });

  it('checks the token before the body: a stranger learns nothing from a 400', async () => {
    const res = await api('POST', '/sessions/s1/tool-calls', { body: { nonsense: true } });
    expect(res.status).toBe(401);
  });
});
