// Permissions config in any dialect → one compiled plan (DESIGN §4 "normalized into one plan by one module").
export { type CompiledPlan, compilePlan, compileSource, type ShieldAction } from './compile.ts';
export { PlanError } from './errors.ts';
export { type LayeredPlan, layerPlans, layerSession, type SessionAuthority } from './layer.ts';
export { atLeastAsStrict } from './mode-strictness.ts';
export { normalize } from './normalize.ts';
export type { GatedCapability, PlanSource, Verdict } from './source.ts';
