import { posix } from 'node:path';

/**
 * strace's output read back: one event per system call, with the paths `-y` prints. The runner
 * (run.ts) calls strace with `-f -qq -y -s 512 -e signal=none -e trace=…`, so every line is
 * `PID name(args) = result`, or one half of a call another process interrupted
 * (`<unfinished ...>` / `<... name resumed>`), which `parseTrace` joins again.
 */
export interface TraceEvent {
  readonly pid: number;
  readonly call: string;
  /** The arguments as strace printed them, without the parentheses. */
  readonly args: string;
  /** The return value: a number, or `?` when the process ended inside the call. */
  readonly result: string;
  /** The file a returned descriptor is open on (`= 3</tmp/x>`), resolved by the kernel. */
  readonly resultPath?: string;
  /** The error name when the call failed (`ENOENT`). */
  readonly error?: string;
  /** The line (both halves joined) as strace wrote it, for findings. */
  readonly line: string;
}

const LINE = /^(\d+)\s+([a-z0-9_]+)\((.*)$/;
const RESUMED = /^(\d+)\s+<\.\.\. ([a-z0-9_]+) resumed>(.*)$/;
const UNFINISHED = ' <unfinished ...>';
/** The end of a finished call: `) = 3</path>`, `) = -1 ENOENT (…)`, `) = ?`. */
const RESULT = /\)\s+= (-?\d+|\?|0x[0-9a-f]+)(?:<(.*)>)?(?: ([A-Z][A-Z0-9_]*)(?: \(.*\))?)?$/;

/** Every finished call of a trace, in the order strace wrote their ends. */
export function parseTrace(text: string): TraceEvent[] {
  const events: TraceEvent[] = [];
  const pending = new Map<number, { call: string; head: string; line: string }>();
  for (const line of text.split('\n')) {
    const resumed = RESUMED.exec(line);
    if (resumed) {
      const pid = Number(resumed[1]);
      const started = pending.get(pid);
      pending.delete(pid);
      if (started === undefined || started.call !== resumed[2]) continue;
      const event = finished(pid, started.call, started.head + resumed[3], `${started.line} … ${line}`);
      if (event) events.push(event);
      continue;
    }
    const match = LINE.exec(line);
    if (!match) continue;
    const pid = Number(match[1]);
    const rest = match[3]!;
    if (rest.endsWith(UNFINISHED)) {
      pending.set(pid, { call: match[2]!, head: rest.slice(0, -UNFINISHED.length), line });
      continue;
    }
    const event = finished(pid, match[2]!, rest, line);
    if (event) events.push(event);
  }
  return events;
}

function finished(pid: number, call: string, rest: string, line: string): TraceEvent | undefined {
  const result = RESULT.exec(rest);
  if (!result) return undefined;
  return {
    pid,
    call,
    args: rest.slice(0, result.index),
    result: result[1]!,
    ...(result[2] === undefined ? {} : { resultPath: decodeC(result[2]) }),
    ...(result[3] === undefined ? {} : { error: result[3] }),
    line,
  };
}

/** A C string as strace prints it (`"a\"b\303\251"`) back to text; bytes are read as UTF-8. */
export function unquote(quoted: string): string {
  return decodeC(quoted.slice(1, -1));
}

