import type { SessionOwner } from '../../shared/contract/index.ts';
import { type Refusal, refuse } from '../common/result.ts';
import type { SessionCaller } from '../rpc.ts';

/**
 * How a caller may reach a stored session, given the agent token it belongs to (DESIGN §3). The model behind an agent can read the agent's token from its environment, so a
 * session is open to the agent token that created it and to the workspace's approvers and
 * admins, and does not exist for any other agent token.
 * - `open`: go on.
 * - `claim`: go on, and make the caller the owner first. A session stored before sessions had
 *   owners, or declared by an admin, belongs to the first agent token that touches it.
 * - `hidden`: answer exactly what a missing session answers.
 */
export type SessionAccess = { kind: 'open' } | { kind: 'claim'; owner: SessionOwner } | { kind: 'hidden' };

/** Roles that see every session of their workspace. */
const staff: ReadonlySet<SessionCaller['actor']> = new Set(['approver', 'admin']);

export function sessionAccess(owner: SessionOwner | null, caller: SessionCaller): SessionAccess {
  if (staff.has(caller.actor)) return { kind: 'open' };
  // Anyone else is held to ownership; without an agent token there is nothing to own with.
  const candidate = ownerOf(caller);
  if (candidate === null) return { kind: 'hidden' };
  if (owner === null) return { kind: 'claim', owner: candidate };
  return owner.tokenId === candidate.tokenId ? { kind: 'open' } : { kind: 'hidden' };
}

/** The owner an agent caller becomes when it creates or claims a session; null for anyone else. */
export function ownerOf(caller: SessionCaller): SessionOwner | null {
  if (caller.actor !== 'agent' || !caller.tokenId) return null;
  return { tokenId: caller.tokenId, label: caller.label ?? null };
}

/**
 * What a missing session answers, and what a session answers an agent token it does not belong
 * to: the same refusal, byte for byte, so that token cannot tell the two apart.
 */
export const missingSession = (sessionId: string): Refusal =>
  refuse.notFound(`session "${sessionId}" not found`);
