/**
 * One command a program runs on the caller's behalf, found in the program's own argv:
 * - `argv`: a command given as words, to be read like any simple command (`sudo rm x` → `rm x`);
 *   `offset` is the index in the program's argv where its words start.
 * - `script`: a command line given as one string, for a shell to parse (`sh -c 'rm x'`,
 *   `env -S 'rm x'`, `watch rm x`, which joins its words); it comes from words `offset` to `end`.
 * - `stdin`: code read from standard input or from a stream the caller cannot see
 *   (`curl x | sh`, `source /dev/stdin`, `. <(curl x)`, `at now`): anything may run.
 * - `unknown`: the program's command line could not be read with confidence (an option the table
 *   does not know, too many words missing): callers fail closed, as for `stdin`.
 */
export type Wrapped =
  | { readonly kind: 'argv'; readonly argv: readonly string[]; readonly offset: number }
  | { readonly kind: 'script'; readonly script: string; readonly offset: number; readonly end: number }
  | { readonly kind: 'stdin' }
  | { readonly kind: 'unknown' };

/**
 * How a program that runs another command is read, as data: its options, the words it takes
 * before the command, and how the command is given. One entry per program in `table.ts`.
 */
export interface Wrapper {
  /**
   * Every option the program takes, getopt style, one space apart: `-v` or `--verbose` is a flag,
   * `-k=` and `--kill-after=` take a value (`-k 5`, `-k5`, `--kill-after 5`, `--kill-after=5`),
   * `-t=?` and `--mount=?` take one only when attached (`-tFILE`, `--mount=FILE`). An option not
   * listed makes the command line `unknown`. Long options may be abbreviated, as getopt allows.
   */
  readonly options: string;
  /** Words the program itself takes after its options and before the command: timeout's duration, chroot's new root. */
  readonly operands?: number;
  /** `NAME=value` words before the command belong to the program (env, sudo). */
  readonly assignments?: boolean;
  /** `-5` is an option (nice's old spelling of `-n 5`). */
  readonly numericOptions?: boolean;
  /** Options may follow the operands, as GNU getopt permutes them (`su root -c 'rm x'`). */
  readonly permute?: boolean;
  /**
   * How the words after the options and operands are run:
   * `argv` as a command; `joined` one space apart, as a command line for a shell (`watch`,
   * `sg`, `parallel`); `shell` as the arguments of a shell (`su root -c 'rm x'`); `stdin`: they
   * are not a command (at's time, script's log file) and the command comes from stdin.
   */
  readonly command: 'argv' | 'joined' | 'shell' | 'stdin';
  /** Options whose value is a command line for a shell (`su -c`, `script -c`, `flock -c`). */
  readonly scriptOptions?: readonly string[];
  /** Options whose value is split into more words of the program's own command line (`env -S`). */
  readonly splitOptions?: readonly string[];
  /** Options whose value is a file of commands (`at -f`): seen only when the file is stdin. */
  readonly fileOptions?: readonly string[];
  /** Options after which the command is given as argv whatever `command` says (`watch -x`, `runuser -u`). */
  readonly argvOptions?: readonly string[];
  /** Options with which the program runs no command (`command -v`, `taskset -p`, `sudo -l`). */
  readonly idleOptions?: readonly string[];
  /**
   * Given no command, the program starts an interactive shell that reads stdin (`chroot /x`,
   * `unshare -r`): `always`, or only with one of `shellOptions` (`sudo -s`).
   */
  readonly bareShell?: 'always';
  readonly shellOptions?: readonly string[];
  /** Words that end the command (`parallel rm ::: a b`). */
  readonly terminators?: readonly string[];
}
