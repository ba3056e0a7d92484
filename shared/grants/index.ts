// Grants an approver made (DESIGN §5 step 7): compiled records, rules they may save, suggestions.

export {
  checkGrantRule,
  checkGrantRules,
  type GrantCallContext,
  type GrantRuleCheck,
  ruleTarget,
} from './check.ts';
export { fromClaudeSuggestions } from './claude.ts';
export {
  type CallGrant,
  type CompiledGrants,
  compileGrants,
  type GrantSet,
  grantLive,
  type RuleGrant,
} from './compile.ts';
export { coveringRules } from './cover.ts';
export { listed, untilSuffix, untilText } from './describe.ts';
export { codeRunner, ruleRefusal } from './refusal.ts';
export { type RuleSuggestion, suggestRules } from './suggest.ts';
