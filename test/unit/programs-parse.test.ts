import { describe, expect, it } from 'vitest';
import {
  CATALOG,
  type ParsedCommand,
  type ParsedProgram,
  parseSegment,
} from '../../shared/programs/index.ts';
import { analyzeShell } from '../../shared/shell/index.ts';

/** The one parse of a simple command against its catalog entry (shared/programs/parse.ts). */
const parse = (command: string): ParsedCommand => parseSegment(analyzeShell(command).segments[0]!);

function parsed(command: string): ParsedProgram {
  const result = parse(command);
  if (result.kind !== 'parsed') throw new Error(`${command}: ${result.reason}`);
  return result;
}

const options = (command: string) =>
  parsed(command).options.map((option) => [option.name, option.value ?? null, option.effects.join(',')]);
const operands = (command: string) => parsed(command).operands.map((operand) => [operand.text, operand.role]);

describe('parseSegment', () => {
  it('gives a tree cluster its values from the following words, in order', () => {
    expect(options('tree -Lo 1 ~/.bashrc')).toEqual([
      ['L', '1', ''],
      ['o', '~/.bashrc', 'writes'],
    ]);
    expect(operands('tree -Lo 1 out dir')).toEqual([['dir', 'reads']]);
  });

  it('reads getopt clusters with the value attached', () => {
    expect(options('sort -ruo out in')).toEqual([
      ['r', null, ''],
      ['u', null, ''],
      ['o', 'out', 'writes'],
    ]);
  });

  it('ends xxd options at its first operand, and gives its second operand the written role', () => {
    expect(operands('xxd -r -p in.hex -a')).toEqual([
      ['in.hex', 'reads'],
      ['-a', 'writes'],
    ]);
    expect(parse('xxd -ps in')).toMatchObject({
      kind: 'unsure',
      reason: expect.stringMatching(/-ps as one option/),
    });
    expect(parse('xxd a b c')).toMatchObject({ kind: 'unsure' });
  });

  it('gives an option the effects of its value, abbreviated values included', () => {
    expect(options('grep -d read x f')).toEqual([['d', 'read', '']]);
    expect(options('grep -d rec x f')).toEqual([['d', 'rec', 'walks']]);
    expect(options('grep --directories=recurse x f')).toEqual([['directories', 'recurse', 'walks']]);
  });

  it("takes grep's pattern from -e, so every operand is then a file", () => {
    expect(operands('grep x f')).toEqual([
      ['x', 'text'],
      ['f', 'reads'],
    ]);
    expect(operands('grep f g -e x')).toEqual([
      ['f', 'reads'],
      ['g', 'reads'],
    ]);
  });

  it("reads git's own options, then the subcommand (two words first) against its entry", () => {
    const git = parsed('git -C sub --no-pager stash list --oneline');
    expect(git.options.map((option) => [option.name, option.effects.join(',')])).toEqual([
      ['C', 'elsewhere'],
      ['no-pager', ''],
    ]);
    expect(git.subcommand).toMatchObject({ kind: 'parsed', program: 'git stash list' });
    expect(parsed('git cat-file --batch').subcommand).toMatchObject({
      options: [{ name: 'batch', effects: ['stdin-names'] }],
    });
    // An unlisted subcommand: git's own options are read, the subcommand is unsure (and named, for the rater).
    expect(parse('git -C x frobnicate -f')).toMatchObject({
      kind: 'parsed',
      options: [{ name: 'C', value: 'x' }],
      subcommand: {
        kind: 'unsure',
        program: 'git frobnicate',
        at: 4,
        reason: expect.stringMatching(/not in the program catalog/),
      },
    });
    expect(parse('git $SUB')).toMatchObject({ kind: 'unsure' });
  });

  it('is unsure of an abbreviation, an unlisted option, a value that looks like an option, a dynamic word', () => {
    for (const command of [
      'sort --out=x',
      'ls --frobnicate',
      'head -n --lines=1 f',
      'ls $X',
      'cat -Q',
      'nosuchprogram',
    ]) {
      expect(parse(command).kind, command).toBe('unsure');
    }
  });

  it('is unsure of a pattern that may start with "-", and not of one that cannot', () => {
    expect(parse('ls *').kind).toBe('unsure');
    expect(parse('ls [!a]*').kind).toBe('unsure');
    expect(parse('ls [a-z]*').kind).toBe('parsed');
    expect(parse('ls -- *').kind).toBe('parsed');
    expect(parse('uniq src/*').kind).toBe('unsure');
  });

  it('reads a program by its system path only', () => {
    expect(parsed('/usr/bin/cat f').program).toBe('cat');
    expect(parse('./cat f')).toMatchObject({ kind: 'unsure', reason: expect.stringMatching(/run by path/) });
  });

  it('has one entry per name, and every read-only entry and subcommand is well formed', () => {
    const names = CATALOG.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    expect(CATALOG.filter((entry) => entry.readOnly).length).toBeGreaterThan(90);
  });
});