function decodeC(text: string): string {
  const bytes: number[] = [];
  const simple: Record<string, number> = { n: 10, t: 9, r: 13, v: 11, f: 12, a: 7, b: 8 };
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (char !== '\\') {
      bytes.push(...Buffer.from(char, 'utf8'));
      continue;
    }
    const next = text[at + 1] ?? '';
    if (next === 'x') {
      bytes.push(Number.parseInt(text.slice(at + 2, at + 4), 16));
      at += 3;
    } else if (/[0-7]/.test(next)) {
      const digits = /^[0-7]{1,3}/.exec(text.slice(at + 1))![0];
      bytes.push(Number.parseInt(digits, 8));
      at += digits.length;
    } else {
      bytes.push(simple[next] ?? next.charCodeAt(0));
      at += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The quoted strings at the start of `args`, in order (a path, argv's words). */
function quotedStrings(args: string): string[] {
  return [...args.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) => decodeC(match[1]!));
}

/** A descriptor argument with `-y`'s path: `AT_FDCWD</tmp/w>` or `3</tmp/w>` gives `/tmp/w`. */
function descriptorPath(arg: string): string | undefined {
  const match = /^(?:AT_FDCWD|-?\d+)<(.*?)>$/.exec(arg.trim());
  return match ? decodeC(match[1]!) : undefined;
}

/** A path argument made absolute against the directory descriptor before it, when known. */
function resolved(path: string, directory: string | undefined): string {
  if (path.startsWith('/') || directory === undefined) return path;
  return posix.join(directory, path);
}

export interface ExecEvent {
  readonly path: string;
  readonly argv: readonly string[];
  readonly ok: boolean;
  readonly line: string;
}

export interface OpenEvent {
  /** Absolute when strace could tell (the returned descriptor's file, or the directory's path). */
  readonly path: string;
  readonly writes: boolean;
  /** Created new (`O_CREAT|O_EXCL`): the file did not exist, so no file was overwritten. */
  readonly exclusive: boolean;
  readonly ok: boolean;
  readonly line: string;
}

export interface ChangeEvent {
  /** unlink, rename, mkdir …: a change to the file system other than opening a file. */
  readonly call: string;
  readonly path: string;
  readonly line: string;
}

export interface ConnectEvent {
  readonly family: string;
  /** `127.0.0.1:9`, `[::1]:80`, or a socket's path. */
  readonly address: string;
  readonly line: string;
}

/** Flags that open a file for writing, creating or truncating it. */
const WRITE_FLAGS = /\b(?:O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|O_APPEND)\b/;

/** Calls that change the file system without opening a file, and where their (first) path is. */
const CHANGES: Readonly<Record<string, { path: number; directory?: number }>> = {
  unlink: { path: 0 },
  unlinkat: { path: 1, directory: 0 },
  rmdir: { path: 0 },
  mkdir: { path: 0 },
  mkdirat: { path: 1, directory: 0 },
  rename: { path: 0 },
  renameat: { path: 1, directory: 0 },
  renameat2: { path: 1, directory: 0 },
  link: { path: 1 },
  linkat: { path: 3, directory: 2 },
  symlink: { path: 1 },
  symlinkat: { path: 2, directory: 1 },
  truncate: { path: 0 },
  mknod: { path: 0 },
  mknodat: { path: 1, directory: 0 },
};

/** The arguments of a call split at top-level commas (not inside quotes, brackets or braces). */
export function splitArgs(args: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let at = 0; at < args.length; at += 1) {
    const char = args[at]!;
    if (quoted) {
      if (char === '\\') at += 1;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if ('[{('.includes(char)) depth += 1;
    else if (']})'.includes(char)) depth -= 1;
    else if (char === '<' && depth === 0) {
      // `-y`'s path after a descriptor: skip to its end, whatever it holds.
      const end = args.indexOf('>', at);
      if (end !== -1) at = end;
    } else if (char === ',' && depth === 0) {
      parts.push(args.slice(start, at).trim());
      start = at + 1;
    }
  }
  if (args.slice(start).trim() !== '') parts.push(args.slice(start).trim());
  return parts;
}

export function execs(events: readonly TraceEvent[]): ExecEvent[] {
  return events
    .filter((event) => event.call === 'execve' || event.call === 'execveat')
    .map((event) => {
      const parts = splitArgs(event.args);
      const pathArg = event.call === 'execveat' ? parts[1]! : parts[0]!;
      const argvArg = event.call === 'execveat' ? parts[2]! : parts[1]!;
      return {
        path: unquote(pathArg),
        argv: quotedStrings(argvArg ?? ''),
        ok: event.result === '0',
        line: event.line,
      };
    });
}

export function opens(events: readonly TraceEvent[]): OpenEvent[] {
  const found: OpenEvent[] = [];
  for (const event of events) {
    const parts = splitArgs(event.args);
    let path: string | undefined;
    let flags = '';
    let directory: string | undefined;
    if (event.call === 'openat' || event.call === 'openat2') {
      directory = descriptorPath(parts[0]!);
      path = parts[1] === undefined ? undefined : unquote(parts[1]);
      flags = parts[2] ?? '';
    } else if (event.call === 'open') {
      path = parts[0] === undefined ? undefined : unquote(parts[0]);
      flags = parts[1] ?? '';
    } else if (event.call === 'creat') {
      path = parts[0] === undefined ? undefined : unquote(parts[0]);
      flags = 'O_CREAT|O_WRONLY|O_TRUNC';
    }
    if (path === undefined) continue;
    const ok = event.error === undefined && event.result !== '?';
    found.push({
      path: ok && event.resultPath !== undefined ? event.resultPath : resolved(path, directory),
      writes: WRITE_FLAGS.test(flags),
      exclusive: /\bO_CREAT\b/.test(flags) && /\bO_EXCL\b/.test(flags),
      ok,
      line: event.line,
    });
  }
  return found;
}

export function changes(events: readonly TraceEvent[]): ChangeEvent[] {
  const found: ChangeEvent[] = [];
  for (const event of events) {
    const where = CHANGES[event.call];
    if (where === undefined) continue;
    const parts = splitArgs(event.args);
    const pathArg = parts[where.path];
    if (pathArg === undefined || !pathArg.startsWith('"')) continue;
    const directory = where.directory === undefined ? undefined : descriptorPath(parts[where.directory]!);
    found.push({ call: event.call, path: resolved(unquote(pathArg), directory), line: event.line });
  }
  return found;
}

export function connects(events: readonly TraceEvent[]): ConnectEvent[] {
  const found: ConnectEvent[] = [];
  for (const event of events) {
    if (event.call !== 'connect' && event.call !== 'sendto' && event.call !== 'sendmsg') continue;
    const family = /sa_family=(AF_[A-Z0-9]+)/.exec(event.args)?.[1];
    // sendto/sendmsg on a connected socket name no address: the connect showed it already.
    if (family === undefined) continue;
    const port = /sin6?_port=htons\((\d+)\)/.exec(event.args)?.[1];
    const ip4 = /inet_addr\("([^"]*)"\)/.exec(event.args)?.[1];
    const ip6 = /inet_pton\(AF_INET6, "([^"]*)"/.exec(event.args)?.[1];
    const unix = /sun_path=(@?"(?:[^"\\]|\\.)*")/.exec(event.args)?.[1];
    const address =
      ip4 !== undefined
        ? `${ip4}:${port}`
        : ip6 !== undefined
          ? `[${ip6}]:${port}`
          : unix !== undefined
            ? unix.startsWith('@')
              ? `@${unquote(unix.slice(1))}`
              : unquote(unix)
            : family;
    found.push({ family, address, line: event.line });
  }
  return found;
}
