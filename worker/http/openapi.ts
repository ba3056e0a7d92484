import { z } from 'zod';
import { ErrorBody, type Role } from '../../shared/contract/index.ts';

/**
 * One row of a route module's table, kept beside its routes so the document cannot drift: a
 * test checks that every route the app registers appears here. `path` is relative to
 * `/api/v1` in OpenAPI's `{param}` form.
 */
export interface RouteDoc {
  method: string;
  path: string;
  /** Who may call it: a role, several, or `none` for open routes. */
  role?: Role | readonly Role[] | 'none';
  roles?: readonly Role[];
  summary?: string;
  request?: z.ZodType;
  response?: z.ZodType;
  /** Success status; 200 unless said. */
  status?: number;
  /** Error statuses worth naming beyond the ones every authenticated route has. */
  errors?: readonly number[];
}

const errorMeaning: Record<number, string> = {
  400: 'invalid request (zod issues in `details`)',
  401: 'no, bad or revoked token',
  403: 'the token has the wrong role',
  404: 'not found',
  405: 'method not allowed',
  409: 'conflict with the current state',
  410: 'expired or already used',
  413: 'body larger than 1 MiB',
  426: 'WebSocket upgrade required',
  429: 'rate limited (see Retry-After)',
};

const rolesOf = (doc: RouteDoc): Role[] | null => {
  const role = doc.roles ?? doc.role ?? 'none';
  if (role === 'none') return null;
  return typeof role === 'string' ? [role as Role] : [...role];
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): unknown {
  // Transforms (mode aliases) and refinements cannot be said in JSON Schema; they become "any".
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
}

const errorResponse = (status: number) => ({
  description: errorMeaning[status] ?? 'error',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

/** OpenAPI's `{param}` → Hono's `:param`, to compare the table with the registered routes. */
export const honoPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

/** The route tables → an OpenAPI 3.1 document. */
export function openApiDocument(
  docs: readonly RouteDoc[],
  info: { version: string },
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of docs) {
    const method = doc.method.toLowerCase();
    const roles = rolesOf(doc);
    const parameters = [...doc.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const status = String(doc.status ?? 200);
    const errors = new Set<number>([...(roles ? [401, 403, 429] : []), ...(doc.errors ?? [])]);
    if (doc.request) errors.add(400).add(413);
    const operation: Record<string, unknown> = {
      summary: doc.summary ?? `${method.toUpperCase()} ${doc.path}`,
      'x-roles': roles ?? [],
      security: roles ? [{ bearer: [] }] : [],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(doc.request
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(doc.request, 'input') } },
            },
          }
        : {}),
      responses: {
        [status]: {
          description: 'success',
          ...(doc.response
            ? { content: { 'application/json': { schema: jsonSchema(doc.response, 'output') } } }
            : {}),
        },
        ...Object.fromEntries([...errors].sort().map((code) => [String(code), errorResponse(code)])),
      },
    };
    paths[doc.path] = { ...paths[doc.path], [method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Gatehouse relay',
      version: info.version,
      description:
        'Approval relay for AI agents: allow, deny or ask a human. Errors are `{error:{code,message,details?}}`.',
    },
    servers: [{ url: '/api/v1' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { ErrorBody: jsonSchema(ErrorBody, 'output') },
    },
    paths,
  };
}
