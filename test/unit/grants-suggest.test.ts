import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EngineToolCall } from '../../shared/contract/index.ts';
import { callFacts, decide } from '../../shared/engine/index.ts';
import {
  checkGrantRule,
  checkGrantRules,
  compileGrants,
  fromClaudeSuggestions,
  suggestRules,
} from '../../shared/grants/index.ts';
import { compilePlan } from '../../shared/plan/index.ts';
import { calls } from '../support/calls.ts';

const HOME = '/home/u';
const suggested = (call: EngineToolCall) =>
  suggestRules(call, callFacts(call), { home: HOME }).map((suggestion) => suggestion.rules);
const check = (rule: string, call: EngineToolCall) =>
  checkGrantRule(rule, call, callFacts(call), { home: HOME });

/** Whether saving these rules for the session makes the engine allow the call by step 7. */
function grantedBy(rules: readonly string[], call: EngineToolCall): string {
  const records = rules.map((rule, at) => ({
    id: `g${at}`,
    kind: 'rule' as const,
    rule,
    scope: 'session' as const,
  }));
  const grants = compileGrants(records, 0);
  expect(grants.skipped).toEqual([]);
  return decide(compilePlan({}), call, { mode: 'default', grants, now: 0, home: HOME }).reasonCode;
}

describe('suggested rules, narrowest first', () => {
  it.each<[string, EngineToolCall, string[][]]>([
    [
      'npm install',
      calls.bash('npm install lodash'),
      [['Bash(npm install lodash)'], ['Bash(npm install:*)']],
    ],
    ['npm i with a flag', calls.bash('npm i -D vitest'), [['Bash(npm i -D vitest)'], ['Bash(npm i:*)']]],
    ['git push', calls.bash('git push origin feat'), [['Bash(git push origin feat)'], ['Bash(git push:*)']]],
    [
      'cargo build',
      calls.bash('cargo build --release'),
      [['Bash(cargo build --release)'], ['Bash(cargo build:*)']],
    ],
    [
      'a script run names the script',
      calls.bash('npm run test -- --watch'),
      [['Bash(npm run test -- --watch)'], ['Bash(npm run test:*)']],
    ],
    ['a bare script run gets only itself', calls.bash('npm run build'), [['Bash(npm run build)']]],
    ['a program with no subcommand gets only itself', calls.bash('rm -rf build'), [['Bash(rm -rf build)']]],
    [
      'a quoted argument stays quoted',
      calls.bash('git commit -m "fix it"'),
      [['Bash(git commit -m "fix it")'], ['Bash(git commit:*)']],
    ],
    [
      'a compound command: one rule per part',
      calls.bash('npm install x && npm test'),
      [
        ['Bash(npm install x)', 'Bash(npm test)'],
        ['Bash(npm install:*)', 'Bash(npm test)'],
      ],
    ],
    [
      'a compound command whose parts share a rule',
      calls.bash('npm install a; npm install b'),
      [['Bash(npm install a)', 'Bash(npm install b)'], ['Bash(npm install:*)']],
    ],
    [
      'Edit deep in the tree',
      calls.edit('src/a/b.ts'),
      [['Edit(src/a/b.ts)'], ['Edit(src/a/**)'], ['Edit(src/**)']],
    ],
    [
      'Edit by absolute path inside cwd',
      calls.edit('/work/repo/lib/x.ts'),
      [['Edit(lib/x.ts)'], ['Edit(lib/**)']],
    ],
    [
      'Edit with dot segments',
      calls.edit('./src/../docs/guide.md'),
      [['Edit(docs/guide.md)'], ['Edit(docs/**)']],
    ],
    ['Edit at the top of cwd', calls.edit('README.md'), [['Edit(/README.md)']]],
    [
      'Write',
      calls.tool('Write', { file_path: 'src/new.ts', content: 'x' }),
      [['Edit(src/new.ts)'], ['Edit(src/**)']],
    ],
    [
      'WebFetch',
      calls.fetch('https://docs.python.org/3/library/re.html'),
      [['WebFetch(domain:docs.python.org)']],
    ],
    [
      'WebFetch, host in capitals',
      calls.fetch('https://Docs.Python.org./3/'),
      [['WebFetch(domain:docs.python.org)']],
    ],
    [
      'WebFetch over http',
      calls.fetch('http://localhost.example:8080/x'),
      [['WebFetch(domain:localhost.example)']],
    ],
    ['an MCP tool', calls.tool('mcp__github__create_issue', { title: 'x' }), [['mcp__github__create_issue']]],
    [
      'an MCP tool with a long name',
      calls.tool('mcp__my-server__do_thing_now', {}),
      [['mcp__my-server__do_thing_now']],
    ],
    ['an MCP tool with a nested name', calls.tool('mcp__a__b__c', { q: 1 }), [['mcp__a__b__c']]],
  ])('%s', (_name, call, expected) => {
    expect(suggested(call)).toEqual(expected);
  });
});

