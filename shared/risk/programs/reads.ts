import type { ParsedProgram } from '../../programs/index.ts';
import type { ProgramRater, SegmentContext } from '../context.ts';
import { rateWrite } from '../effects.ts';
import { catalogRater, has, texts, unreadable, values, withRole } from './parsed.ts';

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

/** Readers the rater finds nothing in: the read-only allowlist judges them (segment.ts). */
const reads: ProgramRater = () => {};
const changesShellState = (ctx: SegmentContext) => ctx.rating.raise('low', "Changes the shell's state.");

/** A word bash evaluates as an array subscript (`a[$(…)]`): it runs commands even in single quotes. */
const runsSubscript = (word: string) => /\[[^\]]*[$`]/.test(word);
const runsSubscriptCode = (ctx: SegmentContext) =>
  ctx.rating.raise(
    'medium',
    'Bash evaluates an array subscript here, which can run commands.',
    'code_execution',
  );

/** `test`, `[`, `[[`: no word is an option; any may be a subscript bash evaluates. */
const evaluatesSubscripts = (name: string): ProgramRater =>
  catalogRater(name, {
    rate(parsed, ctx) {
      if (texts(parsed).some(runsSubscript)) runsSubscriptCode(ctx);
    },
    unsure(words, ctx) {
      if (words.some(runsSubscript)) runsSubscriptCode(ctx);
    },
  });

/** Words a reader's entry cannot read: medium, and any of them may be a file it writes. */
const unreadWrites = (words: readonly string[], ctx: SegmentContext) => {
  unreadable('medium')(words, ctx);
  for (const word of words) if (!word.startsWith('-')) rateWrite(ctx.rating, word, ctx.where);
};

const changesClock = (ctx: SegmentContext) =>
  ctx.rating.raise('high', "Changes the system clock: a change to the machine's state.");
const changesName = (ctx: SegmentContext) =>
  ctx.rating.raise('high', "Changes the machine's name: a change to the machine's state.");

/**
 * Readers whose options do more than read, each rated for what it does over the catalog's
 * parse. The read-only entries of rg, date, hostname and file leave their acting options out
 * (`rg --pre`, `date -s`, `hostname NAME`…), so those words are unsure here: rated as the worst
 * the option does. Anything else they carry is judged by the read-only allowlist (segment.ts).
 */
const readersThatMayAct: Record<string, ProgramRater> = {
  // `--pre cmd` runs cmd on every file searched; `--hostname-bin` runs a program to name the host.
  rg: catalogRater('rg', { rate: () => {}, unsure: unreadable('medium', 'code_execution') }),
  tree: catalogRater('tree', {
    rate: (parsed, ctx) => writeTo(values(parsed, 'o'), ctx),
    unsure: unreadWrites,
  }),
  history: catalogRater('history', {
    rate(parsed, ctx) {
      // `-w`/`-a` write the history file (the named one, else ~/.bash_history); the rest change the shell.
      if (has(parsed, 'w', 'a')) writeTo(firstOr(texts(parsed), '~/.bash_history'), ctx);
      else if (has(parsed, 'c', 'd', 'r', 'n', 's')) changesShellState(ctx);
    },
    unsure: (words, ctx) => {
      unreadWrites(words, ctx);
      writeTo(['~/.bash_history'], ctx);
    },
  }),
  yq: catalogRater('yq', {
    rate(parsed, ctx) {
      if (!has(parsed, 'i', 'inplace')) return;
      const files = withRole(parsed, 'reads');
      if (files.length === 0) ctx.rating.raise('medium', 'Changes files whose names it is not given here.');
      writeTo(files, ctx);
    },
    unsure: unreadWrites,
  }),
  date: catalogRater('date', {
    rate(parsed, ctx) {
      // `date MMDDhhmm`: an operand that is no `+format` sets the clock.
      if (texts(parsed).some((word) => !word.startsWith('+'))) changesClock(ctx);
    },
    // `date -s …`, `--set`: not in its read-only entry.
    unsure: (_words, ctx) => changesClock(ctx),
  }),
  hostname: catalogRater('hostname', {
    rate(parsed, ctx) {
      if (parsed.operands.length > 0) changesName(ctx);
    },
    // `-F FILE`, `-b`, `--file`, `--boot`: not in its read-only entry.
    unsure: (_words, ctx) => changesName(ctx),
  }),
  // `file -C` compiles magic files, writing `<each -m file>.mgc`, else `magic.mgc` here (not in its entry).
  file: catalogRater('file', {
    rate: () => {},
    unsure(words, ctx) {
      unreadable('medium')(words, ctx);
      writeTo(
        ['magic.mgc', ...words.filter((word) => !word.startsWith('-')).map((word) => `${word}.mgc`)],
        ctx,
      );
    },
  }),
  printf: catalogRater('printf', {
    rate(parsed, ctx) {
      // bash's printf reads `-v NAME` (or `-vNAME`) only as its first word; the rest is the format's.
      const [first = '', next] = texts(parsed);
      const name = first === '-v' ? next : first.startsWith('-v') ? first.slice(2) : undefined;
      if (name?.includes('[') === true) runsSubscriptCode(ctx);
    },
    unsure: () => {},
  }),
  test: evaluatesSubscripts('test'),
  '[': evaluatesSubscripts('['),
  '[[': evaluatesSubscripts('[['),
};

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
const laterCode: Record<string, (parsed: ParsedProgram) => boolean> = {
  alias: (parsed) => texts(parsed).some((word) => word.includes('=')),
  trap: (parsed) => parsed.operands.length > 0,
  hash: (parsed) => has(parsed, 'p'),
  export: (parsed) => texts(parsed).some((word) => loaderVariable.test(word)),
  declare: (parsed) => texts(parsed).some((word) => loaderVariable.test(word)),
  typeset: (parsed) => texts(parsed).some((word) => loaderVariable.test(word)),
  local: (parsed) => texts(parsed).some((word) => loaderVariable.test(word)),
  readonly: (parsed) => texts(parsed).some((word) => loaderVariable.test(word)),
};

/** Whether any word of the builtin (option values included) is an array subscript bash evaluates. */
const evaluatesAny = (parsed: ParsedProgram) =>
  texts(parsed).some(runsSubscript) ||
  parsed.options.some((option) => option.value !== undefined && runsSubscript(option.value));

const shellBuiltin = (name: string): ProgramRater =>
  catalogRater(name, {
    rate(parsed, ctx) {
      changesShellState(ctx);
      if (evaluatesAny(parsed)) runsSubscriptCode(ctx);
      if (!laterCode[name]?.(parsed)) return;
      ctx.rating.raise('medium', 'Changes what later commands of this shell run.', 'code_execution');
      // What a trap or an alias will run is rated as itself.
      if (name === 'trap') ctx.rateNested(texts(parsed)[0] ?? '');
      if (name === 'alias')
        for (const word of texts(parsed)) ctx.rateNested(word.slice(word.indexOf('=') + 1));
    },
    // Unread words may define an alias, a trap or a loader variable: code for later, unseen.
    unsure(words, ctx) {
      changesShellState(ctx);
      unreadable('medium', 'code_execution')(words, ctx);
    },
  });

export const readRaters: Record<string, ProgramRater> = {
  ...Object.fromEntries(readers.map((name) => [name, reads])),
  ...readersThatMayAct,
  ...Object.fromEntries(shellState.map((name) => [name, shellBuiltin(name)])),
};
