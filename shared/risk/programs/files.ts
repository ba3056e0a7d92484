import { catalogEntry, type ParsedProgram, parseArguments } from '../../programs/index.ts';
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

/**
 * A rater over the catalog's parse of the program (shared/programs/file-changes.ts). When the
 * words cannot be read with its entry, every word that is not an option is taken for a tree it
 * deletes (fail closed: `rm -rf --frob /` is still critical) and `unsure` checks them further.
 */
function parsedRater(
  name: string,
  rate: (parsed: ParsedProgram, ctx: SegmentContext) => void,
  unsure?: (words: readonly string[], ctx: SegmentContext) => void,
): ProgramRater {
  return (args, ctx) => {
    const entry = catalogEntry(name);
    const parsed =
      entry === undefined
        ? undefined
        : parseArguments(
            entry,
            name,
            args.map((text, at) => ({ text, glob: false, dynamic: false, index: at + 1 })),
          );
    if (parsed?.kind === 'parsed') return rate(parsed, ctx);
    ctx.rating.raise('medium', `Changes files with words the rater cannot read (${name}).`, 'destructive');
    const words = args.filter((word) => word === '-' || !word.startsWith('-'));
    for (const word of words) rateDelete(ctx.rating, word, ctx.where, true);
    unsure?.(words, ctx);
  };
}

const has = (parsed: ParsedProgram, ...names: readonly string[]) =>
  parsed.options.some((option) => names.includes(option.name));
const values = (parsed: ParsedProgram, ...names: readonly string[]): string[] =>
  parsed.options.flatMap((option) =>
    names.includes(option.name) && option.value !== undefined ? [option.value] : [],
  );
const files = (parsed: ParsedProgram): string[] => parsed.operands.map((operand) => operand.text);

const rm = parsedRater('rm', (parsed, ctx) => {
  if (has(parsed, 'no-preserve-root')) {
    ctx.rating.raise('critical', 'Deletes with the root directory unprotected.', 'destructive');
  }
  const recursive = has(parsed, 'r', 'R', 'recursive');
  const targets = files(parsed);
  // `xargs rm` and `find … | xargs rm -rf`: the targets arrive on the input and cannot be seen.
  if (targets.length === 0) ctx.rating.raise('medium', 'Deletes files named elsewhere.', 'destructive');
  for (const target of targets) rateDelete(ctx.rating, target, ctx.where, recursive);
});

const deleteEach = (name: string) =>
  parsedRater(name, (parsed, ctx) => {
    for (const target of files(parsed)) rateDelete(ctx.rating, target, ctx.where, false);
  });

const shred = parsedRater('shred', (parsed, ctx) => {
  for (const target of files(parsed)) {
    rateDelete(ctx.rating, target, ctx.where, false);
    // Shredding cannot be undone even from version control.
    ctx.rating.raise('medium', 'Overwrites files beyond recovery.', 'destructive');
  }
});

const touchLike = (name: string) => parsedRater(name, (parsed, ctx) => writeNamed(files(parsed), ctx));

/** chmod/chown/chgrp: the first operand is the mode or owner, the rest are files. */
const changeOwnerOrMode = (name: 'chmod' | 'chown' | 'chgrp') => {
  const kind = name === 'chmod' ? 'mode' : 'owner';
  const rater = parsedRater(
    name,
    (parsed, ctx) => {
      const words = files(parsed);
      const [spec, ...targets] = has(parsed, 'reference') ? ['', ...words] : words;
      if (has(parsed, 'R', 'recursive') && targets.some((target) => isRootish(target, ctx.where.cwd))) {
        ctx.rating.raise('critical', 'Changes permissions across the whole system.', 'destructive');
      }
      if (spec !== undefined) rateSpec(kind, spec, ctx);
      writeNamed(targets, ctx);
    },
    (words, ctx) => {
      for (const word of words) rateSpec(kind, word, ctx);
    },
  );
  // `chmod -w file`: a mode that looks like an option is the mode, as chmod itself reads it.
  return kind === 'mode'
    ? (args: readonly string[], ctx: SegmentContext) =>
        rater(
          args.map((arg) => (/^-[rwxXst]+$/.test(arg) ? `=${arg}` : arg)),
          ctx,
        )
    : rater;
};

