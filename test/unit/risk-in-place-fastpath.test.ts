import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { raterFor } from '../../shared/risk/programs/index.ts';
import { rateRecorded } from '../support/segment-context.ts';

/**
 * Program raters read a command's arguments in place, from an index into its argv, so that no
 * list is copied per segment. Wherever the arguments start, the rating must be the one of the
 * same arguments given as a list of their own: nothing before `start` may be read.
 */

/** What a rater leaves behind: its rating, its pipeline facts and the commands it hands on. */
function rateWith(argv: readonly string[], start: number, name: string) {
  return rateRecorded((ctx) => raterFor(name)!(argv, start, ctx));
}

/** Package tools (read in place by their own code), readers, and raters that get a copy. */
const programs = [
  'npm',
  'pnpm',
  'yarn',
  'bun',
  'pip',
  'uv',
  'cargo',
  'go',
  'gem',
  'apt-get',
  'brew',
  'semantic-release',
  'goreleaser',
  'npx',
  'dotnet',
  'ls',
  'cat',
  'export',
  'git',
  'rm',
  'curl',
  'python3',
  'bash',
];

const word = fc.constantFrom(
  'install',
  'i',
  'test',
  'run',
  'publish',
  'pip',
  'tool',
  'mod',
  'tidy',
  'exec',
  'x',
  'rm',
  '-rf',
  '/',
  '-g',
  '--global',
  '-C',
  '--prefix',
  '-v',
  '--version',
  '--',
  '-p',
  'pkg',
  'sh',
  '-c',
  'echo hi',
  'constructor',
  'push',
  '--force',
  'origin',
  'main',
);

describe('program raters reading in place', () => {
  it('rate the arguments from `start` as they rate the same arguments copied out', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...programs),
        fc.array(word, { maxLength: 3 }),
        fc.array(word, { maxLength: 7 }),
        (name, before, args) => {
          const argv = [...before, name, ...args];
          expect(rateWith(argv, before.length + 1, name)).toEqual(rateWith(args, 0, name));
        },
      ),
      { numRuns: 4000 },
    );
  });

  it('read nothing past the end when the arguments are empty', () => {
    for (const name of programs) {
      expect(rateWith([name], 1, name)).toEqual(rateWith([], 0, name));
    }
  });
});
