/**
 * Runs async tasks one after another, in the order they were queued, so two inbox updates can
 * never interleave their storage writes or notification bookkeeping. A failing task is reported
 * and does not stop the ones after it.
 */
export function serial(onError: (error: unknown) => void) {
  let tail: Promise<void> = Promise.resolve();
  return (task: () => Promise<void>): Promise<void> => {
    const run = tail.then(task).catch(onError);
    tail = run;
    return run;
  };
}
