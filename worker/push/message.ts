import { z } from 'zod';
import { InteractionId, Risk, SessionId, ToolName } from '../../shared/contract/index.ts';
import { summaryChars } from './summary.ts';

/**
 * What one push carries, encrypted for the device: only what the notification needs. The
 * service worker parses it with this schema and shows nothing it did not understand.
 */

/** With `pushDetails: "summary"` (the default); absent with `"none"`. */
export const AskDetails = z.object({
  tool: ToolName,
  summary: z.string().max(summaryChars),
  /** The summary shows the whole call (see summary.ts). */
  whole: z.boolean(),
  risk: Risk,
  sessionTitle: z.string().max(summaryChars).nullable(),
});
export type AskDetails = z.infer<typeof AskDetails>;

export const PushMessage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('ask'),
    sessionId: SessionId,
    interactionId: InteractionId,
    expiresAt: z.string().nullable(),
    details: AskDetails.optional(),
  }),
  /** The question was answered (here or anywhere) or expired: its notification turns quiet. */
  z.object({
    kind: z.literal('closed'),
    sessionId: SessionId,
    interactionId: InteractionId,
    outcome: z.enum(['answered', 'expired']),
  }),
  z.object({ kind: z.literal('test'), sentAt: z.string() }),
]);
export type PushMessage = z.infer<typeof PushMessage>;

/** `pushDetails` of the workspace permissions: what leaves the relay in a push. */
export type PushDetails = 'summary' | 'none';
