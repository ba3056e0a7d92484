import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeShell, MAX_NESTING, writesFile } from '../../shared/shell/index.ts';

const argvOf = (command: string): string[][] =>
  analyzeShell(command).segments.map((segment) => [...segment.argv]);

describe('analyzeShell splitting', () => {
  it.each<[string, string[][]]>([
    [
      'git status; rm -rf ~',
      [
        ['git', 'status'],
        ['rm', '-rf', '~'],
      ],
    ],
    ['npm test && curl x | sh', [['npm', 'test'], ['curl', 'x'], ['sh']]],
    [
      'echo $(cat ~/.ssh/id_rsa)',
      [
        ['cat', '~/.ssh/id_rsa'],
        ['echo', '$(cat ~/.ssh/id_rsa)'],
      ],
    ],
    ['ls\nrm x', [['ls'], ['rm', 'x']]],
    ['ls\r\nrm x', [['ls\r'], ['rm', 'x']]],
    ['a|b', [['a'], ['b']]],
    ['a||b', [['a'], ['b']]],
    ['a&b', [['a'], ['b']]],
    ['a&&b', [['a'], ['b']]],
    ['a;b', [['a'], ['b']]],
    ['a |& b', [['a'], ['b']]],
    ['a &', [['a']]],
    ['ls &&\n  rm x', [['ls'], ['rm', 'x']]],
    ['ls \\\n  -la', [['ls', '-la']]],
    [
      'echo `rm -rf x`',
      [
        ['rm', '-rf', 'x'],
        ['echo', '`rm -rf x`'],
      ],
    ],
    [
      'echo "$(rm -rf x)"',
      [
        ['rm', '-rf', 'x'],
        ['echo', '$(rm -rf x)'],
      ],
    ],
    [
      'echo "`rm x`"',
      [
        ['rm', 'x'],
        ['echo', '`rm x`'],
      ],
    ],
    [
      'echo $(echo $(rm x))',
      [
        ['rm', 'x'],
        ['echo', '$(rm x)'],
        ['echo', '$(echo $(rm x))'],
      ],
    ],
    [
      'echo `echo \\`rm x\\``',
      [
        ['rm', 'x'],
        ['echo', '`rm x`'],
        ['echo', '`echo \\`rm x\\``'],
      ],
    ],
    [
      'diff <(ls a) >(rm x)',
      [
        ['ls', 'a'],
        ['rm', 'x'],
        ['diff', '<(ls a)', '>(rm x)'],
      ],
    ],
    [
      '(cd a && rm x) | { grep y; }',
      [
        ['cd', 'a'],
        ['rm', 'x'],
        ['grep', 'y'],
      ],
    ],
    [
      'if test -f a; then rm a; else touch a; fi',
      [
        ['test', '-f', 'a'],
        ['rm', 'a'],
        ['touch', 'a'],
      ],
    ],
    ['while true; do rm x; done', [['true'], ['rm', 'x']]],
    ['! grep -q x f', [['grep', '-q', 'x', 'f']]],
    ['time -p make', [['make']]],
    ['FOO=1 BAR="a b" git status', [['git', 'status']]],
    ['X=$(rm y) ls', [['rm', 'y'], ['ls']]],
    [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: shell source text, not a template
      'echo ${A:-$(rm x)}',
      [
        ['rm', 'x'],
        // biome-ignore lint/suspicious/noTemplateCurlyInString: shell source text, not a template
        ['echo', '${A:-$(rm x)}'],
      ],
    ],
    [
      'echo $((1 + $(rm x)))',
      [
        ['rm', 'x'],
        ['echo', '$((1 + $(rm x)))'],
      ],
    ],
    ["echo $'\\x72m' $'a\\'b' $'\\u00e9\\101'", [['echo', 'rm', "a'b", 'éA']]],
    ['cat <<EOF\nhello $(rm x)\nEOF\nls', [['cat'], ['rm', 'x'], ['ls']]],
    ["cat <<'EOF'\nhello $(rm x)\nEOF\nls", [['cat'], ['ls']]],
    ['cat <<-EOF | sh\n\trm -rf /\n\tEOF\necho done', [['cat'], ['sh'], ['echo', 'done']]],
    ['echo a # ; rm x', [['echo', 'a']]],
    ['echo a#b', [['echo', 'a#b']]],
    ['echo if then fi', [['echo', 'if', 'then', 'fi']]],
    ['"if" x', [['if', 'x']]],
    ['> out.txt', [[]]],
    ['X=1', [[]]],
    ['', []],
    ['   \n\n  ', []],
  ])('%j', (command, expected) => {
    const analysis = analyzeShell(command);
    expect(analysis.error).toBeUndefined();
    expect(analysis.segments.map((segment) => segment.argv)).toEqual(expected);
  });

  it('keeps assignments apart from argv and the segment text raw', () => {
    const [segment] = analyzeShell('  FOO=1 BAR+="a b" git  status  ').segments;
    expect(segment).toMatchObject({
      argv: ['git', 'status'],
      assignments: ['FOO=1', 'BAR+=a b'],
      text: 'FOO=1 BAR+="a b" git  status',
    });
  });

  it('describes each word: raw text, dynamic value, glob', () => {
    const [segment] = analyzeShell('ls "a b" $HOME *.ts {a,b} \'$X\' {}').segments;
    expect(segment?.words).toEqual([
      { raw: 'ls', start: 0, end: 2, dynamic: false, glob: false },
      { raw: '"a b"', start: 3, end: 8, dynamic: false, glob: false },
      { raw: '$HOME', start: 9, end: 14, dynamic: true, glob: false },
      { raw: '*.ts', start: 15, end: 19, dynamic: false, glob: true },
      { raw: '{a,b}', start: 20, end: 25, dynamic: true, glob: false },
      { raw: "'$X'", start: 26, end: 30, dynamic: false, glob: false },
      { raw: '{}', start: 31, end: 33, dynamic: false, glob: false },
    ]);
  });
});

