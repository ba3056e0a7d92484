import { type ParsedProgram, parseWords, type UnsureCommand } from '../../programs/index.ts';
import { wrappedCommands } from '../../wrappers/index.ts';
import type { ProgramRater, SegmentContext } from '../context.ts';
import { rateWrite } from '../effects.ts';
import { placeOf } from '../paths.ts';
import { has, texts, unreadable, values } from './parsed.ts';

/** Branches whose history a force push destroys for everyone. */
const protectedBranches = new Set(['main', 'master']);

/** Subcommands that only look. */
const readSubcommands = new Set([
  'status',
  'diff',
  'log',
  'show',
  'blame',
  'rev-parse',
  'ls-files',
  'ls-tree',
  'cat-file',
  'describe',
  'shortlog',
  'grep',
  'reflog',
  'whatchanged',
  'rev-list',
  'help',
  'version',
  '--version',
  'merge-base',
  'name-rev',
  'check-ignore',
  'for-each-ref',
  'show-ref',
  'count-objects',
  'var',
]);

/** Subcommands that change only the local repository and working tree. */
const localSubcommands = new Set([
  'add',
  'commit',
  'merge',
  'rebase',
  'switch',
  'checkout',
  'cherry-pick',
  'revert',
  'am',
  'apply',
  'init',
  'mv',
  'rm',
  'notes',
  'worktree',
  'bisect',
  'restore',
  'stash',
  'tag',
  'branch',
  'remote',
  'config',
  'gc',
  'prune',
  'fsck',
  'format-patch',
  'archive',
  'bundle',
  'sparse-checkout',
  'maintenance',
]);

/** Subcommands that talk to a remote without changing it. */
const fetchSubcommands = new Set(['clone', 'fetch', 'pull', 'ls-remote', 'submodule', 'lfs']);

