import { gitReason } from './git.ts';
import { forbiddenOption, scanArgs } from './options.ts';
import { sedReason } from './sed.ts';

/** Returns why this invocation is not read-only, or undefined when it is. */
export type ReadOnlyCheck = (args: readonly string[]) => string | undefined;

const anyArgs: ReadOnlyCheck = () => undefined;

function withoutOptions(command: string, shorts: readonly string[], longs: readonly string[]): ReadOnlyCheck {
  return (args) => {
    const option = forbiddenOption(scanArgs(args), shorts, longs);
    return option === undefined ? undefined : `${command} ${option} writes files or runs commands`;
  };
}

/** `uniq IN OUT` and `xxd IN OUT` write their second operand. */
function atMostOneOperand(command: string): ReadOnlyCheck {
  return (args) =>
    scanArgs(args).operands.length > 1 ? `${command} with two operands writes the second` : undefined;
}

/** `jq -n env` and `$ENV` read the environment. */
const JQ_ENVIRONMENT = /\benv\b|\$ENV\b/;

const FIND_ACTIONS = [
  '-exec',
  '-execdir',
  '-ok',
  '-okdir',
  '-delete',
  '-fprint',
  '-fprint0',
  '-fprintf',
  '-fls',
];

/**
 * Commands known to only read, each with the options that would make it write or run something.
 * Deliberately absent: `env` and `printenv` (they print every secret in the environment, and `env`
 * runs commands), `awk` (system(), output redirection inside the program), `less`/`more`/`man`
 * (they can spawn a shell), `xargs`, interpreters, and anything not listed.
 */
export const READ_ONLY_COMMANDS: Readonly<Record<string, ReadOnlyCheck>> = {
  ls: anyArgs,
  cat: anyArgs,
  head: anyArgs,
  tail: anyArgs,
  wc: anyArgs,
  pwd: anyArgs,
  echo: anyArgs,
  printf: anyArgs,
  true: anyArgs,
  false: anyArgs,
  cd: anyArgs,
  test: anyArgs,
  '[': anyArgs,
  whoami: anyArgs,
  id: anyArgs,
  groups: anyArgs,
  uname: anyArgs,
  uptime: anyArgs,
  nproc: anyArgs,
  arch: anyArgs,
  basename: anyArgs,
  dirname: anyArgs,
  realpath: anyArgs,
  readlink: anyArgs,
  stat: anyArgs,
  du: anyArgs,
  df: anyArgs,
  which: anyArgs,
  type: anyArgs,
  cut: anyArgs,
  tr: anyArgs,
  diff: anyArgs,
  cmp: anyArgs,
  comm: anyArgs,
  nl: anyArgs,
  rev: anyArgs,
  tac: anyArgs,
  fold: anyArgs,
  column: anyArgs,
  paste: anyArgs,
  join: anyArgs,
  expand: anyArgs,
  od: anyArgs,
  hexdump: anyArgs,
  strings: anyArgs,
  base64: anyArgs,
  md5sum: anyArgs,
  sha1sum: anyArgs,
  sha256sum: anyArgs,
  sha512sum: anyArgs,
  cksum: anyArgs,
  // `jq -n env` and `$ENV` print the environment, secrets included, like `printenv`.
  jq: (args) => (args.some((arg) => JQ_ENVIRONMENT.test(arg)) ? 'jq env prints the environment' : undefined),
  grep: anyArgs,
  egrep: anyArgs,
  fgrep: anyArgs,
  rg: withoutOptions('rg', [], ['pre', 'pre-glob']),
  file: withoutOptions('file', ['C'], ['compile']),
  tree: withoutOptions('tree', ['o', 'R'], ['output']),
  sort: withoutOptions('sort', ['o'], ['output', 'compress-program']),
  uniq: atMostOneOperand('uniq'),
  xxd: atMostOneOperand('xxd'),
  date: (args) => {
    const scanned = scanArgs(args);
    return forbiddenOption(scanned, ['s'], ['set']) !== undefined ||
      scanned.operands.some((arg) => !arg.startsWith('+'))
      ? 'date with -s or a date operand sets the clock'
      : undefined;
  },
  hostname: (args) =>
    scanArgs(args).operands.length > 0 ? 'hostname with a name sets the host name' : undefined,
  command: (args) => (args[0] === '-v' || args[0] === '-V' ? undefined : 'command runs another command'),
  find: (args) => {
    const action = args.find((arg) => FIND_ACTIONS.includes(arg));
    return action === undefined ? undefined : `find ${action} changes files or runs commands`;
  },
  sed: sedReason,
  git: gitReason,
};
