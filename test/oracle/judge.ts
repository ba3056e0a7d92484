import { basename } from 'node:path';
import { changes, connects, execs, opens, type TraceEvent } from './trace.ts';

/**
 * What a command the engine called read-only did that a read does not (test/oracle/README.md):
 * ran another program, opened a file for writing (or changed the file system otherwise),
 * connected somewhere, read a canary secret without the shield flagging the call, or did not
 * finish in time.
 */
export type ViolationKind = 'exec' | 'write' | 'connect' | 'canary' | 'timeout' | 'untraced';

export interface Violation {
  readonly kind: ViolationKind;
  readonly why: string;
  /** The trace line that shows it. */
  readonly line: string;
}

export interface Expectation {
  /** Program files the command itself names (`git` for `cd sub && git status`). */
  readonly programs: readonly string[];
  /** Canary files, absolute, each with whether the shield's secret list names it. */
  readonly canaries: ReadonlyMap<string, boolean>;
  /** The shield flagged the call: reading a canary is then no finding. */
  readonly shieldFlagged: boolean;
  /**
   * For git: the working directory's own `.git`, whose index git may refresh (below).
   */
  readonly ownGitDir?: string;
  /** The run's TMPDIR, where a program may keep a scratch file (below). */
  readonly scratchDir?: string;
}

/**
 * git's own cache refresh, allowed in the working directory's own repository only: `git status`
 * and `git diff` rewrite `.git/index` (through `index.lock`, renamed over it) when file stamps
 * changed, even with `--no-optional-locks` for diff. That changes no tracked file and nothing
 * another program reads as code; the repository's configuration and hooks, which could, are
 * protected paths the engine never lets an agent write unseen (docs/engine.md, "git").
 */
function ownIndexRefresh(path: string, gitDir: string | undefined): boolean {
  return gitDir !== undefined && (path === `${gitDir}/index.lock` || path === `${gitDir}/index`);
}

/**
 * A program's own scratch file: created new in TMPDIR (`O_CREAT|O_EXCL`, so nothing existing is
 * overwritten or followed) and unlinked before the program ends. `tac` reading a pipe copies it to
 * one to read it backwards, `sort` spills large input to them. Nothing outlives the call.
 */
function scratchFiles(events: readonly TraceEvent[], dir: string | undefined): Set<string> {
  if (dir === undefined) return new Set();
  const removed = new Set(
    changes(events)
      .filter((change) => change.call === 'unlink' || change.call === 'unlinkat')
      .map((change) => change.path),
  );
  return new Set(
    opens(events)
      .filter((open) => open.exclusive && open.path.startsWith(`${dir}/`) && removed.has(open.path))
      .map((open) => open.path),
  );
}

/**
 * Programs that are scripts running another program by design: Debian's egrep and fgrep run
 * `grep -E`/`grep -F`, zcat runs `gzip -cd`. The program they run is part of them.
 */
const IMPLEMENTED_BY: Readonly<Record<string, readonly string[]>> = {
  egrep: ['grep'],
  fgrep: ['grep'],
  zcat: ['gzip'],
};

/** Writes that change no file: discarding, and the terminal. */
const HARMLESS_WRITES = /^\/dev\/(?:null|tty|stdout|stderr|pts\/\d+)$/;

/**
 * The name-service cache's socket: glibc asks it (and falls back to /etc/passwd) when a program
 * looks up a user (`id`, `ls -l`). Reading a user's name is no connection to judge.
 */
const NAME_SERVICE = /^\/(?:var\/)?run\/nscd\/socket$/;

/**
 * Netlink sockets talk to the kernel, not the network: glibc's getifaddrs lists the machine's
 * own addresses through one (`hostname -I`). A name lookup that leaves the machine shows as a
 * connection to the resolver (AF_INET, port 53), which is judged like any other.
 */
const KERNEL_FAMILIES = new Set(['AF_NETLINK']);

export function judge(events: readonly TraceEvent[], expect: Expectation): Violation[] {
  const violations: Violation[] = [];
  if (events.length === 0)
    return [{ kind: 'untraced', why: 'strace recorded nothing: the command was not traced', line: '' }];
  const allowed = new Set(expect.programs.flatMap((name) => [name, ...(IMPLEMENTED_BY[name] ?? [])]));
  // The first program run is the harness's bash (run.ts), which runs the command.
  const [harness, ...runs] = execs(events);
  if (harness === undefined || basename(harness.path) !== 'bash')
    violations.push({
      kind: 'untraced',
      why: 'the trace does not start with bash',
      line: harness?.line ?? '',
    });
  for (const run of runs) {
    if (allowed.has(basename(run.path))) continue;
    violations.push({
      kind: 'exec',
      why: `${run.ok ? 'ran' : 'tried to run'} ${run.path}, not ${expect.programs.join(' or ') || 'a program'}`,
      line: run.line,
    });
  }
  const scratch = scratchFiles(events, expect.scratchDir);
  for (const open of opens(events)) {
    if (
      open.writes &&
      !HARMLESS_WRITES.test(open.path) &&
      !ownIndexRefresh(open.path, expect.ownGitDir) &&
      !scratch.has(open.path)
    )
      violations.push({ kind: 'write', why: `opened ${open.path} for writing`, line: open.line });
    const listed = expect.canaries.get(open.path);
    if (open.ok && !expect.shieldFlagged && listed !== undefined)
      violations.push({
        kind: 'canary',
        why: `read the canary ${open.path}${listed ? '' : " (a credential file the shield's secret list does not name)"}`,
        line: open.line,
      });
  }
  for (const change of changes(events)) {
    if (ownIndexRefresh(change.path, expect.ownGitDir) || scratch.has(change.path)) continue;
    violations.push({ kind: 'write', why: `${change.call} ${change.path}`, line: change.line });
  }
  for (const connect of connects(events)) {
    if (connect.family === 'AF_UNIX' && NAME_SERVICE.test(connect.address)) continue;
    if (KERNEL_FAMILIES.has(connect.family)) continue;
    violations.push({ kind: 'connect', why: `connected to ${connect.address}`, line: connect.line });
  }
  return violations;
}