describe('hostile calls never yield a wide rule', () => {
  it.each<[string, EngineToolCall]>([
    ['a shell running the command', calls.bash("bash -c 'npm install x'")],
    ['sh -c', calls.bash('sh -c "npm install x"')],
    ['eval', calls.bash('eval npm install x')],
    ['sudo', calls.bash('sudo npm install')],
    ['env', calls.bash('env npm i')],
    ['env with an assignment', calls.bash('env FOO=1 npm i')],
    ['an assignment prefix', calls.bash('NODE_OPTIONS=--require=./x.js npm test')],
    ['xargs', calls.bash('echo x | xargs npm install')],
    ['timeout', calls.bash('timeout 5 npm install x')],
    ['python', calls.bash('python3 -m pip install x')],
    ['versioned python', calls.bash('python3.12 setup.py install')],
    ['node -e', calls.bash('node -e "require(1)"')],
    ['npx', calls.bash('npx create-thing app')],
    ['awk', calls.bash('awk \'BEGIN{system("id")}\'')],
    ['a compound command with rm -rf ~', calls.bash('npm install x; rm -rf ~')],
    ['a substitution', calls.bash('npm install $(curl -s x.example)')],
    ['a redirection into a file', calls.bash('npm install x > ~/.bashrc')],
    ['a dynamic program name', calls.bash('$PM install x')],
    ['a command that does not parse', calls.bash('npm install "x')],
    ['Edit of .git/config', calls.edit('.git/config')],
    ['Edit of a hook', calls.edit('/work/repo/.git/hooks/pre-commit')],
    ['Edit of .claude settings', calls.edit('.claude/settings.json')],
    ['Edit outside cwd', calls.edit('../outside/x.ts')],
    ['Edit climbing out', calls.edit('src/../../outside/x.ts')],
    ['Edit of ~/.bashrc', calls.edit('~/.bashrc')],
    ['Edit of /etc/passwd', calls.edit('/etc/passwd')],
    ['Edit of a nested .env', calls.edit('src/.env.production')],
    ['Edit with a glob in the path', calls.edit('src/*/x.ts')],
    ['Edit without cwd', { ...calls.edit('src/a.ts'), cwd: undefined }],
    ['WebFetch of a file URL', calls.fetch('file:///etc/passwd')],
    ['WebFetch of a bare name', calls.fetch('https://intranet/x')],
    ['a server-wide MCP name', calls.tool('mcp__github', {})],
    ['an unknown tool', calls.tool('Deploy', { target: 'prod' })],
  ])('%s', (_name, call) => {
    for (const rules of suggested(call)) {
      // Only a rule naming the very command (no wildcard) may come out of these, and none did.
      expect(rules.every((rule) => !rule.includes('*'))).toBe(true);
    }
    expect(suggested(call)).toEqual([]);
  });
});

