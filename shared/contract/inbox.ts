import { z } from 'zod';
import { SessionView } from './session.ts';

/**
 * What the inbox WebSocket sends: a snapshot of every session waiting on a human when it
 * connects, then one message per change of a session (including "nothing pending any more").
 */
export const InboxMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), sessions: z.array(SessionView), ts: z.string() }),
  z.object({ type: z.literal('session'), session: SessionView, ts: z.string() }),
]);
export type InboxMessage = z.infer<typeof InboxMessage>;

/** `GET /inbox` as JSON: the sessions that have an active interaction, most urgent first. */
export const InboxResponse = z.object({ sessions: z.array(SessionView) });
