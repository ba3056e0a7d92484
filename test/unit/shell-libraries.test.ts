/**
 * Why shared/shell has its own tokenizer: the two libraries the toolchain notes point at get
 * security-relevant cases wrong. Each row pins the library's actual behaviour next to ours, so a
 * library release that fixes it shows up here and the choice can be revisited.
 */
// @ts-expect-error -- the package ships no type declarations; its shape is typed below.
import parseBashUntyped from '@ericcornelissen/bash-parser';
import { parse as shellQuote } from 'shell-quote';
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../shared/shell/index.ts';

const parseBash = parseBashUntyped as (source: string) => unknown;

/** Every `Command` node's name in a bash-parser AST, nested ones included. */
function commandNames(node: unknown, into: string[] = []): string[] {
  if (Array.isArray(node)) for (const child of node) commandNames(child, into);
  else if (typeof node === 'object' && node !== null) {
    const record = node as Record<string, unknown>;
    const name = record.name as { text?: unknown } | undefined;
    if (record.type === 'Command' && typeof name?.text === 'string') into.push(name.text);
    for (const value of Object.values(record)) commandNames(value, into);
  }
  return into;
}

const ourCommands = (command: string): string[] =>
  analyzeShell(command).segments.map((segment) => segment.argv[0] ?? '');

describe('shell-quote 1.12', () => {
  it('does not see a command substitution inside double quotes', () => {
    expect(shellQuote('echo "$(rm -rf x)"')).toEqual(['echo', '$(rm -rf x)']);
    expect(analyzeShell('echo "$(rm -rf x)"')).toMatchObject({ substitution: true });
    expect(ourCommands('echo "$(rm -rf x)"')).toEqual(['rm', 'echo']);
  });

  it('does not model backticks at all', () => {
    expect(shellQuote('echo `rm x`')).toEqual(['echo', '`rm', 'x`']);
    expect(ourCommands('echo `rm x`')).toEqual(['rm', 'echo']);
  });

  it('expands $VAR through its env callback, to "" by default, hiding the expansion', () => {
    expect(shellQuote('echo $HOME')).toEqual(['echo', '']);
    expect(analyzeShell('echo $HOME')).toMatchObject({ expansion: true });
  });

  it('accepts an unterminated quote silently', () => {
    expect(shellQuote('echo "unterminated')).toEqual(['echo', 'unterminated']);
    expect(analyzeShell('echo "unterminated').error).toMatch(/unterminated/);
  });

  it('reads a heredoc body as commands', () => {
    expect(shellQuote('cat <<EOF\nhi; rm x\nEOF')).toContainEqual({ op: ';' });
    expect(ourCommands("cat <<'EOF'\nhi; rm x\nEOF")).toEqual(['cat']);
  });
});

describe('@ericcornelissen/bash-parser 0.5.3', () => {
  it('reads a heredoc body as commands', () => {
    expect(commandNames(parseBash('cat <<EOF\nhi; rm x\nEOF\nls'))).toEqual(['cat', 'hi', 'rm', 'EOF', 'ls']);
    expect(ourCommands('cat <<EOF\nhi; rm x\nEOF\nls')).toEqual(['cat', 'ls']);
  });

  it.each(['diff <(ls) <(rm x)', 'a |& b', 'cat <<< "$(rm x)"'])('cannot parse %j', (command) => {
    expect(() => parseBash(command)).toThrow();
    expect(analyzeShell(command).error).toBeUndefined();
  });

  it('reads `ls &> f` as a background job followed by a redirection', () => {
    expect(JSON.stringify(parseBash('ls &> f'))).toContain('"async":true');
    expect(analyzeShell('ls &> f')).toMatchObject({
      background: false,
      redirections: [{ op: '&>', target: 'f' }],
    });
  });
});