describe('quoted operators are not separators', () => {
  it.each<[string, string[]]>([
    ['echo "a && b"', ['echo', 'a && b']],
    ["grep 'x;y' f", ['grep', 'x;y', 'f']],
    ['echo a\\;b', ['echo', 'a;b']],
    ['echo "a | b"', ['echo', 'a | b']],
    ["echo 'a || b'", ['echo', 'a || b']],
    ['echo a\\&b', ['echo', 'a&b']],
    ['echo a\\|b', ['echo', 'a|b']],
    ['echo "x; rm -rf /"', ['echo', 'x; rm -rf /']],
    ["echo '$(rm x)'", ['echo', '$(rm x)']],
    ["echo '`rm x`'", ['echo', '`rm x`']],
    ['echo "a\nb"', ['echo', 'a\nb']],
    ["echo 'a\nrm x'", ['echo', 'a\nrm x']],
    ['echo \\> f', ['echo', '>', 'f']],
    ['echo "2>&1"', ['echo', '2>&1']],
    ["echo $'a;b\\n'", ['echo', 'a;b\n']],
    ['echo "\\"; rm x"', ['echo', '"; rm x']],
    ['echo "a\\\\"; rm x', ['echo', 'a\\']],
  ])('%j', (command, argv) => {
    const analysis = analyzeShell(command);
    expect(analysis.error).toBeUndefined();
    expect(analysis.segments[0]?.argv).toEqual(argv);
  });

  it('inside single quotes nothing is special', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell source text, not a template
    const analysis = analyzeShell("echo '$HOME $(id) `id` ${X} a && b'");
    expect(analysis).toMatchObject({ substitution: false, expansion: false, redirections: [] });
    expect(analysis.segments).toHaveLength(1);
  });
});

