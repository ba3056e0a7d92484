import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { Language, type Node, Parser } from 'web-tree-sitter';
import { analyzeShell, type ShellAnalysis } from '../../shared/shell/index.ts';

/**
 * A second opinion on parsing: tree-sitter-bash (through web-tree-sitter, in WebAssembly) reads
 * the same commands, and every simple command it finds must be one Gatehouse finds too — the same
 * words where both read them as literal text — unless Gatehouse called the command unclear
 * (`error`, which callers treat as "not a read" and deny rules as a match). A command Gatehouse
 * missed would be one no deny rule and no read-only check ever looked at.
 */

let parser: Parser;

beforeAll(async () => {
  await Parser.init();
  const bash = await Language.load('node_modules/tree-sitter-bash/tree-sitter-bash.wasm');
  parser = new Parser();
  parser.setLanguage(bash);
});

/** A word of a command as tree-sitter read it: its text after quote removal, or undefined when not literal. */
function literal(node: Node): string | undefined {
  switch (node.type) {
    case 'word':
    case 'number':
      // Unquoted: a backslash keeps the next character; a backslash-newline is dropped.
      return node.text.replace(/\\\n/g, '').replace(/\\(.)/gs, '$1');
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'string': {
      if (node.namedChildren.some((child) => child?.type !== 'string_content')) return undefined;
      return node.text
        .slice(1, -1)
        .replace(/\\\n/g, '')
        .replace(/\\([$`"\\])/g, '$1');
    }
    case 'concatenation': {
      let text = '';
      for (const child of node.namedChildren) {
        const part = child === null ? undefined : literal(child);
        if (part === undefined) return undefined;
        text += part;
      }
      // Unnamed pieces (`{`, `}` of a brace expansion) make it no plain literal.
      return text.length === node.text.replace(/["'\\]/g, '').length ? text : undefined;
    }
    default:
      return undefined;
  }
}

/** One simple command tree-sitter found: its words, undefined where not literal, and where its name starts. */
interface FoundCommand {
  text: string;
  words: (string | undefined)[];
  start: number;
}

function treeSitterCommands(command: string): { commands: FoundCommand[]; error: boolean } {
  const tree = parser.parse(command);
  if (tree === null) throw new Error('tree-sitter returned no tree');
  const commands: FoundCommand[] = [];
  const visit = (node: Node): void => {
    if (node.type === 'command') {
      const nodes = [node.childForFieldName('name'), ...node.childrenForFieldName('argument')].filter(
        (word): word is Node => word !== null,
      );
      const words = nodes.map((word) =>
        word.type === 'command_name' ? literal(word.firstNamedChild ?? word) : literal(word),
      );
      // tree-sitter-bash reads `time` as a command; bash reads it as a reserved word before a
      // pipeline (with `-p`, its one option), which is how Gatehouse reads it too.
      const skip = words[0] === 'time' ? (words[1] === '-p' ? 2 : 1) : 0;
      if (words.length > skip)
        commands.push({ text: node.text, words: words.slice(skip), start: nodes[skip]!.startIndex });
    }
    // tree-sitter-bash reads `$((git))` as a subshell in a command substitution; bash reads
    // arithmetic (`git` a variable), as Gatehouse does: no command runs.
    if (node.type === 'command_substitution' && node.text.startsWith('$((')) return;
    for (const child of node.namedChildren) if (child !== null) visit(child);
  };
  visit(tree.rootNode);
  const error = tree.rootNode.hasError;
  tree.delete();
  return { commands, error };
}

/**
 * Whether a Gatehouse segment is the command tree-sitter found: its name starts at the same
 * character of the command, and it has the same words where both read them as literal text.
 */
function sameCommand(found: FoundCommand, segment: ShellAnalysis['segments'][number]): boolean {
  if (segment.words?.[0]?.start !== found.start || segment.argv.length !== found.words.length) return false;
  return found.words.every((word, index) => {
    const ours = segment.words?.[index];
    if (word === undefined || ours === undefined || ours.dynamic) return true;
    return segment.argv[index] === word;
  });
}

/** The commands tree-sitter found that Gatehouse did not, for a command Gatehouse parsed. */
function missed(command: string): FoundCommand[] | 'unclear' | 'tree-sitter error' {
  const analysis = analyzeShell(command);
  if (analysis.error !== undefined) return 'unclear';
  const { commands, error } = treeSitterCommands(command);
  if (error) return 'tree-sitter error';
  return commands.filter((found) => !analysis.segments.some((segment) => sameCommand(found, segment)));
}

/** Commands from a small grammar of what agents write, nested. */
const { command } = fc.letrec<{ word: string; simple: string; command: string }>((tie) => ({
  word: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    // Not a lone `-`: tree-sitter-bash drops it before a descriptor's redirection (`cat - 2>&1`).
    fc.constantFrom('ls', 'rm', 'x', '-rf', '--force', 'src/*.ts', '~/x', '.', 'a\\ b', 'é', 'a=b', '-n'),
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a template
    fc.constantFrom("'a b'", "'$(rm x)'", '"a b"', '"$HOME/x"', '$X', '${X:-y}', '"\\$x"', "''", '""'),
    tie('command').map((inner) => `$(${inner})`),
    tie('command').map((inner) => `"$(${inner})"`),
    tie('simple').map((inner) => `\`${inner}\``),
    tie('command').map((inner) => `<(${inner})`),
  ),
  simple: fc
    .tuple(
      fc.constantFrom('', '', 'A=1 ', 'LC_ALL=C X=$(id) '),
      fc.constantFrom('', '', 'sudo ', 'env ', 'nice -n 5 ', 'timeout 5 ', 'xargs ', 'command '),
      fc.constantFrom('git', 'cat', 'echo', 'ls', 'rm', 'curl', 'npm', 'grep'),
      fc.array(tie('word'), { maxLength: 3 }),
      fc.constantFrom('', '', ' > out', ' 2>&1', ' < in', ' >> "$F"', ' 2>/dev/null', ' <<< "$(id)"'),
    )
    .map(
      ([assign, wrapper, name, words, redirect]) =>
        [`${assign}${wrapper}${name}`, ...words].join(' ') + redirect,
    ),
  command: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('simple'),
    fc
      .tuple(tie('simple'), fc.constantFrom(' && ', ' || ', ' | ', '; ', ' |& ', '\n', ' & '), tie('command'))
      .map(([left, operator, right]) => `${left}${operator}${right}`),
    tie('command').map((inner) => `(${inner})`),
    tie('command').map((inner) => `{ ${inner}; }`),
    fc.tuple(tie('simple'), tie('command')).map(([test, body]) => `if ${test}; then ${body}; fi`),
    fc.tuple(tie('simple'), tie('command')).map(([test, body]) => `while ${test}; do ${body}; done`),
  ),
}));

