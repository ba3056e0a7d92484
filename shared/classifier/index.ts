// The auto mode's reviewer (DESIGN §5 "Classifier"): one interface, a deterministic default,
// and model-backed reviewers whose answers are validated as untrusted.
export { heuristicClassifier, heuristicReviewTable, type ReviewRow, reviewRowFor } from './heuristic.ts';
export { type OpenAiCompatibleOptions, openAiCompatibleClassifier } from './openai.ts';
export { toPlainText } from './plain-text.ts';
export { buildReviewPrompt, type ReviewPrompt } from './prompt.ts';
export { defaultClassifierTimeoutMs, runClassifier } from './run.ts';
export {
  type Classifier,
  type ClassifierOutcome,
  ClassifierOutputError,
  type ClassifierRequest,
} from './types.ts';
export { ClassifierVerdict, checkVerdict, type VerdictCheck, verdictJsonSchema } from './verdict.ts';
export { type WorkersAiBinding, workersAiClassifier } from './workers-ai.ts';
