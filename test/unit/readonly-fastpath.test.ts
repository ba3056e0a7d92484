import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callFacts } from '../../shared/engine/index.ts';
import { isReadOnlyCommand, mayBeReadOnly } from '../../shared/readonly/index.ts';

/**
 * The engine asks `mayBeReadOnly` before `isReadOnlyCommand` and words the reason only when it is
 * read. A "no" from the quick check must never hide a read-only command, and the reason the facts
 * give must be the one `isReadOnlyCommand` gives.
 */

const words = [
  'ls',
  'cat',
  'git',
  'status',
  'log',
  'branch',
  '-D',
  'sed',
  '-i',
  '-n',
  '1p',
  'find',
  '-delete',
  'npm',
  'test',
  'echo',
  'env',
  'X=1',
  '$HOME',
  '*.ts',
  '-x*',
  'src',
  '"a b"',
  'rm',
  'jq',
  '.name',
];
const bits = ['&&', '||', '|', ';', '&', '> f', '2>&1', '$(ls)', '`ls`', '\n', '#', 'if', 'then', 'fi'];
const command = fc
  .array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...words) }, fc.constantFrom(...bits)), {
    maxLength: 10,
  })
  .map((parts) => parts.join(' '));

describe('the read-only quick check', () => {
  it('says no only to commands that are not read-only', () => {
    fc.assert(
      fc.property(command, (text) => {
        if (!mayBeReadOnly(text)) expect(isReadOnlyCommand(text).readOnly).toBe(false);
      }),
      { numRuns: 5000 },
    );
  });

  it('leaves a call the same read verdict and reason', () => {
    fc.assert(
      fc.property(command, (text) => {
        const facts = callFacts({ toolCallId: 'ro', tool: 'Bash', input: { command: text } });
        const verdict = isReadOnlyCommand(text);
        expect(facts.read).toBe(verdict.readOnly);
        expect(facts.readReason).toBe(verdict.reason);
      }),
      { numRuns: 2000 },
    );
  });

  it.each(['ls -la', 'git status && cat README.md', 'sed -i s/a/b/ f', 'ls > f'])(
    'lets %j through to the full check',
    (text) => {
      expect(mayBeReadOnly(text)).toBe(!text.includes('>'));
    },
  );

  it.each(['npm test', 'ls && npm test', 'X=1 ls', 'ls $HOME', '', 'rm -rf x'])(
    'refuses %j at once',
    (text) => {
      expect(mayBeReadOnly(text)).toBe(false);
      expect(isReadOnlyCommand(text).readOnly).toBe(false);
    },
  );
});
