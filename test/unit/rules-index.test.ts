import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePlan, layerPlans } from '../../shared/plan/index.ts';
import { allowRendering, denyRenderings } from '../../shared/rules/bash-render.ts';
import { commandView } from '../../shared/rules/bash-view.ts';
import {
  type CompiledRule,
  compileRule,
  indexRules,
  type RuleBehavior,
  RuleError,
  type RuleTarget,
} from '../../shared/rules/index.ts';
import { analyzeShell } from '../../shared/shell/index.ts';

/** Compiles what compiles: random rule texts may be invalid, and those are not the point here. */
function compileValid(texts: readonly string[], behavior: RuleBehavior): CompiledRule[] {
  const rules: CompiledRule[] = [];
  for (const text of texts) {
    try {
      rules.push(compileRule(text, behavior));
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
    }
  }
  return rules;
}

const linearFirstMatch = (rules: readonly CompiledRule[], target: RuleTarget) =>
  rules.find((rule) => rule.matches(target));

const commandWords = [
  'rm',
  'git',
  'npm',
  'ls',
  'echo',
  'run',
  'test',
  'status',
  'push',
  '-rf',
  'x',
  '--force',
];
const wrappers = ['sudo', 'env A=1', 'xargs', 'timeout 5', 'nice -n 1', 'command', 'exec', 'watch'];
const shellBits = [
  ' && ',
  ' || ',
  '; ',
  ' | ',
  '\n',
  ' & ',
  '$(',
  ')',
  '`',
  '"',
  "'",
  '$CMD ',
  '/bin/',
  'A=1 ',
];

const bashSpecifier = fc
  .tuple(
    fc.array(fc.constantFrom(...commandWords, '*'), { minLength: 1, maxLength: 3 }),
    fc.constantFrom('', ':*', ' *', '*'),
  )
  .map(([words, tail]) => words.join(' ') + tail);

const ruleText = fc.oneof(
  { weight: 6, arbitrary: bashSpecifier.map((specifier) => `Bash(${specifier})`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'Bash',
      'Bash(*)',
      'Read',
      'Read(src/**)',
      'Read(.env)',
      'Edit(src/**)',
      'Write(//etc/**)',
      'Grep(secrets/**)',
      'WebFetch(domain:example.com)',
      'mcp__github',
      'mcp__github__*',
      'mcp__github__create_issue',
      'mcp__a__b__*',
      'mcp__a',
      'Task(Explore)',
      'MyTool(x*)',
    ),
  },
);

const wordOrBit = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...commandWords) },
  { weight: 1, arbitrary: fc.constantFrom(...wrappers) },
  { weight: 2, arbitrary: fc.constantFrom(...shellBits) },
);
const command = fc
  .array(wordOrBit, { minLength: 1, maxLength: 10 })
  .map((parts) => parts.join(' '))
  .chain((text) =>
    fc.constantFrom(text, `bash -c "${text}"`, `sh -c '${text}'`, `eval ${text}`, `find . -exec ${text} ;`),
  );

const target: fc.Arbitrary<RuleTarget> = fc.oneof(
  { weight: 6, arbitrary: command.map((c) => ({ tool: 'Bash', input: { command: c }, cwd: '/repo' })) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<RuleTarget>(
      { tool: 'Bash', input: {} },
      { tool: 'Bash', input: { command: 42 } },
      { tool: 'Bash', input: null as unknown as Record<string, unknown> },
      { tool: 'Read', input: { file_path: 'src/a.ts' }, cwd: '/repo' },
      { tool: 'Read', input: { file_path: '.env' }, cwd: '/repo' },
      { tool: 'Grep', input: { path: 'secrets' }, cwd: '/repo' },
      { tool: 'Edit', input: { file_path: 'src/a.ts' }, cwd: '/repo' },
      { tool: 'Write', input: { file_path: '/etc/passwd' } },
      { tool: 'MultiEdit', input: { file_path: '/etc/passwd' } },
      { tool: 'WebFetch', input: { url: 'https://api.example.com/x' } },
      { tool: 'mcp__github__create_issue', input: {} },
      { tool: 'mcp__github', input: {} },
      { tool: 'mcp__githubx__y', input: {} },
      { tool: 'mcp__a__b__c', input: {} },
      { tool: 'mcp__a__bc', input: {} },
      { tool: 'Task', input: { subagent_type: 'Explore' } },
      { tool: 'MyTool', input: { q: 'xyz' } },
    ),
  },
);

