import { limits, type Risk } from '../contract/index.ts';
import { toPlainText } from './plain-text.ts';
import {
  type Classifier,
  type ClassifierOutcome,
  ClassifierOutputError,
  type ClassifierRequest,
} from './types.ts';
import { type ClassifierVerdict, checkVerdict } from './verdict.ts';

export const defaultClassifierTimeoutMs = 10_000;
const maxClassifierTimeoutMs = 120_000;

/**
 * The most a reviewer may grant at each risk: whatever a model says, an action rated critical
 * is never allowed without a person (a prompt injection that talks a model into `allow` ends
 * at `ask`). Deny always stands.
 */
const ceilings: Partial<Record<Risk, 'ask'>> = { critical: 'ask' };

function applyCeiling(verdict: ClassifierVerdict, risk: Risk): ClassifierVerdict {
  if (ceilings[risk] !== 'ask' || verdict.behavior !== 'allow') return verdict;
  return {
    ...verdict,
    behavior: 'ask',
    reason: toPlainText(
      `The reviewer would allow this, but it is rated ${risk}, so a person must decide. Reviewer: ${verdict.reason}`,
      limits.reasonLength,
    ),
  };
}

/** The model id for provenance: a getter that throws or returns junk cannot break the outcome. */
function modelOf(classifier: Classifier): string {
  try {
    const model = toPlainText(String(classifier.model), 200);
    return model === '' ? 'unknown' : model;
  } catch {
    return 'unknown';
  }
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return toPlainText(text, 300) || 'The reviewer failed.';
}

type Settled =
  | { kind: 'answer'; value: unknown }
  | { kind: 'failed'; error: unknown }
  | { kind: 'timeout' }
  | { kind: 'canceled' };

/**
 * Runs a reviewer and checks its answer. Never throws; never invents an allow. A throw, a
 * rejection, a hang past `timeoutMs`, a cancellation or an answer outside the verdict shape is
 * `ok: false`, which the engine turns into `ask`. The classifier is told to stop through the
 * signal; a classifier that ignores it is simply no longer waited for.
 */
export async function runClassifier(
  classifier: Classifier,
  request: ClassifierRequest,
  opts: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<ClassifierOutcome> {
  const model = modelOf(classifier);
  const requested = opts.timeoutMs ?? defaultClassifierTimeoutMs;
  const timeoutMs = Number.isFinite(requested)
    ? Math.min(Math.max(requested, 1), maxClassifierTimeoutMs)
    : defaultClassifierTimeoutMs;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onCancel: (() => void) | undefined;
  try {
    const stopped = new Promise<Settled>((resolve) => {
      timer = setTimeout(() => {
        resolve({ kind: 'timeout' });
        controller.abort(new DOMException('The review timed out.', 'TimeoutError'));
      }, timeoutMs);
      if (opts.signal) {
        onCancel = () => {
          resolve({ kind: 'canceled' });
          controller.abort(opts.signal?.reason);
        };
        if (opts.signal.aborted) onCancel();
        else opts.signal.addEventListener('abort', onCancel, { once: true });
      }
    });
    const answered = Promise.resolve()
      .then(() => (controller.signal.aborted ? undefined : classifier.classify(request, controller.signal)))
      .then(
        (value): Settled => ({ kind: 'answer', value }),
        (error: unknown): Settled => ({ kind: 'failed', error }),
      );
    const settled = await Promise.race([stopped, answered]);
    if (settled.kind === 'timeout') {
      return {
        ok: false,
        model,
        error: 'timeout',
        message: `The reviewer did not answer within ${timeoutMs} ms.`,
      };
    }
    if (settled.kind === 'canceled')
      return { ok: false, model, error: 'error', message: 'The review was canceled.' };
    if (settled.kind === 'failed') {
      const error = settled.error instanceof ClassifierOutputError ? 'invalid_output' : 'error';
      return { ok: false, model, error, message: messageOf(settled.error) };
    }
    const check = checkVerdict(settled.value);
    if (!check.ok) return { ok: false, model, error: 'invalid_output', message: check.message };
    return { ok: true, model, verdict: applyCeiling(check.verdict, request.rating.risk) };
  } catch (error) {
    // Only a hostile answer (a throwing getter or proxy) can get here.
    return { ok: false, model, error: 'invalid_output', message: messageOf(error) };
  } finally {
    clearTimeout(timer);
    if (onCancel) opts.signal?.removeEventListener('abort', onCancel);
    // Whatever is still running on the reviewer's side has no one waiting for it.
    if (!controller.signal.aborted) controller.abort(new DOMException('The review is over.', 'AbortError'));
  }
}
