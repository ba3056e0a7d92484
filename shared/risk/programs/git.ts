import { gitGlobals, wrappedCommands } from '../../wrappers/index.ts';
import { hasFlag, operands, optionValues } from '../args.ts';
import type { ProgramRater, SegmentContext } from '../context.ts';
import { rateWrite } from '../effects.ts';
import { placeOf } from '../paths.ts';

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

const pushValueOptions = ['--repo', '-o', '--push-option', '--receive-pack', '--exec'];

/** `git push`: high always (it changes a shared system); critical when it rewrites main's history. */
function push(args: readonly string[], ctx: SegmentContext): void {
  ctx.rating.raise('high', 'Pushes to a remote repository.', 'external_system', 'network');
  const words = operands(args, pushValueOptions);
  const refspecs = words.slice(1);
  const forceAll = hasFlag(args, 'f', ['--force', '--force-with-lease']);
  const everything = hasFlag(args, '', ['--mirror', '--all']);
  const deleting = hasFlag(args, 'd', ['--delete']);
  const touchesProtected = (refspec: string) => {
    const dst = destination(refspec);
    // HEAD names no branch: the current one may well be main.
    return protectedBranches.has(dst) || dst === 'HEAD' || dst === '@';
  };
  const forced = refspecs.filter((refspec) => forceAll || refspec.startsWith('+'));
  const deleted = refspecs.filter((refspec) => deleting || /^:[^:]/.test(refspec));
  if ((forceAll && (refspecs.length === 0 || everything)) || forced.some(touchesProtected)) {
    ctx.rating.raise(
      'critical',
      'Force-pushes to the main branch: rewrites shared history.',
      'destructive',
      'external_system',
    );
  } else if (deleted.some(touchesProtected) || hasFlag(args, '', ['--mirror'])) {
    ctx.rating.raise('critical', 'Deletes or overwrites the main branch on the remote.', 'destructive');
  } else if (forced.length > 0 || deleted.length > 0) {
    ctx.rating.raise('high', 'Rewrites or deletes a branch on the remote.', 'destructive');
  }
}

/** Local subcommands that throw away work that may exist nowhere else. */
function discardsWork(sub: string, args: readonly string[]): boolean {
  switch (sub) {
    case 'reset':
      return hasFlag(args, '', ['--hard', '--merge', '--keep']);
    case 'clean':
      return hasFlag(args, 'fdxX', ['--force']);
    case 'checkout':
      return args.includes('--') || args.includes('.') || hasFlag(args, 'f', ['--force']);
    case 'restore':
      return true;
    case 'stash':
      return args[0] === 'drop' || args[0] === 'clear';
    case 'branch':
      return hasFlag(args, 'D', ['--delete']) || (hasFlag(args, 'd', []) && hasFlag(args, 'f', ['--force']));
    case 'filter-branch':
    case 'filter-repo':
      return true;
    default:
      return false;
  }
}

/** Uses of otherwise changing subcommands that only list: `git branch`, `git tag -l`, `git stash list`. */
function onlyLists(sub: string, args: readonly string[]): boolean {
  const words = operands(args);
  switch (sub) {
    case 'branch':
    case 'tag':
      return (
        (words.length === 0 || hasFlag(args, 'l', ['--list'])) &&
        !hasFlag(args, 'dDmMcCf', [
          '--delete',
          '--move',
          '--copy',
          '--force',
          '--set-upstream-to',
          '--edit-description',
        ])
      );
    case 'remote':
      return words.length === 0 || words[0] === 'show' || words[0] === 'get-url';
    case 'stash':
      return words[0] === 'list' || words[0] === 'show';
    case 'config':
      return hasFlag(args, 'l', ['--list', '--get', '--get-all', '--get-regexp']);
    case 'worktree':
      return words[0] === 'list';
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
function rateConfigSet(rest: readonly string[], ctx: SegmentContext): void {
  const words = operands(rest, ['--file', '-f', '--blob', '--type', '--default', '--comment']);
  const [key, value] = words[0] === 'set' ? words.slice(1) : words;
  if (key === undefined || value === undefined) return;
  if (/^alias\./i.test(key) && value.startsWith('!')) {
    ctx.rating.raise('medium', 'Defines a git alias that runs a shell command.', 'code_execution');
    ctx.rateNested(value.slice(1));
  }
  rateSettingsRun(['git', '-c', `${key}=${value}`, 'version'], ctx);
}

export const git: ProgramRater = (args, ctx) => {
  rateSettingsRun(['git', ...args], ctx);
  // git's global options, read with the catalog's git entry (shared/wrappers/git.ts).
  const globals = gitGlobals(['git', ...args]);
  if (globals === undefined) {
    ctx.rating.raise('medium', 'Uses git options the rater cannot read.', 'code_execution');
    return;
  }
  let repository: string | undefined;
  for (const option of globals.options) {
    if (option.name === 'c' || option.name === 'config-env') {
      // `-c core.pager=…`, `-c core.sshCommand=…` run arbitrary programs.
      ctx.rating.raise('medium', 'Overrides git configuration, which can run programs.', 'code_execution');
    }
    if (option.effects.includes('elsewhere') && option.value !== undefined) repository = option.value;
  }
  const i = (globals.subcommandAt ?? args.length + 1) - 1;
  const sub = args[i];
  const rest = args.slice(i + 1);
  if (sub === undefined) return;
  if (sub === 'push') return push(rest, ctx);
  // `git log --output=~/.bashrc`, `git format-patch -o ../x`: a reading subcommand that writes.
  for (const file of optionValues(rest, sub === 'format-patch' ? ['-o'] : [], [
    '--output',
    '--output-directory',
  ])) {
    rateWrite(ctx.rating, file, ctx.where);
  }
  if (readSubcommands.has(sub) || onlyLists(sub, rest)) return;
  if (repository !== undefined && placeOf(repository, ctx.where) !== 'workspace') {
    ctx.rating.raise('high', 'Changes a repository outside the workspace.');
  }
  if (discardsWork(sub, rest)) {
    ctx.rating.raise('medium', 'Discards uncommitted or unpushed work.', 'destructive');
    return;
  }
  if (sub === 'config') rateConfigSet(rest, ctx);
  if (sub === 'config' && hasFlag(rest, '', ['--global', '--system'])) {
    ctx.rating.raise('high', 'Changes git configuration outside the workspace.');
    return;
  }
  if (localSubcommands.has(sub) || sub === 'reset' || sub === 'clean') {
    ctx.rating.raise('low', 'Changes the local repository.');
    return;
  }
  if (fetchSubcommands.has(sub)) {
    ctx.rating.raise('medium', 'Fetches from a remote repository.', 'network');
    return;
  }
  ctx.rating.raise('medium', 'Runs a git subcommand the rater does not know.');
};
