import { describe, expect, it } from 'vitest';
import { limits } from '../../shared/contract/limits.ts';
import {
  compileRule,
  compileRules,
  type RuleBehavior,
  RuleError,
  type RuleTarget,
} from '../../shared/rules/index.ts';
import { analyzeShell } from '../../shared/shell/index.ts';
import { hostileRows } from '../support/hostile/rules.ts';

const bash = (command: unknown): RuleTarget => ({ tool: 'Bash', input: { command } });
const matches = (rule: string, behavior: RuleBehavior, target: RuleTarget): boolean =>
  compileRule(rule, behavior).matches(target);

describe('rule syntax errors', () => {
  it.each<[string, RegExp]>([
    ['', /the rule is empty/],
    ['   ', /the rule is empty/],
    ['Bash(ls', /unbalanced parentheses/],
    ['Bash ls)', /unbalanced parentheses/],
    ['Bash(ls))', /unbalanced parentheses/],
    ['Bash(echo (x)', /unbalanced parentheses/],
    ['Bash(ls) extra', /text after the closing parenthesis/],
    ['(ls)', /the tool name is empty/],
    ['Ba sh(ls)', /may only contain letters/],
    ['Bash!(ls)', /may only contain letters/],
    ['Read.*', /may only contain letters/],
    ['mcp__*', /may only contain letters/],
    [`${'T'.repeat(limits.toolNameLength + 1)}`, /tool name is longer than/],
    [`Bash(${'x'.repeat(limits.ruleLength)})`, /longer than 1000 characters/],
    ['Bash(npm:*run)', /":\*" is only allowed at the end/],
    ['Bash(:*)', /needs a command before it/],
    ['WebFetch(domain:)', /no domain after "domain:"/],
    ['WebFetch(example.com)', /WebFetch\(domain:example\.com\)/],
    ['WebFetch(domain:exa mple.com)', /is not a domain name/],
    ['WebFetch(domain:http://x.com)', /is not a domain name/],
    ['WebFetch(domain:a*b.com)', /is not a domain name/],
    ['mcp__github__*(x)', /takes no specifier/],
    ['mcp__github(x)', /takes no specifier/],
    ['Read(!secret)', /may not start with "#" or "!"/],
    ['Edit(#x)', /may not start with "#" or "!"/],
    ['Read(../x)', /"\." and "\.\." are not supported/],
    ['Read(src/../x)', /"\." and "\.\." are not supported/],
    ['Read(~bob/x)', /"~user" paths are not supported/],
  ])('%j', (rule, reason) => {
    let thrown: unknown;
    try {
      compileRule(rule, 'deny');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RuleError);
    const error = thrown as RuleError;
    expect(error.reason).toMatch(reason);
    expect(error.rule).toBe(rule);
    expect(error.message).toContain('Invalid permission rule');
    expect(error.message).toContain(JSON.stringify(rule.slice(0, 120)).slice(0, -1));
    expect(error.message).toMatch(reason);
  });

  it('compileRules throws the first invalid rule', () => {
    expect(() => compileRules(['Bash(ls)', 'Bash(', 'WebFetch(domain:)'], 'allow')).toThrow(
      /"Bash\(": unbalanced/,
    );
  });

  it('reads \\( and \\) as literal parentheses', () => {
    expect(matches('Bash(echo \\(x)', 'deny', bash('echo "(x"'))).toBe(true);
    expect(
      matches('Read(//tmp/a\\(1\\).txt)', 'allow', { tool: 'Read', input: { file_path: '/tmp/a(1).txt' } }),
    ).toBe(true);
  });

  it('keeps the rule text and tool as written', () => {
    const [rule] = compileRules(['  Bash(git push:*) '], 'ask');
    expect(rule).toMatchObject({ text: '  Bash(git push:*) ', tool: 'Bash', behavior: 'ask' });
  });
});

