import { type ActorRef, GrantRecord } from '../contract/index.ts';
import { type CompiledRule, compileRule } from '../rules/index.ts';
import { ruleRefusal } from './refusal.ts';

type Scope = GrantRecord['scope'];

interface GrantBase {
  id: string;
  scope: Scope;
  /** Epoch milliseconds; the grant applies while `now < expiresAt`. Absent: no time box. */
  expiresAt?: number;
  actor?: ActorRef;
}

/** A grant of exactly one call: the approval key it was made for. */
export interface CallGrant extends GrantBase {
  key: string;
}

/** A rule an approver saved: an allow rule, compiled once. */
export interface RuleGrant extends GrantBase {
  rule: CompiledRule;
}

/** One scope's grants, ready for the engine (DecisionContext.grants). */
export interface CompiledGrants {
  calls: ReadonlyMap<string, CallGrant>;
  rules: readonly RuleGrant[];
}

/** Both scopes' grants, and the records left out with why (for the log). */
export interface GrantSet {
  session: CompiledGrants;
  global: CompiledGrants;
  skipped: readonly { id: string; reason: string }[];
}

/** Whether a grant applies at `now`. A time-boxed grant with no clock to compare never does. */
export function grantLive(grant: GrantBase, now: number | undefined): boolean {
  if (grant.expiresAt === undefined) return true;
  return now !== undefined && now < grant.expiresAt;
}

/** A stored time box as epoch milliseconds; NaN when it cannot be read. */
function expiryOf(value: GrantRecord['expiresAt']): number | undefined {
  if (value === null || value === undefined) return undefined;
  return typeof value === 'number' ? value : Date.parse(value);
}

/**
 * Compiles stored grant records (the session's and the workspace's, in any order) once per
 * evaluation context; evaluating a call never parses a rule again. Left out, fail closed: a
 * record that is not a grant, one already expired at `now` or whose time box cannot be read, a
 * rule that does not compile or is one no approver may save (refusal.ts). Of two call grants for
 * the same key the one lasting longer is kept.
 */
export function compileGrants(records: readonly unknown[], now: number): GrantSet {
  const scopes = {
    session: { calls: new Map<string, CallGrant>(), rules: [] as RuleGrant[] },
    global: { calls: new Map<string, CallGrant>(), rules: [] as RuleGrant[] },
  };
  const skipped: { id: string; reason: string }[] = [];
  for (const raw of records) {
    const parsed = GrantRecord.safeParse(raw);
    if (!parsed.success) {
      const id = (raw as { id?: unknown } | null)?.id;
      skipped.push({ id: typeof id === 'string' ? id : '?', reason: 'not a grant record' });
      continue;
    }
    const record = parsed.data;
    const expiresAt = expiryOf(record.expiresAt);
    if (expiresAt !== undefined && !(expiresAt > now)) {
      skipped.push({ id: record.id, reason: Number.isNaN(expiresAt) ? 'unreadable time box' : 'expired' });
      continue;
    }
    const base: GrantBase = {
      id: record.id,
      scope: record.scope,
      ...(expiresAt === undefined ? {} : { expiresAt }),
      ...(record.actor ? { actor: record.actor } : {}),
    };
    const into = scopes[record.scope];
    if (record.kind === 'call') {
      if (!record.key) {
        skipped.push({ id: record.id, reason: 'a call grant without its key' });
        continue;
      }
      const held = into.calls.get(record.key);
      if (held === undefined || longer(base, held)) into.calls.set(record.key, { ...base, key: record.key });
      continue;
    }
    const text = record.rule ?? '';
    const refusal = ruleRefusal(text);
    if (refusal !== undefined) {
      skipped.push({ id: record.id, reason: refusal });
      continue;
    }
    into.rules.push({ ...base, rule: compileRule(text, 'allow') });
  }
  return { ...scopes, skipped };
}

function longer(a: GrantBase, b: GrantBase): boolean {
  if (b.expiresAt === undefined) return false;
  return a.expiresAt === undefined || a.expiresAt > b.expiresAt;
}
