import type { CompiledGrants, RuleGrant } from '../grants/index.ts';
import { coveringRules, grantLive, listed, untilSuffix } from '../grants/index.ts';
import type { Ruling, StepInput } from './steps.ts';

const grantRuling = (reasonCode: string, reason: string, matchedRule?: string): Ruling => ({
  behavior: 'allow',
  source: 'rule',
  evaluator: 'rule',
  reasonCode,
  reason,
  ...(matchedRule === undefined ? {} : { matchedRule }),
});

const where = { session: 'for this session', global: 'for the workspace' } as const;

/**
 * Step 7: a grant an approver made and that has not expired. First the exact call (its approval
 * key, in the session, then the workspace); then the rules approvers saved, which cover the call
 * with allow semantics (every part of a compound command). The caller applies protected paths to
 * a rule grant: the approver saw one file, not every file the rule names.
 */
export function grantStep({ ctx, target }: StepInput): { ruling: Ruling; byRule: boolean } | undefined {
  const key = ctx.approvalKey;
  const now = ctx.now;
  if (key !== undefined) {
    for (const scope of ['session', 'global'] as const) {
      const grant = ctx.grants?.[scope].calls.get(key);
      if (grant === undefined || !grantLive(grant, now)) continue;
      const reason =
        scope === 'session'
          ? 'Approved earlier in this session for the same arguments'
          : 'Always allowed for the same arguments by an approver';
      const until = untilSuffix(grant.expiresAt, now);
      return { ruling: grantRuling(`grant_${scope}`, `${reason}${until}.`), byRule: false };
    }
  }
  const grants = ctx.grants;
  if (grants === undefined) return undefined;
  const live = [...liveRules(grants.session, now), ...liveRules(grants.global, now)];
  const used = coveringRules(live, target);
  if (used === undefined) return undefined;
  const scope = used.every((grant) => grant.scope === 'global') ? 'global' : 'session';
  const texts = used.map((grant) => grant.rule.text);
  const expiries = used.flatMap((grant) => (grant.expiresAt === undefined ? [] : [grant.expiresAt]));
  const until = untilSuffix(expiries.length === 0 ? undefined : Math.min(...expiries), now);
  const noun = texts.length === 1 ? 'the rule' : 'the rules';
  const verb = texts.length === 1 ? 'an approver saved' : 'approvers saved';
  return {
    ruling: grantRuling(
      `grant_${scope}_rule`,
      `Allowed by ${noun} ${listed(texts)} ${verb} ${where[scope]}${until}.`,
      texts.join(', '),
    ),
    byRule: true,
  };
}

function liveRules(grants: CompiledGrants, now: number | undefined): RuleGrant[] {
  return grants.rules.filter((grant) => grantLive(grant, now));
}
