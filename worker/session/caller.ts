import type { z } from 'zod';
import type { Actor, ActorRef } from '../../shared/contract/index.ts';

/**
 * Who is calling a SessionDO, passed first to every RPC method: the DO learns its own identity
 * from it (an object keyed `workspaceId:sessionId` does not know its name otherwise), whether
 * its cached workspace policy is stale, and whom to name in events.
 */
export interface SessionCaller {
  workspaceId: string;
  sessionId: string;
  /** The workspace's policy version as the caller's principal saw it. */
  policyVersion: number;
  actor: z.infer<typeof Actor>;
  /** The caller's token id, recorded with an "always allow" so the workspace can say who approved it. */
  tokenId?: string;
  /** The token's label (e.g. "Phone", "Chrome on Linux"), named with every change it makes. */
  label?: string;
}

/** Who made a change, as events, resolutions and grants record it; undefined for the relay itself. */
export function actorOf(caller: SessionCaller): ActorRef | undefined {
  if (caller.tokenId === undefined || caller.actor === 'system') return undefined;
  return {
    tokenId: caller.tokenId,
    ...(caller.label === undefined ? {} : { label: caller.label }),
    role: caller.actor,
  };
}

/**
 * How the Worker tells the SessionDO's `fetch` (the event streams) who is calling. Only the
 * Worker can reach a Durable Object, and it builds this request itself, so no client header
 * ever arrives here.
 */
export const callerHeader = 'x-gatehouse-session-caller';

/** The name a session's Durable Object is found by (DESIGN §2). */
export const sessionObjectName = (workspaceId: string, sessionId: string) => `${workspaceId}:${sessionId}`;