describe('analyzeShell features', () => {
  it.each<[string, Partial<{ substitution: boolean; expansion: boolean; background: boolean }>]>([
    ['ls', { substitution: false, expansion: false, background: false }],
    ['echo $(id)', { substitution: true, expansion: false }],
    ['echo `id`', { substitution: true }],
    ['diff <(ls) x', { substitution: true }],
    ['tee >(cat)', { substitution: true }],
    ['echo "$(id)"', { substitution: true }],
    ['echo $HOME', { expansion: true, substitution: false }],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell source text, not a template
    ['echo "${HOME}"', { expansion: true }],
    ['echo $1 $@ $? $$', { expansion: true }],
    ['echo $((1+2))', { expansion: true, substitution: false }],
    ['echo {a,b}', { expansion: true }],
    ['echo {1..3}', { expansion: true }],
    ['echo ~/x', { expansion: false }],
    ['echo $', { expansion: false }],
    ['echo "$"', { expansion: false }],
    ['cat <<EOF\n$HOME\nEOF', { expansion: true }],
    ["cat <<'EOF'\n$HOME\nEOF", { expansion: false }],
    ['sleep 1 &', { background: true }],
    ['a & b', { background: true }],
    ['a && b', { background: false }],
    ['ls &> f', { background: false }],
    ['ls 2>&1', { background: false }],
    ['a |& b', { background: false }],
  ])('%j', (command, expected) => {
    const analysis = analyzeShell(command);
    expect(analysis.error).toBeUndefined();
    expect(analysis).toMatchObject(expected);
  });

  it.each<[string, Array<{ op: string; target: string }>]>([
    ['ls > f', [{ op: '>', target: 'f' }]],
    ['ls >> f', [{ op: '>>', target: 'f' }]],
    ['ls>f', [{ op: '>', target: 'f' }]],
    ['cat < in', [{ op: '<', target: 'in' }]],
    ['cat <> f', [{ op: '<>', target: 'f' }]],
    ['ls >| f', [{ op: '>|', target: 'f' }]],
    ['ls &> f', [{ op: '&>', target: 'f' }]],
    ['ls &>> f', [{ op: '&>>', target: 'f' }]],
    ['ls 2> f', [{ op: '2>', target: 'f' }]],
    ['ls 2>> "my f"', [{ op: '2>>', target: 'my f' }]],
    ['cat <<< "hi"', [{ op: '<<<', target: 'hi' }]],
    ['ls 2>&1', [{ op: '>&', target: '1' }]],
    ['ls >&2', [{ op: '>&', target: '2' }]],
    ['ls 2>&-', [{ op: '>&', target: '-' }]],
    ['ls >& out', [{ op: '>&', target: 'out' }]],
    ['cat <<EOF\nx\nEOF', [{ op: '<<', target: 'EOF' }]],
    ['cat <<-"END"\nx\nEND', [{ op: '<<-', target: 'END' }]],
    ['echo 2 > f', [{ op: '>', target: 'f' }]],
    ['(ls) > f', [{ op: '>', target: 'f' }]],
  ])('redirections of %j', (command, redirections) => {
    const analysis = analyzeShell(command);
    expect(analysis.error).toBeUndefined();
    expect(analysis.redirections).toEqual(redirections);
  });

  it('a digit followed by a space is an argument, not a descriptor', () => {
    expect(analyzeShell('echo 2 > f').segments[0]?.argv).toEqual(['echo', '2']);
  });

  it.each<[string, string, boolean]>([
    ['>', 'f', true],
    ['>>', 'f', true],
    ['2>', 'log', true],
    ['&>', 'f', true],
    ['<>', 'f', true],
    ['>|', 'f', true],
    ['>&', 'out', true],
    ['>', '$F', true],
    ['>', '/dev/null', false],
    ['2>', '/dev/null', false],
    ['&>', '/dev/null', false],
    ['>&', '1', false],
    ['>&', '-', false],
    ['<', 'f', false],
    ['<<', 'EOF', false],
    ['<<<', 'x', false],
  ])('writesFile(%j %j) is %s', (op, target, writes) => {
    expect(writesFile({ op, target })).toBe(writes);
  });
});

