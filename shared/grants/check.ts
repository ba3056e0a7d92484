import type { EngineToolCall } from '../contract/index.ts';
import type { CallFacts } from '../engine/facts.ts';
import { protectedPath } from '../paths/protected.ts';
import { compileRule, type RuleTarget } from '../rules/index.ts';
import { coveringRules } from './cover.ts';
import { ruleRefusal } from './refusal.ts';

export type GrantRuleCheck = { ok: true; rules: string[] } | { ok: false; rule: string; reason: string };

export interface GrantCallContext {
  /** The agent's home directory, for `~/` paths, when known. */
  home?: string;
}

/** The call as the rules see it, with the engine's one analysis of its command. */
export function ruleTarget(
  call: EngineToolCall,
  facts: CallFacts,
  options: GrantCallContext = {},
): RuleTarget {
  return {
    tool: call.tool,
    input: call.input,
    ...(call.cwd === undefined ? {} : { cwd: call.cwd }),
    ...(options.home === undefined ? {} : { home: options.home }),
    ...(facts.shell === undefined ? {} : { shell: facts.shell }),
  };
}

/**
 * Whether rules proposed for a grant — by an approver, or from Claude Code's
 * `permission_suggestions` — may be saved for the call they came from: each passes
 * `ruleRefusal` (it compiles, is not bare or `*`, names no shell, interpreter, wrapper, every
 * file or a protected path), and together they cover the call with allow semantics, exactly as
 * step 7 of the engine will read them. A critical call, or an edit of a protected file, is
 * granted only as itself.
 */
export function checkGrantRules(
  rules: readonly string[],
  call: EngineToolCall,
  facts: CallFacts,
  options: GrantCallContext = {},
): GrantRuleCheck {
  const first = rules[0] ?? '';
  if (rules.length === 0) return { ok: false, rule: first, reason: 'no rule was given' };
  if (facts.rating.risk === 'critical') {
    return { ok: false, rule: first, reason: 'a critical call is granted only as itself, never by a rule' };
  }
  if (facts.tool.edits && protectedPath(facts.path, call.cwd, options.home) !== undefined) {
    return {
      ok: false,
      rule: first,
      reason: 'an edit of a protected file always asks; it is granted only as itself',
    };
  }
  const compiled = [];
  for (const rule of rules) {
    const refusal = ruleRefusal(rule);
    if (refusal !== undefined) return { ok: false, rule, reason: refusal };
    compiled.push({ rule: compileRule(rule, 'allow') });
  }
  const used = coveringRules(compiled, ruleTarget(call, facts, options));
  if (used === undefined) {
    return {
      ok: false,
      rule: first,
      reason:
        rules.length === 1
          ? 'the rule does not cover the call it came from'
          : 'the rules do not cover the call they came from',
    };
  }
  return { ok: true, rules: [...rules] };
}

/** `checkGrantRules` for one rule: the rule, or a clear reason it may not be saved. */
export function checkGrantRule(
  rule: string,
  call: EngineToolCall,
  facts: CallFacts,
  options: GrantCallContext = {},
): { ok: true; rule: string } | { ok: false; reason: string } {
  const checked = checkGrantRules([rule], call, facts, options);
  return checked.ok ? { ok: true, rule } : { ok: false, reason: checked.reason };
}
