import { z } from 'zod';
import { InteractionId, Risk, SessionId, ToolName } from '../contract/index.ts';
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

/** One notification per session: every push of a session carries its tag, so each replaces the last. */
export const sessionTag = (sessionId: string) => `gatehouse:${sessionId}`;

/** Made per device when the push is queued; the service worker acknowledges it (`POST /push/receipts`). */
export const PushId = z.string().regex(/^pu-[\w-]{1,64}$/, 'a pushId as the relay made it');

export const PushMessage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('ask'),
    sessionId: SessionId,
    interactionId: InteractionId,
    expiresAt: z.string().nullable(),
    details: AskDetails.optional(),
    /** Optional: pushes queued before receipts existed lack them. */
    pushId: PushId.optional(),
    tag: z.string().max(200).optional(),
  }),
  /** The question was answered (here or anywhere) or expired: its notification turns quiet. */
  z.object({
    kind: z.literal('closed'),
    sessionId: SessionId,
    interactionId: InteractionId,
    outcome: z.enum(['answered', 'expired']),
    tag: z.string().max(200).optional(),
  }),
  z.object({ kind: z.literal('test'), sentAt: z.string() }),
]);
export type PushMessage = z.infer<typeof PushMessage>;

/** `pushDetails` of the workspace permissions: what leaves the relay in a push. */
export type PushDetails = 'summary' | 'none';
