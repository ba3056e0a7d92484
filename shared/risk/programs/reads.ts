import { hasFlag, operands, optionValues } from '../args.ts';
import type { ProgramRater, SegmentContext } from '../context.ts';
import { rateWrite } from '../effects.ts';

/**
 * Programs that read or print. They are rated safe only when the read-only allowlist admits the
 * whole simple command (segment.ts); the options below that act are rated for what they do.
 * Anything they write through a redirection is rated on its own; secrets they may print are the
 * shield's business (`facts.secrets`).
 */
const readers = [
  'ls',
  'cat',
  'head',
  'tail',
  'less',
  'more',
  'pwd',
  'echo',
  'printf',
  'wc',
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'ag',
  'ack',
  'which',
  'whereis',
  'type',
  'whoami',
  'id',
  'groups',
  'hostname',
  'date',
  'cal',
  'uname',
  'uptime',
  'file',
  'stat',
  'du',
  'df',
  'tree',
  'diff',
  'cmp',
  'comm',
  'cut',
  'tr',
  'paste',
  'join',
  'fold',
  'fmt',
  'column',
  'nl',
  'rev',
  'tac',
  'jq',
  'yq',
  'basename',
  'dirname',
  'realpath',
  'readlink',
  'true',
  'false',
  'test',
  '[',
  '[[',
  'sha1sum',
  'sha256sum',
  'sha512sum',
  'md5sum',
  'md5',
  'shasum',
  'cksum',
  'b2sum',
  'od',
  'hexdump',
  'strings',
  'ps',
  'pgrep',
  'free',
  'nproc',
  'sleep',
  'cd',
  'pushd',
  'popd',
  'exit',
  'seq',
  'expr',
  'man',
  'help',
  'whatis',
  'apropos',
  'lsblk',
  'locale',
  'tput',
  'clear',
  'wait',
  'jobs',
  ':',
  'history',
  'yes',
];

/** Builtins that change only the running shell's state. */
const shellState = [
  'export',
  'unset',
  'alias',
  'unalias',
  'set',
  'declare',
  'typeset',
  'local',
  'readonly',
  'shift',
  'umask',
  'ulimit',
  'trap',
  'read',
  'hash',
  'shopt',
];

const reads: ProgramRater = () => {};
const changesShellState: ProgramRater = (_args, ctx) => ctx.rating.raise('low', "Changes the shell's state.");