describe('tool-level rules', () => {
  it.each<[string, string, boolean]>([
    ['Bash', 'Bash', true],
    ['Bash()', 'Bash', true],
    ['Bash(*)', 'Bash', true],
    ['Bash( * )', 'Bash', true],
    ['Bash', 'bash', false],
    ['Bash', 'BashOutput', false],
    ['WebFetch', 'WebFetch', true],
    ['Read', 'Read', true],
    ['Read', 'Grep', true],
    ['Read', 'Edit', false],
    ['Edit', 'Write', true],
    ['Edit', 'MultiEdit', true],
    ['Edit', 'NotebookEdit', true],
    ['Edit', 'Read', false],
    ['MyTool', 'MyTool', true],
    ['MyTool', 'mytool', false],
  ])('%s covers %s: %s', (rule, tool, expected) => {
    expect(matches(rule, 'allow', { tool, input: {} })).toBe(expected);
    expect(matches(rule, 'deny', { tool, input: {} })).toBe(expected);
  });

  it('a bare Bash allow rule allows even commands that do not parse', () => {
    expect(matches('Bash', 'allow', bash('echo "unterminated'))).toBe(true);
  });

  it('Write covers only Write for allow, every editing tool for deny', () => {
    expect(matches('Write', 'allow', { tool: 'Edit', input: {} })).toBe(false);
    expect(matches('Write', 'allow', { tool: 'Write', input: {} })).toBe(true);
    expect(matches('Write', 'deny', { tool: 'Edit', input: {} })).toBe(true);
    expect(
      matches('Write(//etc/**)', 'deny', { tool: 'MultiEdit', input: { file_path: '/etc/hosts' } }),
    ).toBe(true);
    expect(
      matches('Write(//etc/**)', 'allow', { tool: 'MultiEdit', input: { file_path: '/etc/hosts' } }),
    ).toBe(false);
  });
});

describe('Bash command patterns (allow, single commands)', () => {
  it.each<[string, string, boolean]>([
    ['Bash(git status)', 'git status', true],
    ['Bash(git status)', 'git  status', true],
    ['Bash(git status)', 'git status --short', false],
    ['Bash(git status)', 'git statuses', false],
    ['Bash(npm run test:*)', 'npm run test', true],
    ['Bash(npm run test:*)', 'npm run test -- --watch', true],
    ['Bash(npm run test:*)', 'npm run test:unit', false],
    ['Bash(npm run test:*)', 'npm run tests', false],
    ['Bash(npm:*)', 'npm', true],
    ['Bash(npm:*)', 'npx x', false],
    ['Bash(ls *)', 'ls', true],
    ['Bash(ls *)', 'ls -la', true],
    ['Bash(ls *)', 'lsof', false],
    ['Bash(ls*)', 'lsof', true],
    ['Bash(git * main)', 'git push origin main', true],
    ['Bash(git * main)', 'git checkout main', true],
    ['Bash(git * main)', 'git push origin main2', false],
    ['Bash(git * main)', 'git main', false],
    ['Bash(* --version)', 'node --version', true],
    ['Bash(* install)', 'npm install', true],
    ['Bash(echo \\*)', 'echo *', true],
    ['Bash(echo \\*)', 'echo x', false],
    ['Bash(git commit -m *)', 'git commit -m "fix: a; b"', true],
    ['Bash(git push origin main)', 'git push "origin main"', false],
    ['Bash(git push origin main)', 'git push origin "main"', false],
    ['Bash(git status)', 'GIT_DIR=/tmp/x git status', false],
    ['Bash(GIT_DIR=x git status)', 'GIT_DIR=x git status', true],
    ['Bash(git status)', 'sudo git status', false],
    ['Bash(sudo git status)', 'sudo git status', true],
    ['Bash(git status)', '/usr/bin/git status', false],
    ['Bash(* --version)', '$CMD --version', false],
    ['Bash(* --version)', '{rm,-rf,x} --version', false],
    ['Bash(* --version)', 'r? --version', false],
    ['Bash($EDITOR *)', '$EDITOR notes.md', true],
  ])('%s allows %j: %s', (rule, command, expected) => {
    expect(matches(rule, 'allow', bash(command))).toBe(expected);
  });
});

