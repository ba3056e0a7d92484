// The decision engine (DESIGN §5): `decide` is pure and synchronous; `decideCall` adds the classifier.
export type { DecisionContext } from './context.ts';
export { decide, type Evaluation, evaluate } from './decide.ts';
export { decideCall, decideCallWithFacts } from './decide-call.ts';
export { canEditInput, type EditedOutcome, reevaluateEdited } from './edited.ts';
export { type CallFacts, callFacts } from './facts.ts';
export { precedence, type Ruling, type Step } from './steps.ts';
