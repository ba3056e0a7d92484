import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShell, type ShellAnalysis } from '../../shared/shell/index.ts';

/** Every word and segment of `analysis` whose span in `command` is not its text. */
function misplaced(command: string, analysis: ShellAnalysis): string[] {
  const wrong: string[] = [];
  for (const segment of analysis.segments) {
    const text = command.slice(segment.start, segment.end);
    if (text !== segment.text)
      wrong.push(`segment ${JSON.stringify(segment.text)} at ${JSON.stringify(text)}`);
    for (const word of segment.words ?? []) {
      const raw = command.slice(word.start, word.end);
      if (raw !== word.raw) wrong.push(`word ${JSON.stringify(word.raw)} at ${JSON.stringify(raw)}`);
    }
  }
  return wrong;
}

/** Commands from a small grammar, nested: what the offsets must survive. */
const { command } = fc.letrec<{ word: string; simple: string; command: string }>((tie) => ({
  word: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(
      'ls',
      'a',
      '-la',
      'src/*.ts',
      '~/x',
      'x=1',
      'é',
      'a\\ b',
      'ec\\\nho',
      '{a,b}',
      '$HOME',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a template
      '${X:-y}',
    ),
    fc.constantFrom("'a b'", '"a $X b"', "$'\\x72m'", '"$(date)"', '$((1+2))', '"\\""'),
    tie('command').map((inner) => `$(${inner})`),
    tie('command').map((inner) => `"$(${inner})"`),
    // A backtick body with a backslash is unescaped before it is parsed: its spans are checked below.
    tie('simple')
      .filter((inner) => !inner.includes('\\'))
      .map((inner) => `\`${inner}\``),
    tie('command').map((inner) => `<(${inner})`),
  ),
  simple: fc
    .tuple(
      fc.constantFrom('', ' ', '\t', 'A=1 ', 'LC_ALL=C '),
      fc.array(tie('word'), { minLength: 1, maxLength: 4 }),
      fc.constantFrom('', ' ', ' > out', ' 2>&1', ' < in', ' <<< "$(id)"', ' # note'),
    )
    .map(([lead, words, tail]) => `${lead}${words.join(' ')}${tail}`),
  command: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('simple'),
    fc
      .tuple(tie('simple'), fc.constantFrom(' && ', ' || ', ' | ', '; ', ' |& ', '\n', ' & '), tie('command'))
      .map(([left, operator, right]) => `${left}${operator}${right}`),
    tie('command').map((inner) => `( ${inner} )`),
    tie('command').map((inner) => `{ ${inner}; }`),
    tie('command').map((inner) => `if ${inner}; then ${inner}; fi`),
  ),
}));

/** The same, with an unquoted heredoc whose body runs commands, at the end. */
const withHeredoc = fc
  .tuple(command, command)
  .map(([first, inBody]) => `${first.replace(/ # note/g, '')} <<EOF\nline $(${inBody})\nEOF\n`);

describe('word and segment offsets', () => {
  it('place every word and segment of a generated command where its text is', () => {
    fc.assert(
      fc.property(fc.oneof(command, withHeredoc), (text) => {
        const analysis = analyzeShell(text);
        expect(misplaced(text, analysis)).toEqual([]);
      }),
    );
  });

  it.each([
    ['  ls -la  ', ['ls -la'], ['ls', '-la']],
    ['echo "$(cat x | wc -l)" > out', ['cat x', 'wc -l', 'echo "$(cat x | wc -l)" > out'], []],
    ['a && b\tc ;d', ['a', 'b\tc', 'd'], ['a', 'b', 'c', 'd']],
    ['cat <<EOF\n$(rm -rf x)\nEOF', ['cat <<EOF', 'rm -rf x'], ['cat', 'rm', '-rf', 'x']],
    ['echo `date +%s` x', ['date +%s', 'echo `date +%s` x'], ['date', '+%s', 'echo', '`date +%s`', 'x']],
  ])('%j: segments %j', (text, segments, words) => {
    const analysis = analyzeShell(text);
    expect(analysis.error).toBeUndefined();
    expect(analysis.segments.map((segment) => text.slice(segment.start, segment.end))).toEqual(segments);
    if (words.length > 0) {
      expect(
        analysis.segments.flatMap((segment) =>
          segment.words!.map((word) => text.slice(word.start, word.end)),
        ),
      ).toEqual(words);
    }
    expect(misplaced(text, analysis)).toEqual([]);
  });

  it('maps the words of an escaped backtick body back to the characters they came from', () => {
    // The inner shell reads `echo \`date\``'s body as "echo `date`": the inner `date` comes from
    // the escaped backticks of the original.
    const text = 'x `echo \\`date\\``';
    const analysis = analyzeShell(text);
    expect(analysis.error).toBeUndefined();
    const [inner, middle] = analysis.segments;
    expect(inner!.argv).toEqual(['date']);
    expect(text.slice(inner!.start, inner!.end)).toBe('date');
    const quoted = middle!.words![1]!;
    expect(quoted.raw).toBe('`date`');
    expect(text.slice(quoted.start, quoted.end)).toBe('\\`date\\`');
  });
});
