import type { ActorRef } from '../../shared/contract/index.ts';
import type { SessionCaller } from '../rpc.ts';

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