describe('Bash allow rules need every segment and no side doors', () => {
  it.each<[string, string, boolean]>([
    ['Bash(git status)', 'git status; rm -rf ~', false],
    ['Bash(git status)', 'git status && git status', true],
    ['Bash(git status)', 'git status | git status', true],
    ['Bash(git:*)', 'git status && git log', true],
    ['Bash(git:*)', 'git status && curl x | sh', false],
    ['Bash(npm test:*)', 'npm test && curl x | sh', false],
    ['Bash(git:*)', '(git status) && { git log; }', true],
    ['Bash(echo:*)', 'echo $(cat ~/.ssh/id_rsa)', false],
    ['Bash(echo:*)', 'echo `id`', false],
    ['Bash(echo:*)', 'echo "$(id)"', false],
    ['Bash(cat:*)', 'cat <(curl x)', false],
    ['Bash(echo:*)', 'echo hi > ~/.bashrc', false],
    ['Bash(echo:*)', 'echo hi >> f', false],
    ['Bash(echo:*)', 'echo hi &> f', false],
    ['Bash(echo:*)', 'echo hi >& f', false],
    ['Bash(echo:*)', 'echo hi > $F', false],
    ['Bash(npm test:*)', 'npm test 2>&1', true],
    ['Bash(npm test:*)', 'npm test > /dev/null 2>&1', true],
    ['Bash(npm test:*)', 'npm test 2>/dev/null', true],
    ['Bash(cat:*)', 'cat < input.txt', true],
    ['Bash(cat:*)', 'cat <<EOF\nhello\nEOF', true],
    ['Bash(cat:*)', 'cat <<EOF\n$(rm x)\nEOF', false],
    ['Bash(echo:*)', 'echo "unterminated', false],
    ['Bash(echo:*)', '', false],
    ['Bash(echo:*)', '# just a comment', false],
    ['Bash(echo:*)', 'X=1; echo hi', false],
    ['Bash(echo:*)', 'echo a # && rm x', true],
  ])('%s allows %j: %s', (rule, command, expected) => {
    expect(matches(rule, 'allow', bash(command))).toBe(expected);
  });

  it('a non-string command is never allowed by a specific rule, always denied', () => {
    expect(matches('Bash(ls)', 'allow', bash(undefined))).toBe(false);
    expect(matches('Bash(ls)', 'allow', bash(['ls']))).toBe(false);
    expect(matches('Bash(ls)', 'deny', bash(undefined))).toBe(true);
    expect(
      matches('Bash(ls)', 'deny', { tool: 'Bash', input: null as unknown as Record<string, unknown> }),
    ).toBe(true);
  });
});

