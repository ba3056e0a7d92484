export { compileRule, compileRules } from './compile.ts';
export { indexRules, type RuleIndex } from './rule-index.ts';
export type { CompiledRule, RuleBehavior, RuleTarget } from './types.ts';
export { RuleError } from './types.ts';
