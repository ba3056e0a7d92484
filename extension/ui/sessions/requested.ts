import type { Interaction, RequestedAuthority, SessionView } from '../../../shared/contract/index.ts';
import { modeLabel } from './mode-names.ts';

/**
 * What a session's agent asked for and runs without (DESIGN §5 "Layering"), as the approver
 * sees it beside the session and each of its questions, and whether granting it asks twice.
 * Pure: the words are tested without a browser. The friction rule (which grants ask twice) is
 * grant-width.ts, loaded when a grant is clicked: it reads the wrapper catalog.
 */

/** The session's outstanding request; a question carries its own copy when the view lacks one. */
export function requestedOf(session: SessionView, interaction?: Interaction): RequestedAuthority | null {
  // An ended session offers no grant (the relay refuses one with 409): nothing to grant is shown.
  if (typeof session.endedAt === 'string') return null;
  // The session's view is the newer truth: once it says nothing is asked (null), nothing is.
  if (session.requested !== undefined) return session.requested;
  return interaction?.requested ?? null;
}

/** The grant button's words once it asks to be sure: what it gives. */
export function grantConfirmLabel(
  requested: RequestedAuthority,
  declared: ReadonlyMap<string, string>,
): string {
  const parts: string[] = [];
  if (requested.mode !== undefined) parts.push(modeLabel(requested.mode, declared));
  if (requested.permissions?.length)
    parts.push(
      requested.permissions.length === 1
        ? 'its permission'
        : `its ${requested.permissions.length} permissions`,
    );
  return `Grant ${parts.join(' and ') || 'it'} for this session`;
}

const chooserWords = { agent: 'the agent', approver: 'an approver', admin: 'an admin' } as const;

/**
 * Who chose the mode in force, when the view says: the approver's device label ("set by Chrome
 * on Linux"), else the role. A label is used only from an actor of the chooser's own role, so
 * an agent's declaration never shows under an approver's name.
 */
export function modeChooserText(session: Pick<SessionView, 'modeSetBy' | 'modeActor'>): string | null {
  const chooser = session.modeSetBy;
  if (!chooser) return null;
  const actor = session.modeActor;
  const label = actor && actor.role === chooser && actor.label?.trim() ? actor.label.trim() : null;
  if (chooser === 'agent') return label ? `set by the agent (${label})` : 'set by the agent';
  return `set by ${label ?? chooserWords[chooser]}`;
}

/** Of two views of one session, the one to show: a view the relay answered a change with wins until a newer one arrives. */
export function newerView(listed: SessionView, answered: SessionView | null): SessionView {
  if (!answered || answered.sessionId !== listed.sessionId) return listed;
  return Date.parse(answered.updatedAt) > Date.parse(listed.updatedAt) ? answered : listed;
}
