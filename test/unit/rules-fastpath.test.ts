import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runsOtherCommands, SHELLS, WRAPPERS } from '../../shared/rules/bash-wrappers.ts';
import {
  type CompiledRule,
  compileRule,
  indexRules,
  type RuleBehavior,
  type RuleTarget,
} from '../../shared/rules/index.ts';

/**
 * The rule index compares a command's words in place with the words rules are filed under, one
 * by one at a node with few children and by length and first character at a node with many. Plans
 * here crowd nodes on purpose — many rules sharing their first words, words of one length and
 * first character, words that are prefixes of others — and the index must still find what a
 * linear scan finds.
 */

const stems = ['npm run', 'npm test', 'tool', 'git', 'git push', 'deploy', 'a', 'a b'];
const tails = ['task', 'tas', 'taskk', 't', 'x', 'xy', '--dangerous', ''];
const ruleText = fc
  .tuple(
    fc.constantFrom(...stems),
    fc.constantFrom(...tails),
    fc.integer({ min: 0, max: 60 }),
    fc.constantFrom(':*', '', ' *', '*'),
  )
  .map(([stem, tail, n, end]) => `Bash(${`${stem} ${tail}${tail === '' ? '' : n}`.trim()}${end})`);

const commandWord = fc.oneof(
  fc.constantFrom('npm', 'run', 'test', 'tool', 'git', 'push', 'deploy', 'a', 'b', '--', 'x', ''),
  fc.tuple(fc.constantFrom(...tails), fc.integer({ min: 0, max: 60 })).map(([tail, n]) => `${tail}${n}`),
);
const command = fc
  .array(
    fc.tuple(fc.array(commandWord, { minLength: 1, maxLength: 5 }), fc.constantFrom(' && ', '; ', ' | ')),
    { minLength: 1, maxLength: 3 },
  )
  .map((parts) => `${parts.map(([words, operator]) => words.join(' ') + operator).join('')}end`);

function compileAll(texts: readonly string[], behavior: RuleBehavior): CompiledRule[] {
  return texts.map((text) => compileRule(text, behavior));
}

describe('rule index on crowded word trees', () => {
  it.each<RuleBehavior>(['allow', 'ask', 'deny'])('finds the rule a linear scan finds (%s)', (behavior) => {
    fc.assert(
      fc.property(
        fc.array(ruleText, { minLength: 1, maxLength: 80 }),
        fc.array(command, { minLength: 1, maxLength: 8 }),
        (texts, commands) => {
          const rules = compileAll(texts, behavior);
          const index = indexRules(rules);
          for (const text of commands) {
            const target: RuleTarget = { tool: 'Bash', input: { command: text }, cwd: '/repo' };
            expect(index.firstMatch(target)).toBe(rules.find((rule) => rule.matches(target)));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('tells apart words of one length and first character at a crowded node', () => {
    const rules = compileAll(
      Array.from({ length: 30 }, (_, n) => `Bash(npm run task${n + 10}:*)`),
      'allow',
    );
    const index = indexRules(rules);
    const texts = (command: string) =>
      index.candidates({ tool: 'Bash', input: { command } }).map((rule) => rule.text);
    expect(texts('npm run task17 -- x')).toEqual(['Bash(npm run task17:*)']);
    expect(texts('npm run task1 -- x')).toEqual([]);
    expect(texts('npm run task170')).toEqual([]);
    // An allow rule must match every simple command: only the first one's rules are candidates.
    expect(texts('npm run task17 && npm run task23')).toEqual(['Bash(npm run task17:*)']);
    expect(texts('npm run task23 && npm run task17')).toEqual(['Bash(npm run task23:*)']);
  });

  it('finds an allow rule through the first simple command, whichever commands follow', () => {
    const rules = compileAll(['Bash(git status)', 'Bash(npm test:*)', 'Bash(npm run lint)'], 'allow');
    const index = indexRules(rules);
    const first = (command: string) => index.firstMatch({ tool: 'Bash', input: { command } })?.text;
    expect(first('npm test && npm test -- --run x')).toBe('Bash(npm test:*)');
    expect(first('npm test && git status')).toBeUndefined();
    expect(first('git status && npm test')).toBeUndefined();
    expect(first('npm test | npm run lint')).toBeUndefined();
  });

  it('takes a whole word at a node with few children, not a word that begins it', () => {
    const rules = compileAll(['Bash(tool task1:*)', 'Bash(tool task17:*)', 'Bash(tool:*)'], 'deny');
    const index = indexRules(rules);
    const texts = (command: string) =>
      index.candidates({ tool: 'Bash', input: { command } }).map((rule) => rule.text);
    expect(texts('tool task17 x')).toEqual(['Bash(tool task17:*)', 'Bash(tool:*)']);
    expect(texts('tool task1')).toEqual(['Bash(tool task1:*)', 'Bash(tool:*)']);
    expect(texts('tool task')).toEqual(['Bash(tool:*)']);
    expect(index.firstMatch({ tool: 'Bash', input: { command: 'tool task17 x' } })?.text).toBe(
      'Bash(tool task17:*)',
    );
  });
});

describe("deny and ask lists told by the first characters of a command's names", () => {
  // Names whose first characters fall in each of the four 32-code words of the bits, and names
  // starting past ASCII, which may start anything: every deny rule on a name must still be found.
  const names = ['+x', '0rm', 'Rm', '_rm', 'rm', '~x', 'ñx', 'éx', '日本'];

  it.each(names)('finds a deny rule on %s beside names of every other kind', (name) => {
    const rules = compileAll([`Bash(${name}:*)`], 'deny');
    const index = indexRules(rules);
    for (const other of names) {
      for (const command of [`${other} a && ${name} -rf /`, `${name} -rf / ; ${other} a`]) {
        const target: RuleTarget = { tool: 'Bash', input: { command }, cwd: '/repo' };
        expect(index.firstMatch(target)?.text, command).toBe(`Bash(${name}:*)`);
      }
    }
  });
});

describe('commands that run other commands', () => {
  const names = [...WRAPPERS, ...SHELLS, 'eval', 'find'];
  const reference = (base: string) =>
    WRAPPERS.has(base) || SHELLS.has(base) || base === 'eval' || base === 'find';

  it.each(names)('%s is one', (name) => {
    expect(runsOtherCommands(name)).toBe(true);
  });

  it('are told apart from other names by their first character and length as by the lists', () => {
    const near = fc.oneof(
      fc.constantFrom(...names).map((name) => name.slice(0, -1)),
      fc.constantFrom(...names).map((name) => `${name}x`),
      fc.constantFrom(...names).map((name) => `x${name.slice(1)}`),
      fc.string({ maxLength: 40 }),
      fc.constantFrom('', 'npm', 'git', 'ls', 'é', '\u212Aey', 'sudo'.repeat(10)),
    );
    fc.assert(
      fc.property(near, (base) => {
        expect(runsOtherCommands(base)).toBe(reference(base));
      }),
      { numRuns: 5000 },
    );
  });
});
