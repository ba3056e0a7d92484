import { allInPlace, type InPlaceRater, inPlace } from '../context.ts';
import { NameTable } from '../name-table.ts';
import { cloudRaters } from './cloud.ts';
import { fileRaters } from './files.ts';
import { git } from './git.ts';
import { interpreterRaters } from './interpreters.ts';
import { networkRaters } from './network.ts';
import { packageRaters } from './packages.ts';
import { readRaters } from './reads.ts';
import { systemRaters } from './system.ts';

/** Every program the rater knows, by name. A program not here is unknown: medium. */
const raters: Record<string, InPlaceRater> = {
  ...readRaters,
  ...allInPlace(fileRaters),
  ...allInPlace(networkRaters),
  ...packageRaters,
  ...allInPlace(cloudRaters),
  ...allInPlace(interpreterRaters),
  ...allInPlace(systemRaters),
  git: inPlace(git),
};

/** Versioned and vendor names of the same program: `python3.12`, `mkfs.ext4`, `gsed`. */
const aliases: readonly [RegExp, string][] = [
  [/^python[\d.]*$/, 'python'],
  [/^pypy[\d.]*$/, 'pypy'],
  [/^pip[\d.]*$/, 'pip'],
  [/^(?:perl|ruby|php|node|lua)[\d.]*$/, ''],
  [/^nodejs$/, 'node'],
  [/^mkfs\..+$/, 'mkfs'],
  [/^(?:g|m|n)awk$/, 'awk'],
  [/^g(?:sed|find|tar|rm|cp|mv|ln)$/, ''],
  [/^docker-compose$/, 'docker'],
];

/** Any alias at all: one test instead of one per alias for the many names that are none. */
const anyAlias = new RegExp(aliases.map(([pattern]) => pattern.source).join('|'));

/**
 * The raters by name, own entries only: asked for every command, where an own-property check
 * was slower, and with a word fresh from the command, which a Map would hash first.
 */
const raterByName = new NameTable<InPlaceRater>(Object.entries(raters));

/** Every program the rater knows by its own name, and its rater (aliases aside). */
export const namedRaters: readonly (readonly [string, InPlaceRater])[] = Object.entries(raters);

export function raterFor(name: string): InPlaceRater | undefined {
  const rater = raterByName.get(name);
  if (rater !== undefined) return rater;
  if (!anyAlias.test(name)) return undefined;
  for (const [pattern, canonical] of aliases) {
    if (!pattern.test(name)) continue;
    // '' means: the name without its version suffix or GNU `g` prefix.
    const target =
      canonical !== ''
        ? canonical
        : name.replace(/[\d.]+$/, '').replace(/^g(?=sed|find|tar|rm|cp|mv|ln)/, '');
    if (Object.hasOwn(raters, target)) return raters[target];
  }
  return undefined;
}
