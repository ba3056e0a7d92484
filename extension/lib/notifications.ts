import { decisionBadge, outcomeLabel } from '../../shared/badges/index.ts';
import type { Interaction, SessionView } from '../../shared/contract/index.ts';
import { asksPasskey } from '../ui/card/passkey-notice.ts';
import type { PasskeyStanding } from '../ui/port.ts';
import { assumedLevel } from './passkey-standing.ts';
import { argumentPreview } from './preview.ts';
import { type NotifiedInteraction, notifiedLimit } from './storage.ts';

/**
 * Desktop notifications, one per newly active interaction, its id the interaction's id. This
 * file is the bookkeeping and the wording (pure); `notifier.ts` applies it to the browser.
 *
 * Which interactions were already notified lives in `session:notified`, so a service worker
 * woken from scratch (or a reconnect's fresh snapshot) never notifies one twice, and one that
 * became active while the worker slept is notified when the snapshot arrives.
 */

/** Notices (e.g. "could not answer") use ids with this prefix; every other id is an interaction's. */
export const noticePrefix = 'gatehouse:';

export interface PlannedNotification {
  session: SessionView;
  interaction: Interaction;
}

export interface NotificationPlan {
  create: PlannedNotification[];
  /** Notifications to clear: their interaction is no longer waiting. */
  clear: string[];
  /** The new `session:notified`. */
  notified: NotifiedInteraction[];
}

/**
 * Whether approving needs the approver's passkey, which a notification cannot ask for (its
 * buttons are handled by the background, which has no WebAuthn): it has no Approve then.
 */
const needsPasskey = (interaction: Interaction, standing: PasskeyStanding | undefined) =>
  asksPasskey(interaction.decision.risk, assumedLevel(standing));

/** What the buttons of an interaction's notification do: only the actions the relay offers. */
export function notificationButtons(
  interaction: Interaction,
  standing?: PasskeyStanding,
): NotifiedInteraction['buttons'] {
  const buttons: NotifiedInteraction['buttons'] = [];
  if (
    !needsPasskey(interaction, standing) &&
    interaction.actions.some((action) => action.id === 'allow_once')
  )
    buttons.push('allow_once');
  if (interaction.actions.some((action) => action.id === 'deny')) buttons.push('deny');
  return buttons;
}

export function planNotifications(
  sessions: readonly SessionView[],
  notified: readonly NotifiedInteraction[],
  shown: readonly string[],
  standing?: PasskeyStanding,
): NotificationPlan {
  const active = new Map<string, PlannedNotification>();
  for (const session of sessions) {
    if (session.activeInteraction)
      active.set(session.activeInteraction.interactionId, {
        session,
        interaction: session.activeInteraction,
      });
  }
  const known = new Set(notified.map((entry) => entry.interactionId));
  const create = [...active.values()].filter((planned) => !known.has(planned.interaction.interactionId));
  const clear = shown.filter((id) => !id.startsWith(noticePrefix) && !active.has(id));
  const next = [
    ...notified,
    ...create.map(({ session, interaction }) => ({
      interactionId: interaction.interactionId,
      sessionId: session.sessionId,
      buttons: notificationButtons(interaction, standing),
    })),
  ];
  return { create, clear, notified: bounded(next, active) };
}

/** Keeps the newest `notifiedLimit` entries, but never forgets one still waiting. */
function bounded(
  entries: NotifiedInteraction[],
  active: ReadonlyMap<string, unknown>,
): NotifiedInteraction[] {
  let excess = entries.length - notifiedLimit;
  if (excess <= 0) return entries;
  return entries.filter((entry) => {
    if (excess > 0 && !active.has(entry.interactionId)) {
      excess--;
      return false;
    }
    return true;
  });
}

export interface NotificationContent {
  title: string;
  message: string;
  contextMessage?: string;
  buttons?: Array<{ title: string }>;
  requireInteraction?: boolean;
}

const buttonTitles: Record<NotifiedInteraction['buttons'][number], string> = {
  allow_once: 'Approve',
  deny: 'Deny',
};

/**
 * The words of an interaction's notification. `buttons` false is Firefox: it has no buttons,
 * context line or sticky notifications, so the badge label leads the message instead.
 */
export function notificationContent(
  session: SessionView,
  interaction: Interaction,
  capabilities: { buttons: boolean },
  standing?: PasskeyStanding,
): NotificationContent {
  const title = `${interaction.tool} — ${session.title || session.sessionId}`;
  const preview = argumentPreview(interaction.input, 120);
  const badge = decisionBadge(interaction.decision)?.label ?? outcomeLabel(interaction.decision);
  const label = needsPasskey(interaction, standing)
    ? `${badge} · needs your passkey: approve in the toolbar popup`
    : badge;
  if (!capabilities.buttons) return { title, message: `${label}\n${preview}` };
  return {
    title,
    message: preview,
    contextMessage: label,
    buttons: notificationButtons(interaction, standing).map((id) => ({ title: buttonTitles[id] })),
    requireInteraction: true,
  };
}
