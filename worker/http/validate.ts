import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest } from './errors.ts';

/** zod issues as the `details` of a 400: where, and what is wrong there. */
export const issueDetails = (error: z.ZodError) =>
  error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

/** Parses a value with a shared schema or throws a 400 naming every problem. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(`invalid ${what}`, issueDetails(result.error));
  return result.data;
}

/** Reads the JSON body and validates it; a body that is not JSON is a 400, never a 500. */
export async function jsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  what = 'body',
): Promise<z.output<S>> {
  let value: unknown;
  try {
    value = await c.req.json();
  } catch {
    throw badRequest(`${what} must be JSON`);
  }
  return parseWith(schema, value, what);
}
