import { hasFlag, operands, optionValues } from '../args.ts';
import type { ProgramRater, SegmentContext } from '../context.ts';
import { rateDelete, rateWrite } from '../effects.ts';
import { isRootish, placeOf } from '../paths.ts';

/** Programs that change files: what they touch is rated by where it lies (effects.ts). */

const writeEach = (targets: readonly string[], ctx: SegmentContext) => {
  for (const target of targets) rateWrite(ctx.rating, target, ctx.where);
};

/** `xargs chmod 500`, `xargs touch`: the files arrive on the input, where the rater cannot see them. */
const writeNamed = (targets: readonly string[], ctx: SegmentContext) => {
  if (targets.length === 0) ctx.rating.raise('medium', 'Changes files whose names arrive on its input.');
  writeEach(targets, ctx);
};

const rm: ProgramRater = (args, ctx) => {
  if (args.includes('--no-preserve-root')) {
    ctx.rating.raise('critical', 'Deletes with the root directory unprotected.', 'destructive');
  }
  const recursive = hasFlag(args, 'rR', ['--recursive']);
  const targets = operands(args);
  // `xargs rm` and `find … | xargs rm -rf`: the targets arrive on the input and cannot be seen.
  if (targets.length === 0) ctx.rating.raise('medium', 'Deletes files named elsewhere.', 'destructive');
  for (const target of targets) rateDelete(ctx.rating, target, ctx.where, recursive);
};

const deleteEach =
  (recursive: boolean): ProgramRater =>
  (args, ctx) => {
    for (const target of operands(args)) rateDelete(ctx.rating, target, ctx.where, recursive);
  };

const shred: ProgramRater = (args, ctx) => {
  for (const target of operands(args, ['-n', '-s', '--iterations', '--size'])) {
    rateDelete(ctx.rating, target, ctx.where, false);
    // Shredding cannot be undone even from version control.
    ctx.rating.raise('medium', 'Overwrites files beyond recovery.', 'destructive');
  }
};

const touchLike =
  (valueOptions: readonly string[] = []): ProgramRater =>
  (args, ctx) =>
    writeNamed(operands(args, valueOptions), ctx);

/** chmod/chown/chgrp: the first operand is the mode or owner, the rest are files. */
const changeOwnerOrMode =
  (kind: 'mode' | 'owner'): ProgramRater =>
  (args, ctx) => {
    // `chmod -w file`: a mode that looks like an option is still the mode.
    const modeSafe = kind === 'mode' ? args.map((arg) => (/^-[rwxXst]+$/.test(arg) ? `=${arg}` : arg)) : args;
    const words = operands(modeSafe, ['--reference']);
    const byReference = args.some((arg) => arg.startsWith('--reference'));
    const [spec, ...targets] = byReference ? ['', ...words] : words;
    const recursive = hasFlag(modeSafe, 'R', ['--recursive']);
    if (recursive && targets.some((target) => isRootish(target, ctx.where.cwd))) {
      ctx.rating.raise('critical', 'Changes permissions across the whole system.', 'destructive');
    }
    if (kind === 'mode' && spec !== undefined && setsPrivilegeBits(spec)) {
      ctx.rating.raise('high', 'Sets the setuid or setgid bit.', 'privilege_escalation');
    }
    if (
      kind === 'owner' &&
      spec !== undefined &&
      /^(?:root|0)?(?::(?:root|wheel|0))?$/.test(spec) &&
      spec !== ''
    ) {
      ctx.rating.raise('high', 'Gives files to the root user.', 'privilege_escalation');
    }
    writeNamed(targets, ctx);
  };

/** `u+s`, `g=s`, `+s`, or a numeric mode with the 4000 or 2000 bit. */
function setsPrivilegeBits(mode: string): boolean {
  if (/^[0-7]{4,}$/.test(mode)) return /[2-7]/.test(mode.slice(-4, -3));
  return /[+=][rwxXt]*s/.test(mode);
}

/** cp/ln/install: only the destination changes (the last operand, or `-t DIR`). */
const copyLike: ProgramRater = (args, ctx) => {
  const targetDirs = optionValues(args, ['-t'], ['--target-directory']);
  const words = operands(args, ['-t', '-S', '--suffix', '-m', '--mode', '-o', '--owner', '-g', '--group']);
  if (targetDirs.length > 0) return writeEach(targetDirs, ctx);
  const destination = words.length >= 2 ? words[words.length - 1] : '.';
  writeEach([destination!], ctx);
};

/** mv: the sources leave where they were, and the destination changes. */
const mv: ProgramRater = (args, ctx) => {
  const targetDirs = optionValues(args, ['-t'], ['--target-directory']);
  const words = operands(args, ['-t', '-S', '--suffix']);
  const sources = targetDirs.length > 0 ? words : words.slice(0, -1);
  const destinations = targetDirs.length > 0 ? targetDirs : words.slice(-1);
  for (const source of sources) {
    if (isRootish(source, ctx.where.cwd)) rateDelete(ctx.rating, source, ctx.where, true);
    else if (placeOf(source, ctx.where) !== 'workspace') {
      ctx.rating.raise('high', 'Moves files away from outside the workspace.', 'destructive');
    }
  }
  writeEach(destinations, ctx);
};