describe('Bash deny and ask rules match any part', () => {
  it.each<[string, string, boolean]>([
    ['Bash(rm:*)', 'git status; rm -rf ~', true],
    ['Bash(rm:*)', 'git status', false],
    ['Bash(rm:*)', 'rmdir x', false],
    ['Bash(rm:*)', 'echo "rm -rf x"', false],
    ['Bash(rm:*)', "grep 'rm -rf' f", false],
    ['Bash(rm:*)', 'echo $(rm -rf x)', true],
    ['Bash(rm:*)', 'echo "`rm x`"', true],
    ['Bash(rm:*)', 'diff <(ls) >(rm x)', true],
    ['Bash(rm:*)', 'cat <<EOF\n$(rm x)\nEOF', true],
    ['Bash(rm:*)', '(cd / && rm -rf x)', true],
    ['Bash(rm:*)', 'if true; then rm x; fi', true],
    ['Bash(rm:*)', '"rm" -rf x', true],
    ['Bash(rm:*)', 'r\\m -rf x', true],
    ['Bash(rm:*)', "$'\\x72m' -rf x", true],
    ['Bash(rm:*)', '/bin/rm -rf x', true],
    ['Bash(rm:*)', 'FOO=1 rm x', true],
    ['Bash(rm:*)', 'sudo rm -rf x', true],
    ['Bash(rm:*)', 'sudo -u root rm -rf x', true],
    ['Bash(rm:*)', 'xargs rm', true],
    ['Bash(rm:*)', 'find . -name x | xargs -0 rm -f', true],
    ['Bash(rm:*)', 'find . -exec rm {} \\;', true],
    ['Bash(rm:*)', 'find . -execdir rm -f {} +', true],
    ['Bash(rm:*)', 'bash -c "rm -rf x"', true],
    ['Bash(rm:*)', "sh -c 'echo a; rm -rf x'", true],
    ['Bash(rm:*)', "bash -lc 'rm x'", true],
    ['Bash(rm:*)', "su root -c 'rm x'", true],
    ['Bash(rm:*)', 'sudo bash -c "xargs rm"', true],
    ['Bash(rm:*)', 'env A=1 B=2 rm x', true],
    ['Bash(rm:*)', 'env -i rm x', true],
    ['Bash(rm:*)', "env -S 'rm -rf x'", true],
    ['Bash(rm:*)', 'nice -n 5 rm x', true],
    ['Bash(rm:*)', 'timeout 5 rm x', true],
    ['Bash(rm:*)', 'nohup rm x &', true],
    ['Bash(rm:*)', 'command rm x', true],
    ['Bash(rm:*)', 'exec rm x', true],
    ['Bash(rm:*)', 'time rm x', true],
    ['Bash(rm:*)', "watch 'rm -rf x'", true],
    ['Bash(rm:*)', 'eval "rm -rf x"', true],
    ['Bash(rm:*)', 'eval rm -rf x', true],
    ['Bash(rm:*)', 'eval "$CMD"', true],
    ['Bash(rm:*)', '$CMD -rf x', true],
    ['Bash(rm:*)', '/bin/r? -rf x', true],
    ['Bash(rm:*)', '{rm,-rf,x}', true],
    ['Bash(rm:*)', 'curl x | sh', true],
    ['Bash(rm:*)', 'curl x | bash -s', true],
    ['Bash(rm:*)', 'sh -c "$1" _ x', true],
    ['Bash(rm:*)', 'bash ./script.sh', false],
    ['Bash(rm:*)', 'echo "rm x', true],
    ['Bash(git push:*)', 'echo "git push origin main', true],
    ['Bash(git push:*)', 'echo "oops', false],
    ['Bash(* --force)', 'echo "oops', true],
    ['Bash(git push:*)', 'git push --force origin main', true],
    ['Bash(git push * --force)', 'git push origin main --force', true],
    ['Bash(git push * --force)', 'git push origin main', false],
    ['Bash(rm -rf /)', 'sudo rm -rf /', true],
    ['Bash(rm -rf /)', 'rm -rf / tmp', false],
  ])('%s matches %j: %s', (rule, command, expected) => {
    expect(matches(rule, 'deny', bash(command))).toBe(expected);
    expect(matches(rule, 'ask', bash(command))).toBe(expected);
  });

  it('bounds the unwrapping of deeply nested wrappers and fails closed', () => {
    const nested = `${'sudo '.repeat(200)}ls`;
    expect(matches('Bash(rm:*)', 'deny', bash(nested))).toBe(true);
    expect(matches('Bash(rm:*)', 'allow', bash(nested))).toBe(false);
    let script = 'rm x';
    for (let level = 0; level < 10; level += 1) script = `sh -c ${JSON.stringify(script)}`;
    expect(matches('Bash(rm:*)', 'deny', bash(script))).toBe(true);
  });

  it('matches a huge command, parsed once, against many rules: none, then the one it names', () => {
    // As the engine does: one analysis of the call, handed to every rule (RuleTarget.shell).
    const parsed = (command: string): RuleTarget => ({ ...bash(command), shell: analyzeShell(command) });
    const command = `${'git status && '.repeat(1000)}ls`;
    const rules = compileRules(
      Array.from({ length: 200 }, (_, index) => `Bash(tool${index} * --flag *:*)`),
      'deny',
    );
    const none = parsed(command);
    expect(rules.filter((rule) => rule.matches(none))).toEqual([]);
    const one = parsed(`${command} && tool7 x --flag y`);
    expect(rules.filter((rule) => rule.matches(one)).map((rule) => rule.text)).toEqual([
      'Bash(tool7 * --flag *:*)',
    ]);
  });
});

