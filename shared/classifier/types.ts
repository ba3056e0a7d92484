import type { EngineToolCall } from '../contract/index.ts';
import type { RiskRating } from '../risk/index.ts';
import type { ClassifierVerdict } from './verdict.ts';

/** What a reviewer is shown. `displayInput` is the redacted, bounded copy: the only input it may see. */
export interface ClassifierRequest {
  call: EngineToolCall;
  rating: RiskRating;
  cwd?: string | undefined;
  displayInput: unknown;
}

/**
 * A reviewer for `auto` mode. `classify` answers anything (it is validated by `runClassifier`)
 * and must stop, rejecting, when `signal` aborts.
 */
export interface Classifier {
  readonly model: string;
  classify(request: ClassifierRequest, signal: AbortSignal): Promise<unknown>;
}

export type ClassifierOutcome =
  | { ok: true; verdict: ClassifierVerdict; model: string }
  | { ok: false; model: string; error: 'timeout' | 'error' | 'invalid_output'; message: string };

/** Thrown by a classifier whose model answered something that is not a verdict at all. */
export class ClassifierOutputError extends Error {
  override readonly name = 'ClassifierOutputError';
}