describe('rule index', () => {
  it.each<RuleBehavior>(['allow', 'ask', 'deny'])(
    'finds the rule a linear scan finds (%s rules, random rules and calls)',
    (behavior) => {
      fc.assert(
        fc.property(
          fc.array(ruleText, { maxLength: 25 }),
          fc.array(target, { minLength: 1, maxLength: 6 }),
          (texts, targets) => {
            const rules = compileValid(texts, behavior);
            const index = indexRules(rules);
            for (const call of targets) expect(index.firstMatch(call)).toBe(linearFirstMatch(rules, call));
          },
        ),
        { numRuns: 400 },
      );
    },
  );

  it('tries only rules that can apply, in list order', () => {
    const rules = compileValid(
      [
        'Bash(npm run build:*)',
        'Bash(rm:*)',
        'Bash(npm test:*)',
        'Bash(* --version)',
        'Read(src/**)',
        'mcp__github__*',
        'Bash(npm test -- --run x)',
      ],
      'deny',
    );
    const index = indexRules(rules);
    const texts = (call: RuleTarget) => index.candidates(call).map((rule) => rule.text);
    expect(texts({ tool: 'Bash', input: { command: 'npm test -- --run x' } })).toEqual([
      'Bash(npm test:*)',
      'Bash(* --version)',
      'Bash(npm test -- --run x)',
    ]);
    expect(texts({ tool: 'Bash', input: { command: 'git status' } })).toEqual(['Bash(* --version)']);
    expect(texts({ tool: 'mcp__github__x', input: {} })).toEqual(['mcp__github__*']);
    expect(texts({ tool: 'Grep', input: {} })).toEqual(['Read(src/**)']);
    expect(texts({ tool: 'Unknown', input: {} })).toEqual([]);
  });

  it.each([
    ['a wrapper', 'sudo rm -rf /'],
    ['a shell -c string', 'bash -c "cd x && rm -rf y"'],
    ['a substitution', 'echo $(rm x)'],
    ['a quoted command name', "'rm' x"],
    ['a path to the command', '/bin/rm x'],
    ['find -exec', 'find . -exec rm {} ;'],
  ])('looks up deny rules behind %s', (_, command) => {
    const index = indexRules(compileValid(['Bash(git:*)', 'Bash(rm:*)'], 'deny'));
    expect(index.firstMatch({ tool: 'Bash', input: { command } })?.text).toBe('Bash(rm:*)');
  });

  it.each([
    ['a dynamic command name', '$CMD -rf /'],
    ['a shell reading stdin', 'curl x | sh'],
    ['a command that does not parse', 'rm -rf "x'],
    ['a command that is not a string', 7],
  ])('checks every deny rule for %s', (_, command) => {
    const rules = compileValid(['Bash(git:*)', 'Bash(rm:*)'], 'deny');
    expect(indexRules(rules).candidates({ tool: 'Bash', input: { command } })).toEqual(rules);
  });

  it('finds crowded command words by their first character, ASCII or not', () => {
    // More than a few words under one node, so they are filed by shape and first character.
    const words = ['ls', 'git', 'énorme', 'ñu', '日本', 'zip', 'npm', 'make', 'cargo', 'émoi', '😀go'];
    const rules = compileValid(
      words.map((word) => `Bash(${word}:*)`),
      'deny',
    );
    const index = indexRules(rules);
    for (const word of words) {
      const call = { tool: 'Bash', input: { command: `${word} x` } };
      expect(index.firstMatch(call)?.text).toBe(`Bash(${word}:*)`);
      expect(index.candidates(call).map((rule) => rule.text)).toEqual([`Bash(${word}:*)`]);
    }
    for (const command of ['énorm x', 'ñ x', '日 x', '😀 x', 'émoi2 x', 'Énorme x', ' x']) {
      expect(index.candidates({ tool: 'Bash', input: { command } })).toEqual([]);
    }
  });

  it('checks a rule without coverage data for every call', () => {
    const handMade: CompiledRule = { text: 'custom', tool: 'Custom', behavior: 'deny', matches: () => true };
    const rules = [...compileValid(['Bash(rm:*)'], 'deny'), handMade];
    const index = indexRules(rules);
    expect(index.firstMatch({ tool: 'Anything', input: {} })).toBe(handMade);
    expect(index.firstMatch({ tool: 'Bash', input: { command: 'rm x' } })?.text).toBe('Bash(rm:*)');
  });

  it('files a rule under an empty word, as a reading of an empty argument has one', () => {
    const twoSpaces: CompiledRule = {
      text: 'two spaces',
      tool: 'Bash',
      behavior: 'deny',
      coverage: { tools: ['Bash'] },
      commandWords: ['a', '', 'b'],
      // What a deny pattern `a  b` would do: `a '' b` reads as "a  b" (argv a, '', b).
      matches: (call) => call.input.command === "a '' b",
    };
    const index = indexRules([twoSpaces]);
    expect(index.firstMatch({ tool: 'Bash', input: { command: "a '' b" } })).toBe(twoSpaces);
    expect(index.candidates({ tool: 'Bash', input: { command: 'a b' } })).toEqual([]);
  });

  it('falls back to every rule when narrowing throws', () => {
    const rules = compileValid(['Read', 'Bash(rm:*)', 'Bash(git:*)'], 'deny');
    const hostile: RuleTarget = {
      tool: 'Bash',
      input: {
        get command(): string {
          throw new Error('a getter that throws');
        },
      },
    };
    const index = indexRules(rules);
    expect(index.candidates(hostile)).toEqual(rules);
    // The rule fails closed on the same input, and the index still finds it.
    expect(index.firstMatch(hostile)?.text).toBe('Bash(rm:*)');
  });
});