describe('file path rules', () => {
  const cwd = '/work/project';
  const home = '/home/ana';
  const read = (file_path: string, context: Partial<RuleTarget> = { cwd, home }): RuleTarget => ({
    tool: 'Read',
    input: { file_path },
    ...context,
  });
  const edit = (file_path: string, tool = 'Edit'): RuleTarget => ({ tool, input: { file_path }, cwd, home });

  it.each<[string, RuleTarget, boolean, boolean]>([
    // rule, target, allow matches, deny matches
    ['Edit(src/**)', edit('/work/project/src/a.ts'), true, true],
    ['Edit(src/**)', edit('/work/project/src/deep/er/a.ts'), true, true],
    ['Edit(src/**)', edit('src/a.ts'), true, true],
    ['Edit(src/**)', edit('src/../../etc/passwd'), false, false],
    ['Edit(src/**)', edit('/work/project/src/../../../etc/passwd'), false, false],
    ['Edit(src/**)', edit('/work/project/srcx/a.ts'), false, false],
    ['Edit(src/**)', edit('/work/project/other/src/a.ts'), false, false],
    ['Edit(src/**)', edit('/work/project/SRC/a.ts'), false, true],
    ['Edit(src/*)', edit('/work/project/src/a.ts'), true, true],
    ['Edit(src/*.ts)', edit('/work/project/src/deep/a.ts'), false, false],
    ['Edit(src/**/*.ts)', edit('/work/project/src/deep/a.ts'), true, true],
    ['Edit(src/**/*.ts)', edit('/work/project/src/a.ts'), true, true],
    ['Edit(*.md)', edit('/work/project/docs/deep/README.md'), true, true],
    ['Edit(/README.md)', edit('/work/project/README.md'), true, true],
    ['Edit(/README.md)', edit('/work/project/docs/README.md'), false, false],
    ['Edit(./README.md)', edit('/work/project/docs/README.md'), false, false],
    ['Edit(./README.md)', edit('./README.md'), true, true],
    ['Edit(**)', edit('/work/project/a/b'), true, true],
    ['Edit(**)', edit('/etc/passwd'), false, false],
    ['Edit(//etc/**)', edit('/etc/passwd'), true, true],
    ['Edit(//etc/**)', edit('/etc/../etc/ssh/sshd_config'), true, true],
    ['Edit(//etc/**)', edit('/etcetera/x'), false, false],
    ['Edit(//etc/passwd)', edit('/etc/passwd', 'Write'), true, true],
    ['Edit(//etc/passwd)', edit('/etc/passwd', 'NotebookEdit'), false, true],
    ['Read(~/.ssh/**)', read('/home/ana/.ssh/id_rsa'), true, true],
    ['Read(~/.ssh/**)', read('~/.ssh/id_rsa'), true, true],
    ['Read(~/.ssh/**)', read('/home/bob/.ssh/id_rsa'), false, false],
    ['Read(~/.ssh/**)', read('/home/ana/.ssh/id_rsa', { cwd }), false, true],
    ['Read(~/.ssh/**)', read('/home/bob/.ssh/id_rsa', { cwd }), false, true],
    ['Read(~/.ssh/**)', read('/home/bob/notes.txt', { cwd }), false, false],
    ['Read(~/.ssh/**)', read('~/.ssh/id_rsa', { cwd }), false, true],
    ['Read(.env)', read('/work/project/.env'), true, true],
    ['Read(.env)', read('/work/project/api/.env'), true, true],
    ['Read(.env)', read('/work/project/.env.local'), false, false],
    ['Read(.env*)', read('/work/project/.env.local'), true, true],
    ['Read(.env)', read('.env', { home }), false, true],
    ['Read(.env)', read('/srv/app/.env', { home }), false, true],
    ['Read(.env)', read('/srv/app/readme', { home }), false, false],
    ['Read(src/**)', read('src/a.ts', {}), false, true],
  ])('%s on %j: allow %s, deny %s', (rule, target, allowed, denied) => {
    expect(matches(rule, 'allow', target)).toBe(allowed);
    expect(matches(rule, 'deny', target)).toBe(denied);
  });

  it.each<[string, RuleTarget, boolean, boolean]>([
    ['Read(src/**)', { tool: 'Grep', input: { pattern: 'x', path: '/work/project/src' }, cwd }, true, true],
    ['Read(src/**)', { tool: 'Grep', input: { pattern: 'x', path: '/work/project/src/a' }, cwd }, true, true],
    ['Read(src/**)', { tool: 'Grep', input: { pattern: 'x', path: '/work/project' }, cwd }, false, true],
    ['Read(src/**)', { tool: 'Grep', input: { pattern: 'x' }, cwd }, false, true],
    ['Read(src/**)', { tool: 'Grep', input: { pattern: 'x', path: '/work/project/lib' }, cwd }, false, false],
    [
      'Read(src/*.ts)',
      { tool: 'Grep', input: { pattern: 'x', path: '/work/project/src' }, cwd },
      false,
      true,
    ],
    ['Read(**/.env)', { tool: 'Grep', input: { pattern: 'x', path: '/work/project/lib' }, cwd }, false, true],
    ['Read(~/.ssh/**)', { tool: 'Grep', input: { pattern: 'x', path: '/' }, cwd, home }, false, true],
    ['Read(~/.ssh/**)', { tool: 'Grep', input: { pattern: 'x', path: '/home' }, cwd, home }, false, true],
    ['Read(~/.ssh/**)', { tool: 'Grep', input: { pattern: 'x', path: '/srv' }, cwd, home }, false, false],
    [
      'Read(src/**)',
      { tool: 'Glob', input: { pattern: '*.ts', path: '/work/project/src' }, cwd },
      true,
      true,
    ],
    [
      'Read(src/**)',
      { tool: 'Glob', input: { pattern: '../../**', path: '/work/project/src' }, cwd },
      false,
      true,
    ],
    [
      'Read(src/**)',
      { tool: 'Glob', input: { pattern: '/etc/*', path: '/work/project/src' }, cwd },
      false,
      true,
    ],
    ['Read(src/**)', { tool: 'LS', input: { path: '/work/project/src' }, cwd }, true, true],
    ['Read(src/**)', { tool: 'LS', input: { path: '/work/project/docs' }, cwd }, false, false],
    ['Read(//**)', { tool: 'LS', input: { path: '/' }, cwd }, true, true],
  ])('%s on %j: allow %s, deny %s', (rule, target, allowed, denied) => {
    expect(matches(rule, 'allow', target)).toBe(allowed);
    expect(matches(rule, 'deny', target)).toBe(denied);
  });

  it('a missing or non-string path is never allowed, always denied', () => {
    for (const input of [{}, { file_path: 42 }, { file_path: '' }]) {
      expect(matches('Read(**)', 'allow', { tool: 'Read', input, cwd })).toBe(false);
      expect(matches('Read(**)', 'deny', { tool: 'Read', input, cwd })).toBe(true);
    }
  });

  it('a relative cwd counts as unknown', () => {
    expect(
      matches('Edit(src/**)', 'allow', { tool: 'Edit', input: { file_path: 'src/a' }, cwd: 'work' }),
    ).toBe(false);
    expect(
      matches('Edit(src/**)', 'deny', { tool: 'Edit', input: { file_path: 'src/a' }, cwd: 'work' }),
    ).toBe(true);
  });
});

