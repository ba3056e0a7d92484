/** The reason an aborted signal carries, or a plain AbortError when it carries none. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The review was aborted.', 'AbortError');
}

/**
 * Settles with `work`, or rejects as soon as `signal` aborts — for work that cannot itself be
 * cancelled (a binding without a signal parameter), so that the caller at least stops waiting.
 */
export function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
