/** Where waiting is shown: a terminal gets a live line, anything else (pipes, logs, Claude Code) nothing. */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface Progress {
  /** Show (or replace) what is being waited for. */
  waitingFor(what: string): void;
  /** Clear the line. */
  done(): void;
}

const seconds = (ms: number) => `${Math.floor(ms / 1000)}s`;

/** A one-line "waiting 12s for …" ticker, redrawn every second, on a TTY only. */
export function createProgress(stream: ProgressStream, now: () => number = Date.now): Progress {
  if (!stream.isTTY) return { waitingFor() {}, done() {} };
  let what = '';
  let started = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const draw = () => stream.write(`\r\x1b[2K⏳ ${seconds(now() - started)} waiting for ${what}`);
  return {
    waitingFor(next) {
      what = next;
      if (timer === undefined) {
        started = now();
        timer = setInterval(draw, 1000);
        timer.unref?.();
      }
      draw();
    },
    done() {
      if (timer === undefined) return;
      clearInterval(timer);
      timer = undefined;
      stream.write('\r\x1b[2K');
    },
  };
}