describe('WebFetch domain rules', () => {
  const fetch = (url: unknown): RuleTarget => ({ tool: 'WebFetch', input: { url, prompt: 'x' } });
  it.each<[string, unknown, boolean, boolean]>([
    ['WebFetch(domain:example.com)', 'https://example.com/a', true, true],
    ['WebFetch(domain:example.com)', 'https://EXAMPLE.com./a', true, true],
    ['WebFetch(domain:example.com)', 'http://docs.example.com/a', true, true],
    ['WebFetch(domain:example.com)', 'https://example.com.evil.net/', false, false],
    ['WebFetch(domain:example.com)', 'https://notexample.com/', false, false],
    ['WebFetch(domain:example.com)', 'https://example.com@evil.net/', false, false],
    ['WebFetch(domain:example.com)', 'https://evil.net/?u=https://example.com', false, false],
    ['WebFetch(domain:example.com)', 'https://evil.net@example.com/', true, true],
    ['WebFetch(domain:example.com)', 'ftp://example.com/', false, true],
    ['WebFetch(domain:example.com)', 'not a url', false, true],
    ['WebFetch(domain:example.com)', 'file:///etc/passwd', false, true],
    ['WebFetch(domain:example.com)', 42, false, true],
    ['WebFetch(domain:*.example.com)', 'https://example.com/', false, false],
    ['WebFetch(domain:*.example.com)', 'https://a.example.com/', true, true],
    ['WebFetch(domain:EXAMPLE.com)', 'https://example.com/', true, true],
    ['WebFetch(domain:bücher.de)', 'https://xn--bcher-kva.de/', true, true],
    ['WebFetch(domain:127.0.0.1)', 'http://127.0.0.1:8787/', true, true],
  ])('%s on %j: allow %s, deny %s', (rule, url, allowed, denied) => {
    expect(matches(rule, 'allow', fetch(url))).toBe(allowed);
    expect(matches(rule, 'deny', fetch(url))).toBe(denied);
  });
});