describe('checkGrantRule', () => {
  const install = calls.bash('npm install lodash');
  it.each<[string, string, EngineToolCall, RegExp]>([
    ['a bare tool', 'Bash', install, /every call of Bash/],
    ['a star', 'Bash(*)', install, /every call of Bash/],
    ['an empty specifier', 'Bash()', install, /every call of Bash/],
    ['a leading wildcard', 'Bash(* install lodash)', install, /begin with the command/],
    ['every use of a program', 'Bash(npm:*)', install, /every use of npm/],
    ['every use, glob form', 'Bash(npm *)', install, /every use of npm/],
    ['an option in place of a subcommand', 'Bash(npm --prefix:*)', install, /every use of npm/],
    ['a shell', 'Bash(bash:*)', calls.bash("bash -c 'npm i'"), /allows any code/],
    ['a shell by path', 'Bash(/bin/sh -c:*)', calls.bash("/bin/sh -c 'npm i'"), /allows any code/],
    ['an interpreter', 'Bash(python:*)', calls.bash('python x.py'), /interpreter/],
    ['a versioned interpreter', 'Bash(python3 -m pytest:*)', calls.bash('python3 -m pytest'), /interpreter/],
    [
      'a wrapper',
      'Bash(sudo npm install:*)',
      calls.bash('sudo npm install x'),
      /runs the command it is given/,
    ],
    ['env', 'Bash(env:*)', calls.bash('env npm i'), /runs the command it is given/],
    ['xargs', 'Bash(xargs npm:*)', calls.bash('xargs npm'), /runs the command it is given/],
    ['an assignment', 'Bash(FOO=1 npm test)', calls.bash('FOO=1 npm test'), /variable assignment/],
    ['a program known at run time', 'Bash($PM install x)', calls.bash('$PM install x'), /spell out/],
    ['a program behind a glob', 'Bash(np? install x)', calls.bash('np? install x'), /spell out/],
    ['a quoted program', "Bash('sudo' npm i)", calls.bash("'sudo' npm i"), /spell out/],
    ['a runner without its target', 'Bash(npm run:*)', calls.bash('npm run build'), /name that too/],
    ['a rule that does not compile', 'Bash(npm install', install, /unbalanced/],
    ['a rule that does not cover the call', 'Bash(npm test:*)', install, /does not cover/],
    ['a rule for another tool', 'Edit(src/**)', install, /does not cover/],
    ['every file', 'Edit(**)', calls.edit('src/a.ts'), /name a directory/],
    ['every file, rooted', 'Edit(/**)', calls.edit('src/a.ts'), /name a directory/],
    ['every file of a kind', 'Edit(*.ts)', calls.edit('src/a.ts'), /name a directory/],
    ['the home directory', 'Edit(~/**)', calls.edit('~/x/a.ts'), /name a directory/],
    ['a protected path', 'Edit(.git/**)', calls.edit('.git/config'), /protected/],
    ['a protected path behind a wildcard', 'Edit(src/**/.git/**)', calls.edit('src/a.ts'), /protected/],
    ['a rule reaching .env files', 'Edit(src/.env*)', calls.edit('src/.env'), /protected/],
    ['a top-level domain', 'WebFetch(domain:org)', calls.fetch('https://python.org/'), /top-level/],
    ['a whole MCP server', 'mcp__github', calls.tool('mcp__github__x', {}), /every call of mcp__github/],
    ['a whole MCP server, star form', 'mcp__github__*', calls.tool('mcp__github__x', {}), /every call/],
    ['a critical call', 'Bash(rm -rf ~)', calls.bash('rm -rf ~'), /critical/],
  ])('refuses %s', (_name, rule, call, reason) => {
    const result = check(rule, call);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it.each<[string, EngineToolCall]>([
    ['Bash(npm install:*)', calls.bash('npm install lodash')],
    ['Bash(git push origin feat)', calls.bash('git push origin feat')],
    ['Edit(src/**)', calls.edit('src/a/b.ts')],
    ['WebFetch(domain:python.org)', calls.fetch('https://docs.python.org/')],
    ['mcp__github__create_issue', calls.tool('mcp__github__create_issue', {})],
  ])('accepts %s', (rule, call) => {
    expect(check(rule, call)).toEqual({ ok: true, rule });
  });

  it('accepts rules that cover a compound command only together', () => {
    const call = calls.bash('npm install x && npm test');
    expect(check('Bash(npm install:*)', call).ok).toBe(false);
    expect(checkGrantRules(['Bash(npm install:*)', 'Bash(npm test)'], call, callFacts(call))).toEqual({
      ok: true,
      rules: ['Bash(npm install:*)', 'Bash(npm test)'],
    });
  });
});

describe("Claude Code's permission_suggestions", () => {
  it('takes allow rules and leaves the rest', () => {
    const suggestions = [
      {
        type: 'addRules',
        rules: [{ toolName: 'Bash', ruleContent: 'npm install:*' }],
        behavior: 'allow',
        destination: 'localSettings',
      },
      {
        type: 'addRules',
        rules: [{ toolName: 'Bash', ruleContent: 'rm:*' }],
        behavior: 'deny',
        destination: 'session',
      },
      { type: 'setMode', mode: 'acceptEdits', destination: 'session' },
      { type: 'addDirectories', directories: ['/tmp'], destination: 'session' },
      {
        type: 'addRules',
        rules: [
          { toolName: 'mcp__github__create_issue' },
          { toolName: 'Bash', ruleContent: 'npm install:*' },
        ],
        behavior: 'allow',
        destination: 'session',
      },
      'junk',
      null,
    ];
    expect(fromClaudeSuggestions(suggestions)).toEqual(['Bash(npm install:*)', 'mcp__github__create_issue']);
  });

  it('reads anything that is not a list as no suggestion', () => {
    expect(fromClaudeSuggestions(undefined)).toEqual([]);
    expect(fromClaudeSuggestions({ type: 'addRules' })).toEqual([]);
  });

  it('is checked like any proposal: a wide one is refused', () => {
    const call = calls.bash('npm install lodash');
    const [rule] = fromClaudeSuggestions([
      { type: 'addRules', rules: [{ toolName: 'Bash' }], behavior: 'allow' },
    ]);
    expect(check(rule!, call).ok).toBe(false);
  });
});

describe('a suggested rule covers the call it came from', () => {
  const word = fc.constantFrom(
    'install',
    'build',
    'test',
    'push',
    'add',
    'origin',
    'main',
    'lodash',
    '-D',
    '--force',
    'x.ts',
    '"a b"',
  );
  const program = fc.constantFrom('npm', 'git', 'cargo', 'make', 'pnpm', 'docker', 'rm', 'cp');
  const simple = fc
    .tuple(program, fc.array(word, { maxLength: 4 }))
    .map(([name, rest]) => [name, ...rest].join(' '));
  const command = fc
    .array(simple, { minLength: 1, maxLength: 3 })
    .chain((parts) => fc.constantFrom(' && ', '; ', ' || ').map((joiner) => parts.join(joiner)));
  const segment = fc.constantFrom('src', 'lib', 'a', 'deep', 'docs', '.github', 'node_modules');
  const file = fc.tuple(fc.array(segment, { maxLength: 3 }), fc.constantFrom('a.ts', 'README.md', 'x.json'));
  const call = fc.oneof(
    command.map((text) => calls.bash(text)),
    file.map(([dirs, name]) => calls.edit([...dirs, name].join('/'))),
    fc
      .constantFrom('docs.python.org', 'api.example.com', 'example.org')
      .map((host) => calls.fetch(`https://${host}/p`)),
  );

  it('every suggestion, saved as a grant, allows its call at step 7', () => {
    fc.assert(
      fc.property(call, (c) => {
        for (const rules of suggested(c))
          expect([c.input, rules, grantedBy(rules, c)]).toEqual([c.input, rules, 'grant_session_rule']);
      }),
    );
  });

  it('every suggestion passes checkGrantRules for its call', () => {
    fc.assert(
      fc.property(call, (c) => {
        for (const rules of suggested(c))
          expect(checkGrantRules(rules, c, callFacts(c), { home: HOME }).ok).toBe(true);
      }),
    );
  });
});
