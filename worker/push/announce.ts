import type { SessionView } from '../../shared/contract/index.ts';
import type { AskDetails, PushDetails, PushMessage } from '../../shared/push/message.ts';
import { summarizeCall, summaryChars } from '../../shared/push/summary.ts';
import { redactText } from '../../shared/redact/index.ts';
import type { QuestionRow } from './store.ts';

/**
 * What a session's change means for the phones: the question it shows now differs from the one
 * last announced → the old one is closed (answered, or expired when its time ran out) and the
 * new one asked. Pure: the caller queues what it returns.
 */

export interface Announcement {
  message: Exclude<PushMessage, { kind: 'test' }>;
  /** Until when the message is worth delivering (epoch ms). */
  expiresAt: number;
  urgency: 'normal' | 'high';
}

/** An ask with no expiry still should not wait at a push service forever. */
const fallbackAskMs = 10 * 60_000;
/** A closing push only replaces a notification; after an hour there is little left to replace. */
const closingMs = 60 * 60_000;

const bounded = (text: string) => {
  const chars = [...redactText(text)];
  return chars.length > summaryChars ? `${chars.slice(0, summaryChars - 1).join('')}…` : chars.join('');
};

export function askDetails(view: SessionView): AskDetails | undefined {
  const active = view.activeInteraction;
  if (!active) return undefined;
  const summary = summarizeCall(active.tool, active.input);
  const text = bounded(summary.text);
  return {
    tool: active.tool,
    summary: text,
    whole: summary.whole && text === summary.text,
    risk: active.decision.risk,
    sessionTitle: view.title === null ? null : bounded(view.title),
  };
}

export function announcements(
  previous: QuestionRow | null,
  view: SessionView,
  details: PushDetails,
  now: number,
): { announce: Announcement[]; question: QuestionRow | null } {
  const active = view.activeInteraction;
  const announce: Announcement[] = [];
  if (previous && previous.interaction_id !== active?.interactionId)
    announce.push({
      message: {
        kind: 'closed',
        sessionId: view.sessionId,
        interactionId: previous.interaction_id,
        outcome: previous.expires_at !== null && previous.expires_at <= now ? 'expired' : 'answered',
      },
      expiresAt: now + closingMs,
      urgency: 'normal',
    });
  if (active && active.interactionId !== previous?.interaction_id) {
    const expiresAt = active.expiresAt === null ? now + fallbackAskMs : Date.parse(active.expiresAt);
    const shown = details === 'summary' ? askDetails(view) : undefined;
    announce.push({
      message: {
        kind: 'ask',
        sessionId: view.sessionId,
        interactionId: active.interactionId,
        expiresAt: active.expiresAt,
        ...(shown ? { details: shown } : {}),
      },
      expiresAt,
      urgency: 'high',
    });
  }
  const question = active
    ? {
        session_id: view.sessionId,
        interaction_id: active.interactionId,
        expires_at: active.expiresAt === null ? null : Date.parse(active.expiresAt),
      }
    : null;
  return { announce, question };
}