function rateSpec(kind: 'mode' | 'owner', spec: string, ctx: SegmentContext): void {
  if (kind === 'mode' && setsPrivilegeBits(spec)) {
    ctx.rating.raise('high', 'Sets the setuid or setgid bit.', 'privilege_escalation');
  }
  if (kind === 'owner' && spec !== '' && /^(?:root|0)?(?::(?:root|wheel|0))?$/.test(spec)) {
    ctx.rating.raise('high', 'Gives files to the root user.', 'privilege_escalation');
  }
}

/** `u+s`, `g=s`, `+s`, or a numeric mode with the 4000 or 2000 bit. */
function setsPrivilegeBits(mode: string): boolean {
  if (/^[0-7]{4,}$/.test(mode)) return /[2-7]/.test(mode.slice(-4, -3));
  return /[+=][rwxXt]*s/.test(mode);
}

/** Where cp/ln/install/mv write: `-t DIR`, else the last of two or more operands, else `.`. */
function destinations(parsed: ParsedProgram): string[] {
  const targetDirs = values(parsed, 't', 'target-directory');
  if (targetDirs.length > 0) return targetDirs;
  const words = files(parsed);
  return [words.length >= 2 ? words[words.length - 1]! : '.'];
}

/** cp/ln/install: only the destination changes (the last operand, or `-t DIR`). */
const copyLike = (name: string) =>
  parsedRater(name, (parsed, ctx) => {
    if (has(parsed, 's', 'strip', 'strip-program') && name === 'install') {
      ctx.rating.raise('medium', 'Runs a program on the files it installs.', 'code_execution');
    }
    writeEach(destinations(parsed), ctx);
    if (name === 'ln') rateLinkSources(parsed, ctx);
  });

/** ln: a link in the workspace to a file outside it sends later writes through the link. */
function rateLinkSources(parsed: ParsedProgram, ctx: SegmentContext): void {
  const words = files(parsed);
  const targeted = values(parsed, 't', 'target-directory').length > 0;
  const sources = targeted || words.length < 2 ? words : words.slice(0, -1);
  if (sources.some((source) => placeOf(source, ctx.where) !== 'workspace')) {
    ctx.rating.raise(
      'medium',
      'Links to a file outside the working directory: writes through the link land there.',
    );
  }
}

/** mv: the sources leave where they were, and the destination changes. */
const mv = parsedRater('mv', (parsed, ctx) => {
  const words = files(parsed);
  const targeted = values(parsed, 't', 'target-directory').length > 0;
  const sources = targeted ? words : words.slice(0, -1);
  for (const source of sources) {
    if (isRootish(source, ctx.where.cwd)) rateDelete(ctx.rating, source, ctx.where, true);
    else if (placeOf(source, ctx.where) !== 'workspace') {
      ctx.rating.raise('high', 'Moves files away from outside the workspace.', 'destructive');
    }
  }
  writeEach(targeted ? destinations(parsed) : words.slice(-1), ctx);
});

const tee = parsedRater('tee', (parsed, ctx) => writeEach(files(parsed), ctx));

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
  rmdir: deleteEach('rmdir'),
  unlink: deleteEach('unlink'),
  shred,
  touch: touchLike('touch'),
  mkdir: touchLike('mkdir'),
  truncate: touchLike('truncate'),
  chmod: changeOwnerOrMode('chmod'),
  chown: changeOwnerOrMode('chown'),
  chgrp: changeOwnerOrMode('chgrp'),
  cp: copyLike('cp'),
  ln: copyLike('ln'),
  install: copyLike('install'),
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
