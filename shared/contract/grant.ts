import { z } from 'zod';
import { ActorRef } from './authority.ts';
import { limits } from './limits.ts';
import { GrantKind } from './workspace.ts';

/**
 * A grant as the engine reads it (DESIGN §5 step 7): the record the session and the workspace
 * store, in either spelling of its time box (epoch milliseconds as stored, or an ISO time as
 * listed). `kind: 'call'` covers exactly the approval key `key`; `kind: 'rule'` covers what the
 * allow rule `rule` matches. Nullable fields are as the stores' rows have them.
 */
export const GrantRecord = z.object({
  id: z.string().max(limits.idLength),
  kind: GrantKind,
  key: z.string().nullable().optional(),
  rule: z.string().max(limits.ruleLength).nullable().optional(),
  scope: z.enum(['session', 'global']),
  expiresAt: z.union([z.number(), z.string()]).nullable().optional(),
  actor: ActorRef.nullable().optional(),
});
export type GrantRecord = z.infer<typeof GrantRecord>;
