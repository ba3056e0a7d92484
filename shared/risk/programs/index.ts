import type { ProgramRater } from '../context.ts';
import { cloudRaters } from './cloud.ts';
import { fileRaters } from './files.ts';
import { git } from './git.ts';
import { interpreterRaters } from './interpreters.ts';
import { networkRaters } from './network.ts';
import { packageRaters } from './packages.ts';
import { readRaters } from './reads.ts';
import { systemRaters } from './system.ts';

/** Every program the rater knows, by name. A program not here is unknown: medium. */
const raters: Record<string, ProgramRater> = {
  ...readRaters,
  ...fileRaters,
  ...networkRaters,
  ...packageRaters,
  ...cloudRaters,
  ...interpreterRaters,
  ...systemRaters,
  git,
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

/** The rater of a program, by its name or an alias; own entries only (`constructor` is no program). */
export function raterFor(name: string): ProgramRater | undefined {
  if (Object.hasOwn(raters, name)) return raters[name];
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
