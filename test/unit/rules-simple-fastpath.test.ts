import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generousReadings } from '../../shared/rules/bash-readings.ts';
import { simplyWritten } from '../../shared/rules/bash-simple.ts';
import { commandView } from '../../shared/rules/bash-view.ts';
import { analyzeShell } from '../../shared/shell/index.ts';

/**
 * Rules read a simply written command's texts directly (bash-simple.ts). Wherever that path is
 * taken, the per-segment view it skips must say the same: each text the one reading, the allow
 * rendering, a literal name, and the command allowable.
 */

/** Words a simply written command may have, and (below) words and blanks that make it not one. */
const plainWords = ['npm', 'test', '--', '-la', 'git', 'status', 'ls', '*.ts', 'src/x', 'true'];
const otherWords = [
  '/bin/rm',
  './run.sh',
  'sudo',
  'bash',
  '-c',
  'find',
  'env',
  'FOO=1',
  '"quoted word"',
  "'single'",
  'a\\ b',
  '$HOME',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell source text, not a template
  '${X}',
  '{a,b}',
  '$(date)',
  '`id`',
  '~/x',
  'r?',
  '[ab]',
  'x=y',
  '2>&1',
  '>out',
  '</dev/null',
  '&',
  'if',
  'true;',
  'fi',
];
const word = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...plainWords) },
  { weight: 1, arbitrary: fc.constantFrom(...otherWords) },
);
const blank = fc.oneof(
  { weight: 8, arbitrary: fc.constant(' ') },
  { weight: 1, arbitrary: fc.constantFrom('  ', '\t', ' \t ') },
);
const operators = [' && ', ' || ', '; ', ' | ', '\n', ' & ', ' |& '];
const segment = fc
  .array(fc.tuple(word, blank), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.map(([word, blank], index) => (index === 0 ? word : blank + word)).join(''));
const command = fc
  .array(fc.tuple(segment, fc.constantFrom(...operators)), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.map(([text, operator], index) => (index === 0 ? text : operator + text)).join(''));

describe('simply written commands', () => {
  it('read as the view would read them, wherever the direct path is taken', () => {
    let taken = 0;
    fc.assert(
      fc.property(command, (text) => {
        const analysis = analyzeShell(text);
        if (!simplyWritten(analysis)) return;
        taken += 1;
        const view = commandView(analysis);
        expect(view.allowable).toBe(true);
        const texts = analysis.segments.map((each) => each.text);
        // Its words one space apart, none empty or holding a blank: what the rules compare
        // instead of the texts (rule-index.ts, bash-pattern.ts \`testWords\`).
        for (const { argv, text: segmentText } of analysis.segments) {
          expect(argv.join(' ')).toBe(segmentText);
          for (const each of argv) expect(each).toMatch(/^[^\s]+$/);
        }
        expect(generousReadings(analysis)).toEqual(texts);
        view.segments.forEach((each, index) => {
          expect(each.readings).toEqual([texts[index]]);
          expect(each.allowRendering).toBe(texts[index]);
          expect(each.dynamicName).toBe(false);
          expect(each.plain).toBe(true);
        });
      }),
      { numRuns: 20_000 },
    );
    // The generator must reach the direct path often, or the property says little.
    expect(taken).toBeGreaterThan(500);
  });

  it.each([
    ['npm test -- --run x && npm test -- --coverage; git status || ls *.ts', true],
    ['git status | head -5', true],
    ['npm  test', false],
    ['npm\ttest', false],
    ['FOO=1 npm test', false],
    ['/bin/rm -rf x', false],
    ['sudo rm x', false],
    ['bash -c "ls"', false],
    ['ls > out', false],
    ['echo $(id)', false],
    ['r? x', false],
    ['echo $HOME', false],
    ['echo "a b"', false],
    ['ls &', true],
    // Reserved words are not simple commands: what rules read is `true` and `ls`, as the view reads them.
    ['if true; then ls; fi', true],
    ['', false],
  ])('%j is simply written: %s', (text, expected) => {
    expect(simplyWritten(analyzeShell(text))).toBe(expected);
  });
});
