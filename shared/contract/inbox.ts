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

/**
 * An approver client's activity (docs/push.md "Delivery follows presence"): sent on the inbox
 * WebSocket as `{"type":"presence","active":…}`, or as `POST /presence {"active":…}` by a
 * client holding no socket. A report holds 60 s.
 */
export const PresenceBody = z.strictObject({ active: z.boolean() });
export const PresenceMessage = z.strictObject({ type: z.literal('presence'), active: z.boolean() });
export type PresenceMessage = z.infer<typeof PresenceMessage>;
export const PresenceAnswer = z.object({ present: z.boolean() });