/** A word bash evaluates as an array subscript (`a[$(…)]`): it runs commands even in single quotes. */
const runsSubscript = (word: string) => /\[[^\]]*[$`]/.test(word);
const evaluatesSubscripts: ProgramRater = (args, ctx) => {
  if (args.some(runsSubscript)) {
    ctx.rating.raise(
      'medium',
      'Bash evaluates an array subscript here, which can run commands.',
      'code_execution',
    );
  }
};

/**
 * Readers whose options do more than read, each rated for what it does. Anything else they
 * carry is judged by the read-only allowlist (segment.ts): an option it does not admit is medium.
 */
const readersThatMayAct: Record<string, ProgramRater> = {
  rg: (args, ctx) => {
    // `--pre cmd` runs cmd on every file searched; `--hostname-bin` runs a program to name the host.
    for (const program of optionValues(args, [], ['--pre', '--hostname-bin'])) {
      ctx.rating.raise('medium', 'Runs a program on the files it searches.', 'code_execution');
      if (program !== '') ctx.rateArgv([program]);
    }
  },
  tree: (args, ctx) => writeTo(optionValues(args, ['-o'], ['--output']), ctx),
  history: (args, ctx) => {
    // `-w`/`-a` write the history file (the named one, else ~/.bash_history); the rest change the shell.
    if (hasFlag(args, 'wa')) writeTo(firstOr(operands(args), '~/.bash_history'), ctx);
    else if (hasFlag(args, 'cdrns', [])) changesShellState(args, ctx);
  },
  yq: (args, ctx) => {
    if (!hasFlag(args, 'i', ['--inplace'])) return;
    const words = operands(args, yqValueOptions);
    const files = hasFlag(args, '', ['--from-file']) ? words : words.slice(1);
    if (files.length === 0) ctx.rating.raise('medium', 'Changes files whose names it is not given here.');
    writeTo(files, ctx);
  },
  date: (args, ctx) => {
    // `date -s …` and `date MMDDhhmm`: an operand that is no `+format` sets the clock.
    const operandsSet = operands(args, ['-d', '--date', '-r', '--reference', '-f', '--file']).some(
      (word) => !word.startsWith('+'),
    );
    if (operandsSet || optionValues(args, ['-s'], ['--set']).length > 0 || hasFlag(args, 's', ['--set'])) {
      ctx.rating.raise('high', "Changes the system clock: a change to the machine's state.");
    }
  },
  hostname: (args, ctx) => {
    if (operands(args).length > 0 || hasFlag(args, 'Fb', ['--file', '--boot'])) {
      ctx.rating.raise('high', "Changes the machine's name: a change to the machine's state.");
    }
  },
  file: (args, ctx) => {
    // `file -C` compiles magic files, writing `<each -m file>.mgc`, else `magic.mgc` here.
    if (!hasFlag(args, 'C', ['--compile'])) return;
    const magic = optionValues(args, ['-m'], ['--magic-file']).flatMap((list) => list.split(':'));
    writeTo(magic.length > 0 ? magic.map((name) => `${name}.mgc`) : ['magic.mgc'], ctx);
  },
  printf: (args, ctx) => {
    if (optionValues(args, ['-v'], []).some((name) => name.includes('['))) {
      ctx.rating.raise(
        'medium',
        'Bash evaluates an array subscript here, which can run commands.',
        'code_execution',
      );
    }
  },
  test: evaluatesSubscripts,
  '[': evaluatesSubscripts,
  '[[': evaluatesSubscripts,
};

const yqValueOptions = ['-o', '--output-format', '-p', '--input-format', '-I', '--indent', '--from-file'];

const firstOr = (words: readonly string[], fallback: string) => [words[0] ?? fallback];

const writeTo = (targets: readonly string[], ctx: SegmentContext) => {
  for (const target of targets) rateWrite(ctx.rating, target, ctx.where);
};

/** Variables that change which code later commands load or run (`export BASH_ENV=./x`). */
const loaderVariable =
  /^(?:LD_PRELOAD|LD_LIBRARY_PATH|LD_AUDIT|DYLD_\w+|BASH_ENV|ENV|PROMPT_COMMAND|PATH|NODE_OPTIONS|PYTHONSTARTUP|PYTHONPATH|PERL5OPT|RUBYOPT|GIT_SSH_COMMAND|GIT_EXTERNAL_DIFF|GIT_PAGER|PAGER|EDITOR|IFS)(?:\[|\+?=)/;

/**
 * Builtins that change the running shell, whose later commands may then run something else:
 * an alias, a trap, a hashed path or a loader variable is code for later, not shell state.
 */
const laterCode: Record<string, (args: readonly string[]) => boolean> = {
  alias: (args) => args.some((arg) => arg.includes('=')),
  trap: (args) => args.some((arg) => !/^-[lp]+$/.test(arg)),
  hash: (args) => hasFlag(args, 'p'),
  export: (args) => args.some((arg) => loaderVariable.test(arg)),
  declare: (args) => args.some((arg) => loaderVariable.test(arg)),
  typeset: (args) => args.some((arg) => loaderVariable.test(arg)),
  local: (args) => args.some((arg) => loaderVariable.test(arg)),
  readonly: (args) => args.some((arg) => loaderVariable.test(arg)),
};

const shellBuiltin =
  (name: string): ProgramRater =>
  (args, ctx) => {
    changesShellState(args, ctx);
    evaluatesSubscripts(args, ctx);
    if (!laterCode[name]?.(args)) return;
    ctx.rating.raise('medium', 'Changes what later commands of this shell run.', 'code_execution');
    // What a trap or an alias will run is rated as itself.
    if (name === 'trap') ctx.rateNested(args.find((arg) => !arg.startsWith('-')) ?? '');
    if (name === 'alias') for (const arg of args) ctx.rateNested(arg.slice(arg.indexOf('=') + 1));
  };

export const readRaters: Record<string, ProgramRater> = {
  ...Object.fromEntries(readers.map((name) => [name, reads])),
  ...readersThatMayAct,
  ...Object.fromEntries(shellState.map((name) => [name, shellBuiltin(name)])),
};