describe('MCP rules', () => {
  it.each<[string, string, boolean]>([
    ['mcp__github__create_issue', 'mcp__github__create_issue', true],
    ['mcp__github__create_issue', 'mcp__github__create_issues', false],
    ['mcp__github__create_issue', 'mcp__GitHub__create_issue', false],
    ['mcp__github__*', 'mcp__github__create_issue', true],
    ['mcp__github__*', 'mcp__github__list', true],
    ['mcp__github__*', 'mcp__githubx__list', false],
    ['mcp__github__*', 'mcp__gitlab__list', false],
    ['mcp__github', 'mcp__github__create_issue', true],
    ['mcp__github', 'mcp__github', true],
    ['mcp__github', 'mcp__github2__x', false],
    ['mcp__github', 'Bash', false],
  ])('%s covers %s: %s', (rule, tool, expected) => {
    expect(matches(rule, 'allow', { tool, input: {} })).toBe(expected);
    expect(matches(rule, 'deny', { tool, input: {} })).toBe(expected);
  });
});

describe('other specifiers', () => {
  it.each<[string, RuleTarget, boolean, boolean]>([
    ['Task(Explore)', { tool: 'Task', input: { subagent_type: 'Explore', prompt: 'x' } }, true, true],
    ['Task(Explore)', { tool: 'Task', input: { subagent_type: 'explore' } }, false, true],
    ['Task(Explore)', { tool: 'Task', input: { subagent_type: 'Plan' } }, false, false],
    ['Task(Explore)', { tool: 'Task', input: {} }, false, true],
    ['Agent(code-*)', { tool: 'Agent', input: { subagent_type: 'code-reviewer' } }, true, true],
    ['mcp__db__query(SELECT *)', { tool: 'mcp__db__query', input: { sql: 'SELECT 1' } }, true, true],
    [
      'mcp__db__query(SELECT *)',
      { tool: 'mcp__db__query', input: { sql: 'SELECT 1', db: 'x' } },
      false,
      true,
    ],
    ['mcp__db__query(DROP *)', { tool: 'mcp__db__query', input: { sql: 'drop table x' } }, false, true],
    [
      'mcp__db__query(DROP *)',
      { tool: 'mcp__db__query', input: { nested: { sql: ['DROP x'] } } },
      false,
      true,
    ],
    ['mcp__db__query(DROP *)', { tool: 'mcp__db__query', input: { sql: 'SELECT 1' } }, false, false],
    ['MyTool(bar)', { tool: 'MyTool', input: { a: 'bar' } }, true, true],
    ['MyTool(bar)', { tool: 'MyTool', input: {} }, false, false],
    ['MyTool(bar)', { tool: 'MyTool', input: { a: 'bar', n: 1 } }, false, true],
  ])('%s on %j: allow %s, deny %s', (rule, target, allowed, denied) => {
    expect(matches(rule, 'allow', target)).toBe(allowed);
    expect(matches(rule, 'deny', target)).toBe(denied);
  });

  it('deny gives up on inputs too deep to walk, and matches', () => {
    let deep: unknown = 'x';
    for (let level = 0; level < 20; level += 1) deep = { deep };
    expect(matches('MyTool(nothing)', 'deny', { tool: 'MyTool', input: { deep } })).toBe(true);
    expect(matches('MyTool(nothing)', 'allow', { tool: 'MyTool', input: { deep } })).toBe(false);
  });
});

