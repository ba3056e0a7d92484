import { OpenAPIHono } from '@hono/zod-openapi';
import type { z } from 'zod';
import { ErrorBody, type Role } from '../../shared/contract/index.ts';
import { badRequest } from '../common/errors.ts';
import type { AppEnv } from './app-env.ts';
import { requireRole, requireRoleRecentlyChecked } from './auth.ts';
import { issueDetails } from './validate.ts';

/** What a failed validation names: the part of the request that was wrong. */
const partNames: Record<string, string> = {
  json: 'body',
  query: 'query',
  param: 'path parameter',
  header: 'header',
};

/** What zod-openapi hands a validation hook, as far as the hooks here read it. */
type ValidationResult = { target: string } & ({ success: true } | { success: false; error: z.ZodError });

/**
 * Every route's validation failure becomes the project's 400 (zod issues in `details`), thrown so
 * `app.onError` renders it like every other error — never zod-openapi's own answer.
 */
export const rejectInvalid = (result: ValidationResult): undefined => {
  if (!result.success)
    throw badRequest(`invalid ${partNames[result.target] ?? result.target}`, issueDetails(result.error));
};

/** The same 400 naming what was invalid in the route's own words, e.g. "invalid permissions". */
export const rejectInvalidAs =
  (what: string) =>
  (result: ValidationResult): undefined => {
    if (!result.success) throw badRequest(`invalid ${what}`, issueDetails(result.error));
  };

/** A module's routes: an `OpenAPIHono` whose validation failures are the project's 400. */
export const openApiRoutes = () => new OpenAPIHono<AppEnv>({ defaultHook: rejectInvalid });

/**
 * Who may call a route, said once for both the request and the document: the role check runs
 * before anything is validated (a stranger learns nothing from a 400), and the operation names
 * its roles (`x-roles`) and bearer security. `recentlyChecked` is the agent's hot path
 * (`requireRoleRecentlyChecked`).
 */
export function access(roles: Role[], options: { recentlyChecked?: boolean } = {}) {
  const check = options.recentlyChecked ? requireRoleRecentlyChecked : requireRole;
  return {
    middleware: check(...roles),
    security: [{ bearer: [] as string[] }],
    'x-roles': roles,
  };
}

/** An open route (no token): the document says so. */
export const open: { security: { bearer: string[] }[]; 'x-roles': Role[] } = { security: [], 'x-roles': [] };

/** A JSON body the route validates with a shared schema (sent as `application/json`; anything else reads as `{}`). */
export const requestJson = <S extends z.ZodType>(schema: S, description?: string) => ({
  body: {
    required: true,
    ...(description === undefined ? {} : { description }),
    content: { 'application/json': { schema } },
  },
});

/** A JSON answer of the shared schema. */
export const jsonAnswer = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** The error shape, a component of the document that every error answer refers to. */
const DocumentedErrorBody = ErrorBody.meta({ id: 'ErrorBody' });

const errorMeaning = {
  400: 'invalid request (zod issues in `details`)',
  401: 'no, bad or revoked token',
  403: 'the token has the wrong role',
  404: 'not found',
  409: 'conflict with the current state (its state in `details`)',
  410: 'expired or already used',
  413: 'body larger than 1 MiB',
  426: 'WebSocket upgrade required',
  429: 'rate limited (see Retry-After)',
} as const;
type ErrorStatus = keyof typeof errorMeaning;

/**
 * The error answers a route names beyond the ones every route of its kind has (those are added
 * to the document from its security and body: see `completeErrors`).
 */
export function failures<const S extends readonly ErrorStatus[]>(...statuses: S) {
  return Object.fromEntries(
    statuses.map((status) => [status, jsonAnswer(DocumentedErrorBody, errorMeaning[status])]),
  ) as { [K in S[number]]: ReturnType<typeof jsonAnswer<typeof DocumentedErrorBody>> };
}

type Operation = {
  security?: unknown[];
  requestBody?: unknown;
  parameters?: unknown[];
  responses: Record<string, unknown>;
};

/**
 * Adds to each operation of a generated document the errors its kind always has: 401, 403 and
 * 429 for a route that needs a token, 400 and 413 for one with a body, 400 for one with
 * parameters. They come from the route's own config, so they cannot drift from it.
 */
export function completeErrors<D extends { paths?: unknown }>(document: D): D {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      const statuses: ErrorStatus[] = [];
      if ((operation.security ?? []).length > 0) statuses.push(401, 403, 429);
      if (operation.requestBody) statuses.push(400, 413);
      if ((operation.parameters ?? []).length > 0) statuses.push(400);
      for (const status of statuses) {
        operation.responses[status] ??= {
          description: errorMeaning[status],
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
        };
      }
    }
  }
  return document;
}
