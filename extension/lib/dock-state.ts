import { decisionBadge } from '../../shared/badges/index.ts';
import { asksPasskey } from '../ui/card/passkey-notice.ts';
import { summaryLine } from '../ui/card/summary-line.ts';
import type { InboxState } from '../ui/port.ts';
import type { DockState } from './messages.ts';
import { assumedLevel } from './passkey-standing.ts';
import { argumentPreview } from './preview.ts';

/**
 * What the dock (a content script inside web pages) gets to see: the most urgent request only,
 * as display-ready plain strings. No token, no relay address, no other sessions, and no full
 * arguments — a one-line preview is enough to recognise the call in a compact bar. A content
 * script cannot ask for a passkey (WebAuthn there would be the page's, not the extension's), so a
 * call that needs one has no Approve in the dock: the dock points to the popup.
 */

export function dockStateFor(state: InboxState): DockState {
  if (state.connection === 'unpaired') return { request: null };
  // Sessions arrive most urgent first.
  const session = state.sessions.find((view) => view.activeInteraction !== null);
  const interaction = session?.activeInteraction;
  if (!session || !interaction) return { request: null };
  const needsPasskey = asksPasskey(interaction.decision.risk, assumedLevel(state.passkeys));
  return {
    request: {
      sessionId: session.sessionId,
      interactionId: interaction.interactionId,
      sessionTitle: session.title || session.sessionId,
      tool: interaction.tool,
      risk: interaction.decision.risk,
      badge: decisionBadge(interaction.decision),
      // The same secondary line as the popup's card (the seed's dock line).
      summary: summaryLine(interaction.decision),
      preview: argumentPreview(interaction.input, 160),
      canApprove: !needsPasskey && interaction.actions.some((action) => action.id === 'allow_once'),
      canDeny: interaction.actions.some((action) => action.id === 'deny'),
      needsPasskey,
    },
  };
}
