import type { Interaction, RequestedAuthority, SessionView } from '../../../shared/contract/index.ts';
import { parseRule } from '../../../shared/rules/parse.ts';
import { runsOtherCommands } from '../../../shared/wrappers/runners.ts';
import { modeLabel } from './mode-names.ts';

/**
 * What a session's agent asked for and runs without (DESIGN §5 "Layering"), as the approver
 * sees it beside the session and each of its questions, and whether granting it asks twice.
 * Pure: the words and the friction rule are tested without a browser.
 */

/** The session's outstanding request; a question carries its own copy when the view lacks one. */
export function requestedOf(session: SessionView, interaction?: Interaction): RequestedAuthority | null {
  // An ended session offers no grant (the relay refuses one with 409): nothing to grant is shown.
  if (typeof session.endedAt === 'string') return null;
  // The session's view is the newer truth: once it says nothing is asked (null), nothing is.
  if (session.requested !== undefined) return session.requested;
  return interaction?.requested ?? null;
}

/** A specifier made of nothing but wildcards and separators matches every call of its tool. */
const onlyWildcards = (text: string) => /^[\s*?:/.~\\-]*$/.test(text);

/**
 * Whether a Bash allow rule's specifier covers a whole program or more: a wildcard in the
 * program's name, a wildcard after a program that runs other commands (a shell, `env`, `sudo`,
 * `xargs`, …), or a prefix that is the program alone (`python3:*`, `git *`). An exact command
 * line is narrow, whatever its program.
 */
function wholeBashProgram(specifier: string): boolean {
  const star = specifier.search(/[*?]/);
  const literal = star === -1 ? specifier : specifier.slice(0, star);
  const words = literal.replace(/:$/, '').trim().split(/\s+/).filter(Boolean);
  // Without a wildcard the rule is one exact command line.
  if (star === -1) return false;
  const program = words[0];
  if (program === undefined || runsOtherCommands(program)) return true;
  // A wildcard after the program's name alone (`python3:*`, `git *`, `np*`): every use of it.
  return words.length === 1;
}

/** `WebFetch(domain:…)`: every domain, or every domain under a public suffix. */
function everyDomain(specifier: string): boolean {
  if (!specifier.startsWith('domain:')) return onlyWildcards(specifier);
  const domain = specifier.slice('domain:'.length).replace(/^\*\./, '');
  return domain.includes('*') || !domain.includes('.');
}

/**
 * Whether one left-out permission (as the relay words it: `allow rule Bash(npm test)`,
 * `tools.Bash: allow`, `capabilities.exec: allow`, `default: allow`) lets a whole tool or more
 * through. Anything not an allow rule that parses to something narrower counts as wide: an
 * unsure reading asks twice.
 */
export function coversWholeTool(permission: string): boolean {
  const prefix = 'allow rule ';
  if (!permission.startsWith(prefix)) return true;
  let rule: ReturnType<typeof parseRule>;
  try {
    rule = parseRule(permission.slice(prefix.length));
  } catch {
    return true;
  }
  if (rule.specifier === undefined || rule.tool.endsWith('*')) return true;
  if (onlyWildcards(rule.specifier)) return true;
  if (rule.tool === 'Bash') return wholeBashProgram(rule.specifier);
  if (rule.tool === 'WebFetch') return everyDomain(rule.specifier);
  return false;
}

/** Why granting asks for a confirm click, or null when it does not. */
export function grantConfirmReason(requested: RequestedAuthority): string | null {
  const fullAccess = requested.engineMode === 'bypass';
  const wide = (requested.permissions ?? []).filter(coversWholeTool);
  const reasons: string[] = [];
  if (fullAccess)
    reasons.push('Full Access runs every call of this session without review: nothing is asked.');
  if (wide.length > 0)
    reasons.push(
      `${wide.length === 1 ? 'This permission lets' : 'These permissions let'} a whole tool run without asking: ${wide.join(', ')}.`,
    );
  return reasons.length === 0 ? null : reasons.join(' ');
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
