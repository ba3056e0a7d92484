import type { Risk } from '../contract/index.ts';
import { type AskDetails, type PushMessage, sessionTag } from './message.ts';

/**
 * How the service worker shows a push: title = risk + tool, body = the summary, one tag per
 * session (one notification per session, replaced as its questions change; the closing push
 * replaces the question it closes), `requireInteraction` for high and
 * critical. Deny is always offered; Approve once only when the summary is the whole call and
 * the risk is below high — one tap must never approve what the human could not read.
 */

export interface NotificationPlan {
  title: string;
  body: string;
  tag: string;
  requireInteraction: boolean;
  silent: boolean;
  actions: { action: 'approve' | 'deny'; title: string }[];
  /** Read back by the click handler. */
  data: {
    sessionId: string | null;
    interactionId: string | null;
    url: string;
    /** A question waiting: what the app badge counts (`sw.ts`). */
    waiting?: boolean;
  };
}

const riskLabel: Record<Risk, string> = {
  safe: 'Safe',
  low: 'Low risk',
  medium: 'Medium risk',
  high: 'High risk',
  critical: 'Critical',
};

const urgent = (risk: Risk) => risk === 'high' || risk === 'critical';

/** A push's tag: the one the relay sent, else the session's (pushes queued before tags existed). */
export const tagFor = (message: { sessionId: string; tag?: string | undefined }) =>
  message.tag ?? sessionTag(message.sessionId);

/** /app opened on one card: the fragment the approver reads on load. */
export const cardUrl = (sessionId: string, interactionId: string) =>
  `/app/#card=${encodeURIComponent(sessionId)}/${encodeURIComponent(interactionId)}`;

export const couldNotAnswer = 'Could not answer — open Gatehouse';

export function mayApproveByTap(details: AskDetails): boolean {
  return details.whole && !urgent(details.risk);
}

export function askNotification(
  message: Extract<PushMessage, { kind: 'ask' }>,
  details: AskDetails | undefined,
): NotificationPlan {
  const data = {
    sessionId: message.sessionId,
    interactionId: message.interactionId,
    url: cardUrl(message.sessionId, message.interactionId),
    waiting: true,
  };
  const base = { tag: tagFor(message), silent: false, data };
  if (!details)
    // Ids only and the card could not be fetched: still a question, answered in the app.
    return {
      ...base,
      title: 'Gatehouse: a question is waiting',
      body: 'Open Gatehouse to answer.',
      requireInteraction: true,
      actions: [],
    };
  const deny = { action: 'deny' as const, title: 'Deny' };
  const approve = { action: 'approve' as const, title: 'Approve once' };
  return {
    ...base,
    title: `${riskLabel[details.risk]} · ${details.tool}`,
    body: details.sessionTitle ? `${details.summary}\n${details.sessionTitle}` : details.summary,
    requireInteraction: urgent(details.risk),
    actions: mayApproveByTap(details) ? [approve, deny] : [deny],
  };
}

export function closedNotification(message: Extract<PushMessage, { kind: 'closed' }>): NotificationPlan {
  return {
    title: message.outcome === 'expired' ? 'Gatehouse: question expired' : 'Gatehouse: question answered',
    body:
      message.outcome === 'expired' ? 'Nobody answered in time; the call was denied.' : 'No longer waiting.',
    tag: tagFor(message),
    requireInteraction: false,
    silent: true,
    actions: [],
    data: { sessionId: message.sessionId, interactionId: message.interactionId, url: '/app/' },
  };
}

export function testNotification(): NotificationPlan {
  return {
    title: 'Gatehouse: test push',
    body: 'Push works on this device.',
    tag: 'gatehouse:test',
    requireInteraction: false,
    silent: false,
    actions: [],
    data: { sessionId: null, interactionId: null, url: '/app/' },
  };
}

export function failedNotification(plan: NotificationPlan): NotificationPlan {
  return {
    ...plan,
    title: couldNotAnswer,
    body: plan.title,
    requireInteraction: true,
    silent: false,
    actions: [],
  };
}
