export { compileRule, compileRules } from './compile.ts';
export type { CompiledRule, RuleBehavior, RuleTarget } from './types.ts';
export { RuleError } from './types.ts';
