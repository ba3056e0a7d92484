import { catalogEntry, optionTable, type ParsedProgram } from '../../programs/index.ts';
import type { ProgramRater, SegmentContext } from '../context.ts';
import { rateDelete, rateWrite } from '../effects.ts';
import { isRootish, placeOf } from '../paths.ts';
import { catalogRater, has, texts, values, withRole } from './parsed.ts';

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
 * When the words cannot be read with the program's entry, every word that is not an option is
 * taken for a tree it deletes (fail closed: `rm -rf --frob /` is still critical) and `unsure`
 * checks them further.
 */
function unreadChanges(
  name: string,
  unsure?: (words: readonly string[], ctx: SegmentContext) => void,
): (args: readonly string[], ctx: SegmentContext) => void {
  return (args, ctx) => {
    ctx.rating.raise('medium', `Changes files with words the rater cannot read (${name}).`, 'destructive');
    const words = args.filter((word) => word === '-' || !word.startsWith('-'));
    for (const word of words) rateDelete(ctx.rating, word, ctx.where, true);
    unsure?.(words, ctx);
  };
}

/** A rater over the catalog's parse of the program (shared/programs/file-changes.ts). */
function parsedRater(
  name: string,
  rate: (parsed: ParsedProgram, ctx: SegmentContext) => void,
  unsure?: (words: readonly string[], ctx: SegmentContext) => void,
): ProgramRater {
  return catalogRater(name, { rate, unsure: unreadChanges(name, unsure) });
}

const files = texts;

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
const dd = catalogRater('dd', {
  rate(parsed, ctx) {
    for (const word of files(parsed))
      if (word.startsWith('of=')) rateWrite(ctx.rating, word.slice(3), ctx.where);
    ctx.rating.raise('low', 'Copies raw data.');
  },
  unsure: unreadChanges('dd'),
});

/** sed: `-i` edits files in place; without it, only a script with `w` or `e` can touch anything. */
const sed = parsedRater('sed', (parsed, ctx) => {
  const scripts = values(parsed, 'e', 'expression');
  const fromFile = has(parsed, 'f', 'file');
  const words = files(parsed);
  const edited = scripts.length > 0 || fromFile ? words : words.slice(1);
  const script = scripts.length > 0 ? scripts.join('\n') : fromFile ? '' : (words[0] ?? '');
  if (fromFile) {
    ctx.rating.raise('medium', 'Runs a sed script from a file the rater cannot see.', 'code_execution');
  }
  if (/[wWe](?:\s|$)/.test(script)) {
    ctx.rating.raise('medium', 'The sed script may write files or run commands.', 'code_execution');
  }
  if (has(parsed, 'i', 'in-place')) writeEach(edited, ctx);
});

const sort = parsedRater('sort', (parsed, ctx) => {
  writeEach(values(parsed, 'o', 'output', 'T', 'temporary-directory'), ctx);
  if (has(parsed, 'compress-program')) {
    ctx.rating.raise('medium', 'Runs a program named in its options.', 'code_execution');
  }
});

/** uniq's optional second operand is an output file. */
const uniq = parsedRater('uniq', (parsed, ctx) => writeEach(withRole(parsed, 'writes'), ctx));

/**
 * tar's old form (`tar xzf a.tgz`): the first word is a cluster without a dash whose letters
 * take their values from the following words, in order. Spelled out as the new form reads it.
 */
function tarWords(args: readonly string[]): readonly string[] {
  const first = args[0];
  if (first === undefined || first.startsWith('-')) return args;
  const shorts = optionTable(catalogEntry('tar')!).shorts;
  const spelled: string[] = [];
  let next = 1;
  for (const letter of first) {
    spelled.push(`-${letter}`);
    if (shorts.get(letter) === 'value' && next < args.length) spelled.push(args[next++]!);
  }
  return [...spelled, ...args.slice(next)];
}

/** tar and unzip write where they are told (`-C`, `-d`), else into the working directory. */
const tarParsed = parsedRater('tar', (parsed, ctx) => {
  if (parsed.options.some((option) => option.effects.includes('runs'))) {
    ctx.rating.raise('medium', 'Runs a program named in its options on the archive.', 'code_execution');
  }
  const dirs = values(parsed, 'C', 'directory');
  writeEach(dirs.length > 0 ? dirs : ['.'], ctx);
  if (has(parsed, 'remove-files'))
    ctx.rating.raise('medium', 'Deletes the files it archives.', 'destructive');
});
const tar: ProgramRater = (args, ctx) => tarParsed(tarWords(args), ctx);

const unzip = parsedRater('unzip', (parsed, ctx) => {
  const dirs = values(parsed, 'd');
  writeEach(dirs.length > 0 ? dirs : ['.'], ctx);
});

const patch = parsedRater('patch', (parsed, ctx) => {
  const originals = withRole(parsed, 'writes');
  writeEach(
    [
      ...(originals.length > 0 ? originals : ['.']),
      ...values(parsed, 'd', 'directory', 'o', 'output', 'r', 'reject-file'),
    ],
    ctx,
  );
  if (has(parsed, 'e', 'ed')) ctx.rating.raise('medium', 'Runs ed on the patch.', 'code_execution');
});

const formatsDisk = (ctx: SegmentContext) =>
  ctx.rating.raise('critical', 'Formats or repartitions a disk.', 'destructive');

/** Programs that format or repartition disks; listing (`-l`) is the one harmless use. */
const diskTool = (name: string, lists: boolean): ProgramRater =>
  catalogRater(name, {
    rate(parsed, ctx) {
      if (lists && has(parsed, 'l', 'list')) {
        ctx.rating.raise('low', 'Lists disk partitions.');
        return;
      }
      formatsDisk(ctx);
    },
    unsure: (_words, ctx) => formatsDisk(ctx),
  });

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
  unzip,
  patch,
  mkfs: diskTool('mkfs', false),
  mke2fs: diskTool('mke2fs', false),
  mkswap: diskTool('mkswap', false),
  wipefs: diskTool('wipefs', false),
  fdisk: diskTool('fdisk', true),
  sfdisk: diskTool('sfdisk', true),
  cfdisk: diskTool('cfdisk', false),
  parted: diskTool('parted', true),
  gdisk: diskTool('gdisk', true),
  sgdisk: diskTool('sgdisk', false),
};
