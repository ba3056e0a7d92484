import type { CompiledRule, RuleTarget } from '../rules/index.ts';

/**
 * The rules that together cover a call with allow semantics, or undefined. One rule covering the
 * whole call is enough. A compound Bash command may also be covered part by part: each simple
 * command by some rule, read exactly as an allow rule reads a one-command line (the same checks
 * of the whole line first: it parses, has no substitution and no redirection into a file). So
 * `Bash(npm install:*)` and `Bash(npm test)` together cover `npm install x && npm test`, and
 * nothing covers `npm install x; rm -rf ~` unless a rule covers `rm -rf ~`.
 */
export function coveringRules<T extends { rule: CompiledRule }>(
  grants: readonly T[],
  target: RuleTarget,
): T[] | undefined {
  if (grants.length === 0) return undefined;
  const whole = grants.find((grant) => grant.rule.matches(target));
  if (whole !== undefined) return [whole];
  const shell = target.shell;
  if (target.tool !== 'Bash' || shell === undefined || shell.segments.length < 2) return undefined;
  const used: T[] = [];
  for (const segment of shell.segments) {
    const part: RuleTarget = { ...target, shell: { ...shell, segments: [segment] } };
    const grant = grants.find((candidate) => candidate.rule.matches(part));
    if (grant === undefined) return undefined;
    if (!used.includes(grant)) used.push(grant);
  }
  return used;
}
