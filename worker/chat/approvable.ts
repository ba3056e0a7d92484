import type { DirectoryEntry } from './directory.ts';
import type { ChatAnswer } from './port.ts';

/**
 * Whether a press on a posted message may give this answer (docs/chat.md "What a message shows").
 * A message that did not show the call — posted under `pushDetails: "none"` — offers Deny alone,
 * and an Approve that arrives for it anyway (a crafted callback or interaction payload, an old
 * button) is refused here, for every service: one tap must never approve what the approver could
 * not read (the same rule as a push notification's Approve, docs/push.md).
 *
 * Decided by what the message was posted with (recorded in the chat's directory when it was
 * sent), not by the workspace's `pushDetails` at press time. The record is what the approver
 * could read; the setting is only what a message posted now would show. Re-deriving would fail
 * open: raise the setting between the post and the press and a message that showed nothing would
 * approve. The record cannot be changed afterwards, and a message without one (remembered before
 * it was kept) counts as showing nothing.
 */

export const blindApproval =
  'This message does not show the call, so it can only deny here: approve in Gatehouse (the extension or /app), where the call is shown. Nothing changed.';

/** Why this answer is refused on this message, or null when it may go on to the session. */
export function chatAnswerRefusal(answer: ChatAnswer, entry: DirectoryEntry): string | null {
  if (answer.decision === 'reject') return null;
  return entry.details === 'summary' || entry.details === 'call' ? null : blindApproval;
}