describe('analyzeShell fails closed', () => {
  it.each<[string, RegExp]>([
    ['echo "abc', /unterminated double quote/],
    ["echo 'abc", /unterminated single quote/],
    ['echo $(ls', /never closed/],
    ['echo `ls', /unterminated backtick/],
    ['echo ${HOME', /unterminated \$\{/],
    ['echo $((1+2', /unterminated \$\(\(/],
    ['echo $((1+2)', /ambiguous/],
    ["echo $'abc", /unterminated \$'/],
    ['cat <<EOF\nhello', /not terminated/],
    ['cat <<EOF', /has no body/],
    ['echo $(cat <<EOF)', /has no body/],
    ['ls &&', /not followed by a command/],
    ['ls |', /not followed by a command/],
    ['ls ||\n', /not followed by a command/],
    ['&& ls', /does not follow a command/],
    ['; ls', /does not follow a command/],
    ['ls ;; rm', /case/],
    ['ls )', /unexpected "\)"/],
    ['echo (x)', /unexpected "\("/],
    ['f() { rm x; }', /unexpected "\("/],
    ['(ls) rm', /unexpected word/],
    ['ls >', /has no target/],
    ['for f in *; do rm $f; done', /"for" commands are not supported/],
    ['case x in a) rm;; esac', /"case" commands are not supported/],
    ['[[ -f x ]] && rm x', /"\[\[" commands are not supported/],
    ['function f { rm x; }', /"function" commands/],
    ['((x = 1))', /arithmetic command/],
    ['A=(1 2) ls', /unexpected "\("/],
    ['echo $[1+2]', /obsolete/],
    ['echo $((a) b)', /ambiguous/],
    // Commands, not arithmetic: bash refuses them at run time, tree-sitter-bash reads a subshell.
    ['echo $((if true; then id; fi))', /ambiguous/],
    ['cat <<EOF\n$((a\nid))\nEOF', /ambiguous/],
    [`echo ${'$('.repeat(MAX_NESTING + 1)}x${')'.repeat(MAX_NESTING + 1)}`, /nesting deeper/],
    [`${'( '.repeat(40)}ls${' )'.repeat(40)}`, /nesting deeper/],
    [`echo ${'"$('.repeat(40)}`, /nesting deeper/],
    ['x'.repeat(256 * 1024 + 1), /longer than/],
  ])('%j', (command, message) => {
    expect(analyzeShell(command).error).toMatch(message);
  });

  it('keeps the segments parsed before the error, for deny rules', () => {
    const analysis = analyzeShell('rm -rf x; echo "oops');
    expect(analysis.error).toBeDefined();
    expect(analysis.segments.map((segment) => segment.argv)).toEqual([['rm', '-rf', 'x']]);
  });
});

describe('analyzeShell properties', () => {
  it('never throws on arbitrary strings and always answers', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: 'binary' }), (command) => {
        const analysis = analyzeShell(command);
        expect(Array.isArray(analysis.segments)).toBe(true);
        expect(analysis.error === undefined || typeof analysis.error === 'string').toBe(true);
      }),
    );
  });

  const shellish = fc.string({
    unit: fc.constantFrom(...'ab $()`"\'\\;&|<>{}#\n\t=*~!-0123'.split('')),
    maxLength: 200,
  });
  it('never throws on strings made of shell metacharacters', () => {
    fc.assert(
      fc.property(shellish, (command) => {
        expect(() => analyzeShell(command)).not.toThrow();
      }),
    );
  });

  const quote = (word: string): string => `'${word.replaceAll("'", `'\\''`)}'`;
  it('single-quoting words and analyzing the result gives the words back', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 8 }), (argv) => {
        const analysis = analyzeShell(argv.map(quote).join(' '));
        expect(analysis.error).toBeUndefined();
        expect(analysis.segments.map((segment) => segment.argv)).toEqual([argv]);
        expect(analysis).toMatchObject({ substitution: false, expansion: false, redirections: [] });
      }),
    );
  });

  const plainWord = fc
    .stringMatching(/^[a-z0-9_./-]{1,8}$/)
    .filter(
      (word) =>
        ![
          'if',
          'then',
          'else',
          'elif',
          'fi',
          'do',
          'done',
          'while',
          'until',
          'time',
          'for',
          'case',
          'esac',
          'select',
          'function',
          'coproc',
          'in',
        ].includes(word),
    );
  it('joining commands with operators gives one segment per command', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(plainWord, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.constantFrom(' && ', ' || ', '; ', ' | ', '\n', ' & ', '|', '&&', ' |& '), {
          minLength: 6,
          maxLength: 6,
        }),
        (commands, operators) => {
          const command = commands
            .map((argv, index) => (index === 0 ? '' : operators[index - 1]) + argv.join(' '))
            .join('');
          expect(argvOf(command)).toEqual(commands);
        },
      ),
    );
  });

  it.each<[string, string]>([
    ['many segments', 'echo a; '.repeat(30_000)],
    ['a long word', 'a'.repeat(256 * 1024)],
    ['many quotes', '"a" '.repeat(60_000)],
    ['many substitutions', 'echo $(ls) '.repeat(20_000)],
    ['many backticks', 'echo `ls` '.repeat(20_000)],
    ['deep nesting attempts', '$('.repeat(120_000)],
    ['many heredocs', 'cat <<E\nx\nE\n'.repeat(20_000)],
    ['many unterminated heredocs', 'cat <<E; '.repeat(25_000)],
    ['many line continuations', 'ls \\\n'.repeat(50_000)],
    ['many brace words', '{a,b} '.repeat(40_000)],
  ])('answers on huge input, never throwing: %s', (_name, command) => {
    // How long it takes is the bench's to print (npm run bench), not a test's to assert.
    const analysis = analyzeShell(command.slice(0, 256 * 1024));
    expect(analysis.error !== undefined || analysis.segments.length > 0).toBe(true);
    // One assertion over all segments: an `expect` per segment cost more than the parse.
    expect(analysis.segments.filter((segment) => segment.end < segment.start)).toEqual([]);
  });
});

describe('analyzeShell on long lists', () => {
  it('gives each command of a list its own words', () => {
    expect(argvOf('a b c; d && e f | g')).toEqual([['a', 'b', 'c'], ['d'], ['e', 'f'], ['g']]);
  });

  it('keeps every word of a command with thousands of them', () => {
    const text = `echo${' a'.repeat(4094)} && ls *.ts`;
    const { segments, error } = analyzeShell(text);
    expect(error).toBeUndefined();
    expect(segments[0]!.argv).toHaveLength(4095);
    expect(segments[1]!.argv).toEqual(['ls', '*.ts']);
    expect(segments[1]!.words![1]!.glob).toBe(true);
  });

  it('answers afresh for each call: two calls give equal analyses, not one shared object', () => {
    const command = 'git status && npm test -- x';
    const first = analyzeShell(command);
    const second = analyzeShell(command);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
  });
});