/** The ref a refspec updates on the remote: `src:dst` → dst, `+main` → main, `refs/heads/x` → x. */
function destination(refspec: string): string {
  const bare = refspec.startsWith('+') ? refspec.slice(1) : refspec;
  const colon = bare.lastIndexOf(':');
  const dst = colon >= 0 ? bare.slice(colon + 1) : bare;
  return dst.replace(/^refs\/heads\//, '');
}

/** `git push`: high always (it changes a shared system); critical when it rewrites main's history. */
function push(parsed: ParsedProgram, ctx: SegmentContext): void {
  ctx.rating.raise('high', 'Pushes to a remote repository.', 'external_system', 'network');
  for (const program of values(parsed, 'receive-pack', 'exec')) {
    ctx.rating.raise('medium', 'Runs a program named in its options on the remote.', 'code_execution');
    ctx.rateNested(program, 'remote');
  }
  const refspecs = texts(parsed).slice(1);
  const forceAll = has(parsed, 'f', 'force', 'force-with-lease');
  const everything = has(parsed, 'mirror', 'all', 'branches');
  const deleting = has(parsed, 'd', 'delete');
  const touchesProtected = (refspec: string) => {
    const dst = destination(refspec);
    // HEAD names no branch: the current one may well be main.
    return protectedBranches.has(dst) || dst === 'HEAD' || dst === '@';
  };
  const forced = refspecs.filter((refspec) => forceAll || refspec.startsWith('+'));
  const deleted = refspecs.filter((refspec) => deleting || /^:[^:]/.test(refspec));
  if ((forceAll && (refspecs.length === 0 || everything)) || forced.some(touchesProtected)) {
    forcePushesMain(ctx);
  } else if (deleted.some(touchesProtected) || has(parsed, 'mirror')) {
    ctx.rating.raise('critical', 'Deletes or overwrites the main branch on the remote.', 'destructive');
  } else if (forced.length > 0 || deleted.length > 0) {
    ctx.rating.raise('high', 'Rewrites or deletes a branch on the remote.', 'destructive');
  }
}

const forcePushesMain = (ctx: SegmentContext) =>
  ctx.rating.raise(
    'critical',
    'Force-pushes to the main branch: rewrites shared history.',
    'destructive',
    'external_system',
  );

/** Local subcommands that throw away work that may exist nowhere else (`name`: `stash drop`). */
function discardsWork(name: string, parsed: ParsedProgram): boolean {
  switch (name) {
    case 'reset':
      return has(parsed, 'hard', 'merge', 'keep');
    case 'clean':
      return has(parsed, 'f', 'd', 'x', 'X', 'force');
    case 'checkout':
      return parsed.dashDash === true || texts(parsed).includes('.') || has(parsed, 'f', 'force');
    case 'switch':
      return has(parsed, 'f', 'force', 'discard-changes', 'C', 'force-create');
    case 'restore':
    case 'stash drop':
    case 'stash clear':
      return true;
    default:
      return false;
  }
}

/** Uses of otherwise changing subcommands that only list: `git branch`, `git tag -l`, `git stash list`. */
function onlyLists(name: string, parsed: ParsedProgram): boolean {
  const words = texts(parsed);
  switch (name) {
    case 'branch':
    case 'tag':
      // Their entries list no option that changes anything (`-d`, `-m`…: unsure).
      return words.length === 0 || has(parsed, 'l', 'list');
    case 'remote':
      return words.length === 0 || words[0] === 'show' || words[0] === 'get-url';
    case 'stash list':
    case 'stash show':
    case 'worktree list':
      return true;
    case 'config':
      return has(parsed, 'l', 'list', 'get', 'get-all', 'get-regexp');
    default:
      return false;
  }
}

/**
 * What git runs on the command's behalf besides its subcommand (the wrapper table's reading of
 * git: a `-c` setting whose value is a command, an inline alias, settings that load programs from
 * elsewhere), rated as itself.
 */
function rateSettingsRun(argv: readonly string[], ctx: SegmentContext): void {
  for (const wrapped of wrappedCommands(argv)) {
    if (wrapped.kind === 'script') {
      ctx.rating.raise('medium', 'Sets a git option whose value git runs as a command.', 'code_execution');
      ctx.rateNested(wrapped.script);
    } else if (wrapped.kind !== 'argv') {
      ctx.rating.raise('medium', 'Makes git load programs from elsewhere.', 'code_execution');
    }
  }
}

/** `git config core.pager 'rm x'`, `git config alias.st '!rm x'`: a setting that later runs a command. */
function rateConfigSet(parsed: ParsedProgram, ctx: SegmentContext): void {
  const words = texts(parsed);
  const [key, value] = words[0] === 'set' ? words.slice(1) : words;
  if (key === undefined || value === undefined) return;
  if (/^alias\./i.test(key) && value.startsWith('!')) {
    ctx.rating.raise('medium', 'Defines a git alias that runs a shell command.', 'code_execution');
    ctx.rateNested(value.slice(1));
  }
  rateSettingsRun(['git', '-c', `${key}=${value}`, 'version'], ctx);
}

/** Where git works, from its global options: a repository outside the workspace changes there. */
interface GitRun {
  readonly repository: string | undefined;
}

/** A subcommand read with its entry: a policy over its parse. */
function rateSubcommand(name: string, parsed: ParsedProgram, run: GitRun, ctx: SegmentContext) {
  const verb = name.split(' ')[0]!;
  if (verb === 'push') return push(parsed, ctx);
  // `git log --output=~/.bashrc`, `git format-patch -o ../x`: a subcommand that writes where it is told.
  for (const option of parsed.options)
    if (option.effects.includes('writes') && option.value !== undefined)
      rateWrite(ctx.rating, option.value, ctx.where);
  for (const option of parsed.options)
    if (option.effects.includes('runs') && option.value !== undefined) {
      ctx.rating.raise('medium', 'Runs a program named in its options.', 'code_execution');
      ctx.rateNested(option.value);
    }
  if (readSubcommands.has(verb) || onlyLists(name, parsed)) return;
  rateChange(name, verb, discardsWork(name, parsed), run, ctx);
  if (verb === 'config') {
    rateConfigSet(parsed, ctx);
    if (has(parsed, 'global', 'system')) {
      ctx.rating.raise('high', 'Changes git configuration outside the workspace.');
    }
  }
}

/** What a changing subcommand does, by its name: discards work, changes the repository, fetches. */
function rateChange(name: string, verb: string, discards: boolean, run: GitRun, ctx: SegmentContext): void {
  if (run.repository !== undefined && placeOf(run.repository, ctx.where) !== 'workspace') {
    ctx.rating.raise('high', 'Changes a repository outside the workspace.');
  }
  if (discards || name === 'filter-branch' || name === 'filter-repo') {
    ctx.rating.raise('medium', 'Discards uncommitted or unpushed work.', 'destructive');
    return;
  }
  if (localSubcommands.has(verb) || verb === 'reset' || verb === 'clean') {
    ctx.rating.raise('low', 'Changes the local repository.');
    return;
  }
  if (fetchSubcommands.has(verb)) {
    ctx.rating.raise('medium', 'Fetches from a remote repository.', 'network');
    return;
  }
  ctx.rating.raise('medium', 'Runs a git subcommand the rater does not know.');
}

/**
 * A subcommand whose words its entry cannot read, or that has no entry: by its name when it has
 * no entry and no option; else the worst it could do (a push may be forced, a config may be
 * global, a local change may discard work), and any word it may write to is rated as written.
 */
function rateUnread(sub: UnsureCommand, args: readonly string[], run: GitRun, ctx: SegmentContext) {
  const name = sub.program?.slice('git '.length) ?? '';
  const verb = name.split(' ')[0]!;
  const words = sub.at === undefined ? args : args.slice(sub.at - 1);
  if (sub.entry === undefined && !words.some((word) => word.startsWith('-'))) {
    if (readSubcommands.has(verb)) return;
    return rateChange(name, verb, false, run, ctx);
  }
  if (verb === 'push') {
    ctx.rating.raise('high', 'Pushes to a remote repository.', 'external_system', 'network');
    return forcePushesMain(ctx);
  }
  unreadable(
    verb === 'config' ? 'high' : 'medium',
    ...(fetchSubcommands.has(verb) ? (['network'] as const) : []),
  )(words, ctx);
  for (const word of words) {
    const file = word.startsWith('-')
      ? word.includes('=')
        ? word.slice(word.indexOf('=') + 1)
        : undefined
      : word;
    if (file !== undefined && file !== '') rateWrite(ctx.rating, file, ctx.where);
  }
  if (!readSubcommands.has(verb)) rateChange(name, verb, true, run, ctx);
}

export const git: ProgramRater = (args, ctx) => {
  rateSettingsRun(['git', ...args], ctx);
  const parsed = parseWords('git', args, ctx.reading);
  if (parsed.kind === 'unsure') {
    // Unread global options may come before any subcommand (a forced push included): the words are searched for the worst.
    unreadable('high', 'code_execution')(args, ctx);
    return;
  }
  let repository: string | undefined;
  for (const option of parsed.options) {
    if (option.name === 'c' || option.name === 'config-env') {
      // `-c core.pager=…`, `-c core.sshCommand=…` run arbitrary programs.
      ctx.rating.raise('medium', 'Overrides git configuration, which can run programs.', 'code_execution');
    }
    if (option.effects.includes('elsewhere') && option.value !== undefined) repository = option.value;
  }
  const sub = parsed.subcommand;
  if (sub === undefined) return;
  const run = { repository };
  if (sub.kind === 'unsure') return rateUnread(sub, args, run, ctx);
  rateSubcommand(sub.program.slice('git '.length), sub, run, ctx);
};
