import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EngineToolCall } from '../../shared/contract/index.ts';
import { rateRisk } from '../../shared/risk/index.ts';
import { raterFor } from '../../shared/risk/programs/index.ts';

/**
 * Every segment of a command is asked whether it changes directory and whether it is `watch`.
 * Both questions are now answered cheaply for most segments: a directory change by the name's
 * length first, `watch` only for programs no rater knows. Neither shortcut may change a rating.
 */

const bash = (command: string): EngineToolCall => ({
  toolCallId: 'call-1',
  tool: 'Bash',
  input: { command },
  cwd: '/home/dev/project',
});

const rootDeletion = 'Deletes the root, home or a system directory.';

describe('a directory change, told by the name', () => {
  it('is made by `cd` and `pushd` alone, whatever the length of other names', () => {
    const name = fc.string({
      unit: fc.constantFrom('c', 'd', 'p', 'u', 's', 'h'),
      minLength: 1,
      maxLength: 6,
    });
    fc.assert(
      fc.property(name, (program) => {
        const changes = program === 'cd' || program === 'pushd';
        const { notes } = rateRisk(bash(`${program} / && rm -rf *`));
        expect(notes.includes(rootDeletion)).toBe(changes);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('`watch`, asked only of programs no rater knows', () => {
  it('has no rater of its own', () => {
    expect(raterFor('watch')).toBeUndefined();
  });

  it('is rated as the command it runs', () => {
    const word = fc.constantFrom(
      'rm',
      '-rf',
      '/',
      'npm',
      'test',
      'install',
      'git',
      'push',
      'frob',
      'ls',
      '-la',
      'src',
    );
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), (words) => {
        fc.pre(!words[0]!.startsWith('-'));
        const command = words.join(' ');
        expect(rateRisk(bash(`watch -n 2 ${command}`))).toEqual(rateRisk(bash(command)));
      }),
      { numRuns: 2000 },
    );
  });
});