describe('deny rules see through wrappers, allow rules do not', () => {
  it.each(hostileRows.map((row) => [row.name, row] as const))('%s', (_, row) => {
    const command = row.input.command;
    for (const text of row.rules!.deny!) {
      expect(matches(text, 'deny', bash(command))).toBe(true);
      expect(matches(text, 'ask', bash(command))).toBe(true);
      // Allow stays strict: a rule naming the inner command allows none of these spellings.
      expect(matches(text, 'allow', bash(command))).toBe(false);
    }
  });

  it.each<[string, string]>([
    ['Bash(rm:*)', 'sudo ls'],
    ['Bash(rm:*)', 'timeout 5 ls rm'],
    ['Bash(rm:*)', 'nice -n 5 echo rm'],
    ['Bash(rm:*)', 'xargs -I rm echo'],
    ['Bash(rm:*)', 'command -v rm'],
    ['Bash(rm:*)', 'sudo -l rm'],
    ['Bash(rm:*)', "watch -n 3 'echo rm'"],
    ['Bash(rm:*)', 'taskset -p 0x1 rm'],
    ['Bash(rm:*)', 'env -u rm ls'],
    ['Bash(rm:*)', 'flock -w rm /lock ls'],
    ['Bash(git push:*)', 'git -C push status'],
    ['Bash(git push:*)', 'git -c push=x status'],
    ['Bash(git push:*)', 'git --git-dir push log'],
    ['Bash(git push:*)', 'git log push'],
    ['Bash(git push:*)', 'source ./push.sh'],
  ])('%s does not match %j: an option value or operand is not the command', (rule, command) => {
    expect(matches(rule, 'deny', bash(command))).toBe(false);
  });

  it.each<[string, string]>([
    ['Bash(git push:*)', 'git -C . push'],
    ['Bash(git push:*)', 'git --no-pager push'],
    ['Bash(git status)', 'git -c k=v status'],
    ['Bash(rm:*)', 'timeout 5 rm x'],
    ['Bash(rm:*)', 'env rm x'],
    ['Bash(ls:*)', 'nice ls'],
  ])('allow %s never looks past wrappers or git options: %j', (rule, command) => {
    expect(matches(rule, 'allow', bash(command))).toBe(false);
  });
});