const tee: ProgramRater = (args, ctx) => writeEach(operands(args), ctx);

/** dd: `of=` is what it writes; a disk device there is the classic disk wipe. */
const dd: ProgramRater = (args, ctx) => {
  for (const arg of args) if (arg.startsWith('of=')) rateWrite(ctx.rating, arg.slice(3), ctx.where);
  ctx.rating.raise('low', 'Copies raw data.');
};

/** sed: `-i` edits files in place; without it, only a script with `w` or `e` can touch anything. */
const sed: ProgramRater = (args, ctx) => {
  const scripts = optionValues(args, ['-e', '-f'], ['--expression', '--file']);
  const words = operands(args, ['-e', '-f', '--expression', '--file', '-l', '--line-length']);
  const files = scripts.length > 0 ? words : words.slice(1);
  const script = scripts.length > 0 ? scripts.join('\n') : (words[0] ?? '');
  if (optionValues(args, ['-f'], ['--file']).length > 0) {
    ctx.rating.raise('medium', 'Runs a sed script from a file the rater cannot see.', 'code_execution');
  }
  if (/[wWe](?:\s|$)/.test(script)) {
    ctx.rating.raise('medium', 'The sed script may write files or run commands.', 'code_execution');
  }
  if (args.some((arg) => /^-[a-zA-Z]*i/.test(arg) || arg.startsWith('--in-place'))) writeEach(files, ctx);
};

const sort: ProgramRater = (args, ctx) => writeEach(optionValues(args, ['-o'], ['--output']), ctx);

/** uniq's optional second operand is an output file. */
const uniq: ProgramRater = (args, ctx) => {
  const words = operands(args, ['-f', '-s', '-w', '--skip-fields', '--skip-chars', '--check-chars']);
  if (words[1] !== undefined) writeEach([words[1]], ctx);
};

/**
 * tar's options that run a program: a filter for each member, a compressor, a script at each
 * checkpoint or volume, a remote shell.
 */
const tarRunners = [
  '--to-command',
  '--use-compress-program',
  '--checkpoint-action',
  '--info-script',
  '--new-volume-script',
  '--rmt-command',
  '--rsh-command',
];

const tar: ProgramRater = (args, ctx) => {
  const programs = optionValues(args, ['-I', '-F'], tarRunners);
  if (programs.length > 0 || args.some((arg) => tarRunners.some((name) => arg.startsWith(name)))) {
    ctx.rating.raise('medium', 'Runs a program named in its options on the archive.', 'code_execution');
  }
  unpack(['-C'], ['--directory'])(args, ctx);
};

/** ln: a link in the workspace to a file outside it sends later writes through the link. */
const ln: ProgramRater = (args, ctx) => {
  copyLike(args, ctx);
  const words = operands(args, ['-t', '-S', '--suffix', '--target-directory']);
  const sources = words.length >= 2 ? words.slice(0, -1) : words;
  if (sources.some((source) => placeOf(source, ctx.where) !== 'workspace')) {
    ctx.rating.raise(
      'medium',
      'Links to a file outside the working directory: writes through the link land there.',
    );
  }
};

/** tar and unzip write where they are told (`-C`, `-d`), else into the working directory. */
const unpack =
  (dirShort: readonly string[], dirLong: readonly string[]): ProgramRater =>
  (args, ctx) => {
    const dirs = optionValues(args, dirShort, dirLong);
    writeEach(dirs.length > 0 ? dirs : ['.'], ctx);
  };

/** Programs that format or repartition disks; listing (`-l`) is the one harmless use. */
const diskTool =
  (listFlag: boolean): ProgramRater =>
  (args, ctx) => {
    if (listFlag && hasFlag(args, 'l', ['--list'])) {
      ctx.rating.raise('low', 'Lists disk partitions.');
      return;
    }
    ctx.rating.raise('critical', 'Formats or repartitions a disk.', 'destructive');
  };

export const fileRaters: Record<string, ProgramRater> = {
  rm,
  rmdir: deleteEach(false),
  unlink: deleteEach(false),
  shred,
  touch: touchLike(['-d', '-r', '-t', '--date', '--reference']),
  mkdir: touchLike(['-m', '--mode']),
  truncate: touchLike(['-s', '--size', '-r', '--reference']),
  chmod: changeOwnerOrMode('mode'),
  chown: changeOwnerOrMode('owner'),
  chgrp: changeOwnerOrMode('owner'),
  cp: copyLike,
  ln,
  install: copyLike,
  mv,
  tee,
  dd,
  sed,
  sort,
  uniq,
  tar,
  unzip: unpack(['-d'], []),
  patch: (args, ctx) => {
    const files = operands(args, ['-p', '-i', '--input', '-d', '--directory', '-o', '--output']);
    writeEach(
      [
        ...(files.length > 0 ? files : ['.']),
        ...optionValues(args, ['-d', '-o'], ['--directory', '--output']),
      ],
      ctx,
    );
  },
  mkfs: diskTool(false),
  mke2fs: diskTool(false),
  mkswap: diskTool(false),
  wipefs: diskTool(false),
  fdisk: diskTool(true),
  sfdisk: diskTool(true),
  cfdisk: diskTool(false),
  parted: diskTool(true),
  gdisk: diskTool(true),
  sgdisk: diskTool(false),
};
