import type { InboxMessage, SessionView } from '../contract/index.ts';
import { byUrgency, isPending } from './order.ts';

/**
 * The inbox after one message from its socket. A snapshot replaces everything (so a reconnect
 * can neither miss nor duplicate a question); an update replaces that session's entry, or drops
 * it once nothing is pending there any more.
 */
export function applyInboxMessage(sessions: readonly SessionView[], message: InboxMessage): SessionView[] {
  if (message.type === 'snapshot') return byUrgency(message.sessions.filter(isPending));
  const others = sessions.filter((view) => view.sessionId !== message.session.sessionId);
  return byUrgency(isPending(message.session) ? [...others, message.session] : others);
}
