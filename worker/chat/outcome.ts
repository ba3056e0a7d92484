import type { ToolPermissionResolution } from '../../shared/contract/index.ts';
import { boundedText } from './display.ts';
import type { ChatOutcome } from './port.ts';

/** Labels in an outcome line are bounded like token labels. */
const byChars = 80;

/**
 * How a resolved question's messages read afterwards. Unknown → "withdrawn": a message never
 * claims an approval it cannot show (a missing resolution means the call did not run as asked).
 */
export function chatOutcome(resolution: ToolPermissionResolution | undefined): ChatOutcome {
  if (!resolution) return { kind: 'withdrawn' };
  if (resolution.source === 'timeout') return { kind: 'expired' };
  if (resolution.source === 'cancel') return { kind: 'withdrawn' };
  const label = resolution.actor?.label ?? resolution.actor?.tokenId;
  const by = label === undefined ? {} : { by: boundedText(label, byChars) };
  if (resolution.behavior === 'allow') return { kind: 'approved', scope: resolution.scope, ...by };
  return { kind: 'denied', ...by };
}

/** The outcome in words, the same in every service: "Approved once by Phone · Telegram". */
export function outcomeText(outcome: ChatOutcome): string {
  const by = 'by' in outcome && outcome.by !== undefined ? ` by ${outcome.by}` : '';
  switch (outcome.kind) {
    case 'approved':
      return `${outcome.scope === 'once' ? 'Approved once' : outcome.scope === 'session' ? 'Approved for this session' : 'Approved always'}${by}`;
    case 'denied':
      return `Denied${by}`;
    case 'expired':
      return 'Expired: nobody answered in time (denied)';
    case 'withdrawn':
      return 'Withdrawn: the agent stopped waiting';
  }
}
