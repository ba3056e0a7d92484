import type { Wrapped } from './types.ts';

/**
 * git's global options, which come before the subcommand (`git -C . push`). None may be
 * abbreviated; those with a value take it attached with `=` or as the next word, except `-C` and
 * `-c`, which take the next word only.
 */
const FLAGS = new Set([
  '-p',
  '--paginate',
  '-P',
  '--no-pager',
  '--bare',
  '--no-replace-objects',
  '--no-lazy-fetch',
  '--no-optional-locks',
  '--no-advice',
  '--literal-pathspecs',
  '--glob-pathspecs',
  '--noglob-pathspecs',
  '--icase-pathspecs',
]);
const NEXT_WORD = new Set(['-C', '-c']);
const VALUES = new Set([
  '--exec-path',
  '--git-dir',
  '--work-tree',
  '--namespace',
  '--super-prefix',
  '--config-env',
  '--attr-source',
]);
/** Options with which git prints something and runs no subcommand (`--exec-path` alone prints it; `=dir` sets it). */
const IDLE = new Set([
  '-v',
  '--version',
  '-h',
  '--help',
  '--html-path',
  '--man-path',
  '--info-path',
  '--exec-path',
  '--list-cmds',
]);

/**
 * Config keys whose value is a command git runs through the shell (`git -c core.pager='rm x' log`),
 * lower-cased as git compares them; and keys that make git load from elsewhere what runs programs
 * (hooks, included config, `ext::` transports), which cannot be seen from the command.
 */
const RUNS_COMMAND = [
  /^core\.(?:pager|editor|sshcommand|fsmonitor|askpass|gitproxy)$/,
  /^sequence\.editor$/,
  /^diff\.external$/,
  /^pager\./,
  /^credential\.(?:.+\.)?helper$/,
  /^gpg\.(?:.+\.)?program$/,
  /^diff\..+\.(?:textconv|command)$/,
  /^filter\..+\.(?:clean|smudge|process)$/,
  /^merge\..+\.driver$/,
  /^(?:merge|diff)tool\..+\.cmd$/,
  /^uploadpack\.packobjectshook$/,
  /^remote\..+\.(?:uploadpack|receivepack)$/,
  /^sendemail\.(?:smtpserver|sendmailcmd|tocmd|cccmd)$/,
  /^hook\..+\.command$/,
  /^(?:web\.browser|browser\..+\.cmd|man\..+\.cmd)$/,
];
const LOADS_PROGRAMS = [
  /^core\.hookspath$/,
  /^include\.path$/,
  /^includeif\..+\.path$/,
  /^protocol\.(?:.+\.)?allow$/,
  /^init\.templatedir$/,
];

interface Setting {
  readonly key: string;
  /** Undefined for `--config-env`, whose value is in an environment variable. */
  readonly value: string | undefined;
  readonly at: number;
}

/**
 * What `git <global options> sub …` runs beyond git itself: the subcommand without the global
 * options (`git -C . push` is read as `git push`; argv is `git` and the words from `offset`), the
 * commands in `-c` settings that run one, and an alias defined inline (`git -c alias.p=push p`:
 * `!cmd` aliases run a shell, others another git command). Aliases from config files are not seen.
 * Without global options: nothing, so reading `git push` again stops.
 */
export function gitCommands(argv: readonly string[]): readonly Wrapped[] {
  const settings: Setting[] = [];
  let index = 1;
  for (; index < argv.length; index += 1) {
    const word = argv[index]!;
    if (!word.startsWith('-')) break;
    const equals = word.indexOf('=');
    const name = word.startsWith('--') && equals !== -1 ? word.slice(0, equals) : word;
    if (IDLE.has(word) || name === '--list-cmds') return [];
    if (FLAGS.has(word)) continue;
    let value: string | undefined;
    if (NEXT_WORD.has(word) || (VALUES.has(word) && equals === -1)) {
      value = argv[index + 1];
      if (value === undefined) return [];
      index += 1;
    } else if (VALUES.has(name)) value = word.slice(equals + 1);
    else return [{ kind: 'unknown' }];
    if (name === '-c') settings.push(setting(value, index));
    if (name === '--config-env') settings.push({ ...setting(value, index), value: undefined });
  }
  if (index === 1) return [];
  const subcommand = argv[index];
  if (subcommand === undefined) return [];
  const rest = argv.slice(index + 1);
  const found: Wrapped[] = [{ kind: 'argv', argv: ['git', ...argv.slice(index)], offset: index }];
  for (const { key, value, at } of settings) {
    const script = (text: string): Wrapped => ({ kind: 'script', script: text, offset: at, end: at + 1 });
    if (key === `alias.${subcommand.toLowerCase()}`) {
      if (value === undefined) found.push({ kind: 'unknown' });
      else if (value.startsWith('!')) found.push(script([value.slice(1), ...rest].join(' ')));
      else found.push(script(['git', value, ...rest].join(' ')));
    } else if (RUNS_COMMAND.some((pattern) => pattern.test(key))) {
      found.push(
        value === undefined ? { kind: 'unknown' } : script(value.startsWith('!') ? value.slice(1) : value),
      );
    } else if (LOADS_PROGRAMS.some((pattern) => pattern.test(key))) found.push({ kind: 'unknown' });
  }
  return found;
}

/** `k.sub.name=value` → its key (section and name lower-cased, as git compares them) and value. */
function setting(text: string, at: number): Setting {
  const equals = text.indexOf('=');
  const key = (equals === -1 ? text : text.slice(0, equals)).toLowerCase();
  return { key, value: equals === -1 ? 'true' : text.slice(equals + 1), at };
}
