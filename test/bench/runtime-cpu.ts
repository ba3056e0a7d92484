import { readdirSync, readFileSync } from 'node:fs';

// CPU time the local runtime (every workerd process this benchmark started) spends, read from
// /proc. Requests per second swing with whatever else the machine runs; the runtime's CPU per
// request does not, so the benchmark reports both. Linux only: elsewhere it reports nothing.

/** /proc counts CPU time in clock ticks of USER_HZ, which is 100 a second on Linux. */
const msPerClockTick = 10;

/** The ids of workerd processes descended from this one. */
function runtimeProcesses(): string[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const parents = new Map<string, string>();
  const names = new Map<string, string>();
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // `pid (name) state ppid …`: the name may hold spaces, so read around its parentheses.
      const close = stat.lastIndexOf(')');
      names.set(pid, stat.slice(stat.indexOf('(') + 1, close));
      parents.set(pid, stat.slice(close + 2).split(' ')[1]!);
    } catch {
      // The process ended while the list was read.
    }
  }
  const mine = String(process.pid);
  const descends = (pid: string): boolean => {
    for (let at = parents.get(pid), hops = 0; at !== undefined && hops < 64; at = parents.get(at), hops++) {
      if (at === mine) return true;
    }
    return false;
  };
  return [...names].filter(([pid, name]) => name === 'workerd' && descends(pid)).map(([pid]) => pid);
}

/** User plus system CPU milliseconds of the runtime so far, or undefined where /proc is missing. */
export function runtimeCpuMs(): number | undefined {
  const pids = runtimeProcesses();
  if (pids.length === 0) return undefined;
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime are fields 14 and 15 of the whole line: 12 and 13 after the name.
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Ended meanwhile: its time is lost either way.
    }
  }
  return ticks * msPerClockTick;
}

/** Runs `work` and returns its result with the runtime's CPU milliseconds per `count` requests. */
export async function withRuntimeCpu<T>(
  count: number,
  work: () => Promise<T>,
): Promise<{ value: T; cpuMsPerRequest: number | undefined }> {
  const before = runtimeCpuMs();
  const value = await work();
  const after = runtimeCpuMs();
  const cpuMsPerRequest = before === undefined || after === undefined ? undefined : (after - before) / count;
  return { value, cpuMsPerRequest };
}
