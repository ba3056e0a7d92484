import { GIT } from '../programs/git.ts';
import {
  type Argument,
  optionTable,
  type ParsedOption,
  type ProgramEntry,
  parseArguments,
} from '../programs/index.ts';
import type { Wrapped } from './types.ts';

/**
 * git's global options are read with the catalog's git entry (shared/programs/git.ts), the one
 * table of them: here with every subcommand allowed, since what runs after them is read again.
 */
const GLOBALS: ProgramEntry = (({ subcommands: _, ...entry }) => ({
  ...entry,
  operands: { rest: 'command' as const },
}))(GIT);
const GLOBAL_OPTIONS = optionTable(GLOBALS);

/** Options with which git prints something and runs no subcommand (`--exec-path` alone prints it; `=dir` sets it). */
const IDLE = new Set(['version', 'help', 'html-path', 'man-path', 'info-path', 'list-cmds']);

/** What git's words before its subcommand say: the global options, and where the subcommand is (undefined: none). */
export interface GitGlobals {
  readonly options: readonly ParsedOption[];
  readonly subcommandAt: number | undefined;
}

/** git's global options read with its catalog entry; undefined when they cannot be read. */
export function gitGlobals(argv: readonly string[]): GitGlobals | undefined {
  // No global options: the subcommand is the first word.
  const first = argv[1];
  if (first === undefined || !first.startsWith('-'))
    return { options: [], subcommandAt: first === undefined ? undefined : 1 };
  const args: Argument[] = argv
    .slice(1)
    .map((text, at) => ({ text, glob: false, dynamic: false, index: at + 1 }));
  const parsed = parseArguments(GLOBALS, 'git', args, GLOBAL_OPTIONS);
  if (parsed.kind === 'unsure') return undefined;
  return { options: parsed.options, subcommandAt: parsed.wrapped?.offset };
}

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
  const globals = gitGlobals(argv);
  if (globals === undefined) return [{ kind: 'unknown' }];
  const { options, subcommandAt: index } = globals;
  const idle = (option: ParsedOption): boolean =>
    IDLE.has(option.name) || (option.name === 'exec-path' && option.value === undefined);
  if (options.some(idle)) return [];
  // `git push` itself: nothing more, so reading it again stops. `git -- push` runs push.
  if (index === undefined || index === 1) return [];
  const settings: Setting[] = [];
  for (const option of options) {
    if (option.name !== 'c' && option.name !== 'config-env') continue;
    // The word that holds the setting (`-c k=v`, `--config-env=k=v`), before the subcommand.
    const at = argv.findIndex((word, where) => where > 0 && where < index && word.endsWith(option.value!));
    const read = setting(option.value!, at);
    settings.push(option.name === 'c' ? read : { ...read, value: undefined });
  }
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
