import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePlan, layerPlans } from '../../shared/plan/index.ts';
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
const wrappers = [
  'sudo',
  'sudo -u u',
  'env A=1',
  'env -S',
  'xargs',
  'xargs -I{}',
  'timeout 5',
  'timeout -k 5 10',
  'nice -n 1',
  'command',
  'exec',
  'watch -n 3 -d',
  'flock /lock',
  'su -c',
  'runuser -u u --',
  'at now',
  'source',
  'git -C .',
  'git -c alias.x=rm',
  'parallel',
  ':::',
  'timeout --frob',
];
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
      );
    },
  );

  /** The rules' texts in the order `firstMatch` tries them for a call. */
  function tried(texts: readonly string[], behavior: RuleBehavior, call: RuleTarget): string[] {
    const seen: string[] = [];
    const rules = compileValid(texts, behavior).map(
      (rule): CompiledRule => ({
        ...rule,
        matches: () => {
          seen.push(rule.text);
          return false;
        },
      }),
    );
    indexRules(rules).firstMatch(call);
    return seen;
  }

  it('tries only rules that can apply, in list order', () => {
    const texts = [
      'Bash(npm run build:*)',
      'Bash(rm:*)',
      'Bash(npm test:*)',
      'Bash(* --version)',
      'Read(src/**)',
      'mcp__github__*',
      'Bash(npm test -- --run x)',
      'Bash',
    ];
    const bashCall = (command: unknown): RuleTarget => ({ tool: 'Bash', input: { command } });
    expect(tried(texts, 'deny', bashCall('npm test -- --run x'))).toEqual([
      'Bash(npm run build:*)',
      'Bash(npm test:*)',
      'Bash(* --version)',
      'Bash(npm test -- --run x)',
      'Bash',
    ]);
    expect(tried(texts, 'deny', bashCall('git status'))).toEqual(['Bash(* --version)', 'Bash']);
    expect(tried(texts, 'deny', bashCall('sudo rm x'))).toEqual(['Bash(rm:*)', 'Bash(* --version)', 'Bash']);
    expect(tried(texts, 'allow', bashCall('git status && rm x'))).toEqual(['Bash(* --version)', 'Bash']);
    expect(tried(texts, 'allow', bashCall('rm x && git status'))).toEqual([
      'Bash(rm:*)',
      'Bash(* --version)',
      'Bash',
    ]);
    expect(tried(texts, 'deny', { tool: 'mcp__github__x', input: {} })).toEqual(['mcp__github__*']);
    expect(tried(texts, 'deny', { tool: 'Grep', input: {} })).toEqual(['Read(src/**)']);
    expect(tried(texts, 'deny', { tool: 'Unknown', input: {} })).toEqual([]);
  });

  it.each([
    ['a wrapper', 'sudo rm -rf /'],
    ['a shell -c string', 'bash -c "cd x && rm -rf y"'],
    ['a substitution', 'echo $(rm x)'],
    ['a quoted command name', "'rm' x"],
    ['a path to the command', '/bin/rm x'],
    ['find -exec', 'find . -exec rm {} \\;'],
    ['git global options', 'git -C . -c x=y rm'],
    ['an inline git alias', "git -c 'alias.x=!rm -rf y' x"],
    ['watch', 'watch -n 1 rm x'],
  ])('looks up deny rules behind %s', (_, command) => {
    const index = indexRules(compileValid(['Bash(git push:*)', 'Bash(rm:*)', 'Bash(git rm:*)'], 'deny'));
    expect(index.firstMatch({ tool: 'Bash', input: { command } })?.text).toMatch(/rm:\*/);
  });

  it.each([
    ['a dynamic command name', '$CMD -rf /'],
    ['a shell reading stdin', 'curl x | sh'],
    ['a command that does not parse', 'rm -rf "x'],
    ['a command that is not a string', 7],
    ['a wrapper option the table does not know', 'timeout --frob 5 ls'],
    ['a source of stdin', 'source /dev/stdin'],
  ])('tries every deny rule for %s', (_, command) => {
    const texts = ['Bash(git:*)', 'Bash(rm:*)'];
    expect(tried(texts, 'deny', { tool: 'Bash', input: { command } })).toEqual(texts);
  });

  it('checks a rule without coverage data for every call', () => {
    const handMade: CompiledRule = { text: 'custom', tool: 'Custom', behavior: 'deny', matches: () => true };
    const rules = [...compileValid(['Bash(rm:*)'], 'deny'), handMade];
    const index = indexRules(rules);
    expect(index.firstMatch({ tool: 'Anything', input: {} })).toBe(handMade);
    expect(index.firstMatch({ tool: 'Bash', input: { command: 'rm x' } })?.text).toBe('Bash(rm:*)');
  });

  it('a command name with a space in it is looked up by its first word, as rules read it', () => {
    const index = indexRules(compileValid(['Bash(git push:*)'], 'deny'));
    expect(index.firstMatch({ tool: 'Bash', input: { command: '"git push" x' } })?.text).toBe(
      'Bash(git push:*)',
    );
    expect(index.firstMatch({ tool: 'Bash', input: { command: 'A=1 git push' } })?.text).toBe(
      'Bash(git push:*)',
    );
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
    // The rule fails closed on the same input, and the index still finds it.
    expect(indexRules(rules).firstMatch(hostile)?.text).toBe('Bash(rm:*)');
  });
});

describe("the call's one analysis", () => {
  it('is what Bash rules and the index read when the call carries it', () => {
    // An analysis of another command, to show whose words are read: the call's, not a new parse.
    const shell = analyzeShell('rm -rf x');
    const target: RuleTarget = { tool: 'Bash', input: { command: 'ls' }, shell };
    expect(compileRule('Bash(rm:*)', 'deny').matches(target)).toBe(true);
    expect(compileRule('Bash(rm:*)', 'allow').matches(target)).toBe(true);
    expect(indexRules(compileValid(['Bash(rm:*)'], 'deny')).firstMatch(target)?.text).toBe('Bash(rm:*)');
    expect(compileRule('Bash(rm:*)', 'deny').matches({ tool: 'Bash', input: { command: 'ls' } })).toBe(false);
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
