/**
 * Files of a process that hold its secrets or its memory: `/proc/<pid>/environ` (the environment:
 * tokens, keys), `cmdline` (passwords given as arguments) and `mem`. They are reached by many
 * spellings (`/proc/self`, `/proc/thread-self`, `/proc/1/task/1`, `//proc//self/./environ`,
 * `/dev/fd/../environ`, `cd /proc/self && cat environ`, a pattern such as `/pr?c/*\/env*`), so a
 * word is refused on the first sign of any of them, not on a full path match.
 */
const PROCESS_SECRETS = ['environ', 'cmdline', 'mem'];

/** Files under /proc that describe the machine, not a process: safe to read. */
const MACHINE_FILES = new Set(['cpuinfo', 'meminfo', 'loadavg', 'uptime', 'version', 'partitions']);

/**
 * Why reading `word` (an operand, an option value, a redirection or `cd` target) is not a plain
 * read. A pattern's parts count when they could match `proc` or a secret's name and the word can
 * reach /proc: it is absolute, climbs with `..`, or `anywhere` says an earlier `cd` left the
 * working directory (`cd / && cat` a pattern such as `*\/*\/env*`).
 */
export function processSecretReason(word: string, glob: boolean, anywhere = false): string | undefined {
  const parts = word.split(/\/+/).filter((part) => part !== '.' && part !== '');
  const reachable = anywhere || word.startsWith('/') || parts.includes('..');
  const names = (part: string, name: string): boolean =>
    part === name || (glob && reachable && globMatches(part, name));
  const proc = parts.findIndex((part) => names(part, 'proc'));
  if (proc !== -1) {
    const rest = parts.slice(proc + 1);
    const machineFile = parts[proc] === 'proc' && rest.length === 1 && MACHINE_FILES.has(rest[0]!);
    if (!machineFile) return `${JSON.stringify(word)} reaches into /proc, where a process keeps its secrets`;
  }
  const secret = PROCESS_SECRETS.find((name) => parts.some((part) => names(part, name)));
  if (secret !== undefined) return `${JSON.stringify(word)} may be a process's ${secret}`;
  // /dev/fd is a link to /proc/self/fd: `..` from there is /proc/self.
  if (/^\/+dev\/+fd(\/|$)/.test(word) && parts.includes('..'))
    return `${JSON.stringify(word)} climbs out of /dev/fd into /proc`;
  return undefined;
}

/** Whether the shell pattern `pattern` (one path component: `*`, `?`, `[…]`) matches `name`. */
function globMatches(pattern: string, name: string): boolean {
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index]!;
    if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else if (char === '[') {
      const close = pattern.indexOf(']', index + 2);
      if (close === -1) source += '\\[';
      else {
        const body = pattern
          .slice(index + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\');
        source += `[${body}]`;
        index = close;
      }
    } else source += char.replace(/[\\^$.|+(){}]/g, '\\$&');
  }
  try {
    return new RegExp(`^${source}$`).test(name);
  } catch {
    // A class we cannot read could match anything.
    return true;
  }
}
