import { browser } from 'wxt/browser';
import type { Interaction, InteractionAnswer, SessionView } from '../../shared/contract/index.ts';
import type { Answer, PasskeyStanding, PortResult } from '../ui/port.ts';
import { noticePrefix, notificationContent, planNotifications } from './notifications.ts';
import { notifiedItem } from './storage.ts';

/**
 * Applies the notification plan to the browser and answers from notifications: a button click
 * approves once or denies through the same respond path as the popup; a click on the body opens
 * the request. What a button does is read from `session:notified`, so it works even when the
 * click is what woke the service worker.
 */

export interface NotifierOptions {
  /** Chrome has buttons, a context line and sticky notifications; Firefox has none of them. */
  buttons: boolean;
  iconUrl: string;
  respond(answer: InteractionAnswer): Promise<PortResult<Interaction>>;
  openRequest(sessionId: string): Promise<void>;
}

export interface Notifier {
  /**
   * Notify what is new, clear what left the inbox. Call with every fresh view of the inbox and
   * the passkey standing (an approval that needs a passkey gets no Approve button).
   */
  sync(sessions: readonly SessionView[], standing?: PasskeyStanding): Promise<void>;
  /** A notification's button was clicked. */
  answer(notificationId: string, buttonIndex: number): Promise<void>;
  /** A notification's body was clicked. */
  open(notificationId: string): Promise<void>;
}

const refusalWords: Record<string, string> = {
  answered_elsewhere: 'it was already answered elsewhere',
  expired: 'it expired',
  unpaired: 'this browser is no longer paired',
  unreachable: 'the relay could not be reached',
};

export function createNotifier(options: NotifierOptions): Notifier {
  async function entryFor(notificationId: string) {
    if (notificationId.startsWith(noticePrefix)) return undefined;
    return (await notifiedItem.getValue()).find((entry) => entry.interactionId === notificationId);
  }

  return {
    async sync(sessions, standing) {
      const [notified, shown] = await Promise.all([notifiedItem.getValue(), browser.notifications.getAll()]);
      const plan = planNotifications(sessions, notified, Object.keys(shown), standing);
      for (const { session, interaction } of plan.create) {
        await browser.notifications.create(interaction.interactionId, {
          type: 'basic',
          iconUrl: options.iconUrl,
          ...notificationContent(session, interaction, { buttons: options.buttons }, standing),
        });
      }
      for (const id of plan.clear) await browser.notifications.clear(id);
      await notifiedItem.setValue(plan.notified);
    },

    async answer(notificationId, buttonIndex) {
      const entry = await entryFor(notificationId);
      const action = entry?.buttons[buttonIndex];
      if (!entry || !action) return;
      const answer: Answer =
        action === 'allow_once' ? { decision: 'approve', scope: 'once' } : { decision: 'reject' };
      const result = await options.respond({
        sessionId: entry.sessionId,
        interactionId: entry.interactionId,
        answer,
      });
      await browser.notifications.clear(notificationId);
      if (result.ok) return;
      await browser.notifications.create(`${noticePrefix}refused:${notificationId}`, {
        type: 'basic',
        iconUrl: options.iconUrl,
        title: 'Gatehouse could not answer',
        message: `Not answered: ${refusalWords[result.refusal] ?? result.message}.`,
      });
    },

    async open(notificationId) {
      const entry = await entryFor(notificationId);
      if (!entry) return;
      await browser.notifications.clear(notificationId);
      await options.openRequest(entry.sessionId);
    },
  };
}
