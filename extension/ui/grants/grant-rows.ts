import { callSummary } from '../card/call-summary.ts';
import { ruleCovers } from '../common/rule-words.ts';
import type { Grant } from '../port.ts';

/**
 * A grant as the grants list shows it: what it covers (the exact call's tool
 * and summary, or the rule's text and reach), its scope, who made it and when, and its time box
 * counting down, or "Expired". Pure, from an injected clock.
 */
export interface GrantRow {
  id: string;
  /** The exact call (`Bash · npm install left-pad`) or the rule (`Bash(npm install:*)`). */
  covers: string;
  /** The reach in words: "this exact call, with this exact input" or what the rule matches. */
  reach: string;
  kind: 'call' | 'rule';
  scope: string;
  by: string;
  made: string;
  expiry: string;
  expired: boolean;
}

const roleWords: Record<string, string> = { approver: 'an approver', admin: 'an admin', agent: 'the agent' };

/** Who made it: the approver's label when the relay names it, else the role or "an approver". */
function madeBy(grant: Grant): string {
  const label = grant.actor?.label?.trim();
  if (label) return label;
  const approvedBy = 'approvedBy' in grant ? grant.approvedBy?.trim() : undefined;
  if (approvedBy) return approvedBy;
  return roleWords[grant.actor?.role ?? ''] ?? 'an approver';
}

/** "just now", "5 min ago", "3 h ago", else the date and UTC time it was made. */
export function madeWhen(createdAt: string, now: number): string {
  const at = Date.parse(createdAt);
  if (Number.isNaN(at)) return createdAt;
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  return `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The time box: "Expires in 14:05" / "Expires in 1:02:03" / "Expired", or how long it lasts without one. */
export function expiryText(
  expiresAt: string | number | null | undefined,
  scope: 'session' | 'global',
  now: number,
): { text: string; expired: boolean } {
  if (expiresAt === null || expiresAt === undefined)
    return { text: scope === 'session' ? 'Until the session ends' : 'Until revoked', expired: false };
  const at = typeof expiresAt === 'number' ? expiresAt : Date.parse(expiresAt);
  // A time box that does not read is not shown as lasting forever.
  if (Number.isNaN(at)) return { text: 'Expiry unknown', expired: false };
  const left = Math.ceil((at - now) / 1000);
  if (left <= 0) return { text: 'Expired', expired: true };
  const hours = Math.floor(left / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const seconds = String(left % 60).padStart(2, '0');
  return {
    text:
      hours > 0
        ? `Expires in ${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
        : `Expires in ${minutes}:${seconds}`,
    expired: false,
  };
}

export function grantRow(grant: Grant, now: number): GrantRow {
  const scope = grant.scope === 'session' ? 'session' : 'global';
  const rule =
    grant.kind === 'rule' && typeof grant.rule === 'string' && grant.rule !== '' ? grant.rule : null;
  const expiry = expiryText(grant.expiresAt, scope, now);
  return {
    id: grant.id,
    kind: rule === null ? 'call' : 'rule',
    covers: rule ?? `${grant.tool} · ${callSummary(grant.tool, grant.input)}`,
    reach: rule === null ? 'this exact call, with this exact input' : ruleCovers(rule),
    scope: scope === 'session' ? 'This session' : 'Every session',
    by: madeBy(grant),
    made: madeWhen(grant.createdAt, now),
    expiry: expiry.text,
    expired: expiry.expired,
  };
}
