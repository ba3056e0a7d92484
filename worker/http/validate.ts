import type { z } from 'zod';
import { badRequest } from '../common/errors.ts';

/** zod issues as the `details` of a 400: where, and what is wrong there. */
export const issueDetails = (error: z.ZodError) =>
  error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

/** Parses a value with a shared schema or throws a 400 naming every problem. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(`invalid ${what}`, issueDetails(result.error));
  return result.data;
}