/** A heredoc after a command: unquoted (its `$(…)` run) or quoted (literal). */
const withHeredoc = fc
  .tuple(command, command, fc.boolean())
  .map(([first, inBody, quoted]) => `cat <<${quoted ? "'EOF'" : 'EOF'}\nline $(${inBody}) $X\nEOF\n${first}`);

/** The checked-in corpus of real one-liners (`expect<TAB>command`). */
const corpus = readFileSync(new URL('../fixtures/one-liners.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => {
    const tab = line.indexOf('\t');
    return { expect: line.slice(0, tab), command: line.slice(tab + 1) };
  });

describe('tree-sitter-bash as a second opinion', () => {
  it('reads the corpus: one expectation and one command a line', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(40);
    for (const row of corpus) {
      expect(['read', 'write', 'run']).toContain(row.expect);
      expect(row.command.length).toBeGreaterThan(0);
    }
  });

  it.each(corpus.map((row) => row.command))('finds what tree-sitter finds in %j', (text) => {
    const result = missed(text);
    // A real one-liner that either parser refuses is worth a look of its own.
    expect(result).not.toBe('tree-sitter error');
    if (result !== 'unclear') expect(result).toEqual([]);
  });

  it('finds every command tree-sitter finds in generated commands, or calls them unclear', () => {
    const outcomes = { compared: 0, unclear: 0, 'tree-sitter error': 0 };
    fc.assert(
      // tree-sitter-bash reads two backtick substitutions in one command (`a \`b\` \`c\``) as one,
      // `b\` \`c`: commands with more than one are left out, since the oracle misreads them.
      fc.property(
        fc.oneof(command, withHeredoc).filter((text) => text.split('`').length <= 3),
        (text) => {
          const result = missed(text);
          if (typeof result === 'string') outcomes[result] += 1;
          else {
            outcomes.compared += 1;
            expect(result).toEqual([]);
          }
        },
      ),
    );
    // The comparison is only worth something while most commands are compared at all.
    expect(outcomes.compared, JSON.stringify(outcomes)).toBeGreaterThan(
      2 * (outcomes.unclear + outcomes['tree-sitter error']),
    );
  });

  it('would notice a command Gatehouse missed', () => {
    // The oracle itself: a segment dropped from the analysis is reported.
    const { commands } = treeSitterCommands('echo "$(rm -rf ~)" && ls');
    const analysis = analyzeShell('echo "$(rm -rf ~)" && ls');
    const withoutRm = analysis.segments.filter((segment) => segment.argv[0] !== 'rm');
    const lost = commands.filter((found) => !withoutRm.some((segment) => sameCommand(found, segment)));
    expect(lost.map((found) => found.text)).toEqual(['rm -rf ~']);
  });
});
