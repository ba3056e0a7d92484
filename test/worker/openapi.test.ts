import { beforeAll, describe, expect, it } from 'vitest';
import { honoPath } from '../../worker/http/openapi.ts';
import app from '../../worker/index.ts';
import { apiRouteDocs } from '../../worker/routes/openapi.ts';
import { api, json, warmUp } from './helpers.ts';

beforeAll(warmUp);

type Operation = {
  'x-roles': string[];
  security: unknown[];
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } };
  responses: Record<string, { content?: { 'application/json': { schema: Record<string, unknown> } } }>;
  parameters?: { name: string; in: string }[];
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: unknown };

const base = '/api/v1';

/** Every method+path the Hono app registered under /api/v1 (middleware excluded). */
const registered = [
  ...new Set(
    app.routes
      .filter((route) => route.method !== 'ALL' && route.path.startsWith(`${base}/`))
      .map((route) => `${route.method} ${route.path}`),
  ),
].sort();

describe('/openapi.json', () => {
  it('is an OpenAPI 3.1 document served without a token, at /api/v1 and at the root', async () => {
    const res = await api('GET', '/openapi.json');
    expect(res.status).toBe(200);
    const doc = await json<Document>(res);
    expect(doc.openapi).toBe('3.1.0');
    const { exports } = await import('cloudflare:workers');
    const root = await exports.default.fetch('http://relay/openapi.json');
    expect(await root.json()).toEqual(doc);
  });

  it('documents every route the app registers, and no route it does not', async () => {
    const documented = apiRouteDocs
      .map((doc) => `${doc.method.toUpperCase()} ${base}${honoPath(doc.path)}`)
      .sort();
    expect(registered.length).toBeGreaterThan(10);
    expect(documented).toEqual(registered);
    const doc = await json<Document>(await api('GET', '/openapi.json'));
    for (const route of registered) {
      const [method, path] = route.split(' ') as [string, string];
      const openApiPath = path.slice(base.length).replace(/:([^/]+)/g, '{$1}');
      expect(doc.paths[openApiPath]?.[method.toLowerCase()], route).toBeDefined();
    }
  });

  it('describes bodies and answers with the shared zod schemas', async () => {
    const doc = await json<Document>(await api('GET', '/openapi.json'));
    const issue = doc.paths['/tokens']!.post!;
    const request = issue.requestBody!.content['application/json'].schema;
    expect(request).toMatchObject({
      type: 'object',
      properties: { role: { enum: ['agent', 'approver', 'admin'] } },
      required: ['role'],
    });
    expect(issue.responses['201']!.content!['application/json'].schema).toMatchObject({
      properties: { token: { type: 'string' } },
    });
    expect(issue.responses['400']).toBeDefined();
    expect(issue['x-roles']).toEqual(['admin']);
    const pair = doc.paths['/pair']!.post!;
    expect(pair.security).toEqual([]);
    expect(Object.keys(pair.responses)).toEqual(expect.arrayContaining(['201', '400', '410', '429']));
    expect(doc.paths['/tokens/{id}']!.delete!.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path' }),
    ]);
    const permissions = doc.paths['/permissions']!.put!.requestBody!.content['application/json'].schema;
    expect(JSON.stringify(permissions)).toContain('defaultMode');
  });
});