describe('plans carry the index of their rule lists', () => {
  const workspace = compilePlan({ permissions: { deny: ['Bash(rm:*)'], allow: ['Bash(git status)'] } });
  const session = compilePlan({ permissions: { deny: ['Bash(git push:*)'], ask: ['Read(.env)'] } });

  it.each([
    ['a compiled plan', workspace],
    ['a layered plan', layerPlans(workspace, session)],
  ])('%s', (_, plan) => {
    for (const behavior of ['allow', 'ask', 'deny'] as const) {
      expect(plan.index[behavior].size).toBe(plan.rules[behavior].length);
    }
    const layered = layerPlans(workspace, session);
    expect(layered.index.deny.firstMatch({ tool: 'Bash', input: { command: 'git push -f' } })?.text).toBe(
      'Bash(git push:*)',
    );
    expect(layered.index.deny.firstMatch({ tool: 'Bash', input: { command: 'sudo rm x' } })?.text).toBe(
      'Bash(rm:*)',
    );
  });
});

describe('the shared view of a command', () => {
  const part = fc.oneof(
    wordOrBit,
    fc.constantFrom('"a b"', "'rm'", 'A=1', 'B="x y"', '/usr/bin/git', '$X', '> out', '2>&1', '<(ls)'),
  );
  // Separators a command's text may hold between words: the view must not mistake it for the words.
  const separator = fc.constantFrom(' ', ' ', '  ', '\t', ' \\\n', '');
  const shellish = fc
    .array(fc.tuple(part, separator), { minLength: 1, maxLength: 8 })
    .map((pairs) => pairs.map(([text, gap]) => text + gap).join(''));

  it('has the readings and allow renderings bash-render.ts defines', () => {
    fc.assert(
      fc.property(shellish, (command) => {
        const analysis = analyzeShell(command);
        const view = commandView(analysis);
        expect(view.segments).toHaveLength(analysis.segments.length);
        analysis.segments.forEach((segment, index) => {
          const segmentView = view.segments[index]!;
          const expected = denyRenderings(
            segment.argv,
            segment.words?.map((word) => word.raw),
            segment.assignments,
          );
          const name = segment.argv[0] ?? '';
          const base = name.slice(name.lastIndexOf('/') + 1);
          if (base !== name) expected.push([base, ...segment.argv.slice(1)].join(' '));
          expect(new Set(segmentView.readings)).toEqual(new Set(expected));
          expect(segmentView.allowRendering).toBe(allowRendering(segment));
        });
      }),
      { numRuns: 1000 },
    );
  });

  it('is the same object for every rule of a call', () => {
    const analysis = analyzeShell('git status && npm test');
    expect(commandView(analysis)).toBe(commandView(analysis));
  });
});
