import { describe, expect, it } from 'vitest';
import { decide } from '../../shared/engine/index.ts';
import { protectedPath } from '../../shared/paths/protected.ts';
import { compilePlan } from '../../shared/plan/index.ts';
import { keyGrants } from '../support/key-grants.ts';

const cwd = '/home/dev/project';
const home = '/home/dev';
const edit = (file_path: string) => ({
  toolCallId: 'p',
  tool: 'Edit',
  input: { file_path, old_string: 'a', new_string: 'b' },
  cwd,
});

describe('protected paths', () => {
  it.each([
    ['.git/config', 'git runs programs'],
    ['src/../.git/hooks/pre-commit', 'git runs programs'],
    ['~/.zshrc', 'start-up files'],
    ['/etc/profile', 'start-up files'],
    ['.env.local', 'environment'],
    ['~/.config/fish/functions/ls.fish', 'fish'],
    ['.github/workflows/ci.yml', 'CI runs'],
    ['.config/fish', 'fish'],
  ])('%s is protected: %s', (path, why) => {
    expect(protectedPath(path, cwd, home)?.why).toContain(why);
  });

  it.each([
    'src/git/config.ts',
    '.gitignore',
    '.github/ISSUE_TEMPLATE/bug.md',
    'src/hooks/useAuth.ts',
    'config/routes.rb',
    'src/config.ts',
    'docs/HEADLINE.md',
    'app/headers.ts',
    'src/mcp/server.ts',
    'PROGRA~1/app/x.ts',
    'docs/profile.md',
    'src/environment.ts',
    'etc/profile',
    'a/.git-blame-ignore-revs',
    '/home/dev/project/src/zshrc.ts',
  ])('%s is not', (path) => {
    expect(protectedPath(path, cwd, home)).toBeUndefined();
  });

  it('judges a path as written when its base is unknown', () => {
    expect(protectedPath('~/.bashrc', cwd, undefined)?.why).toContain('start-up');
    expect(protectedPath('sub/../.git/config', undefined, undefined)?.why).toContain('git');
    expect(protectedPath('config', '/home/dev/project/.git', undefined)?.why).toContain('git');
  });

  it('asks for an edit that accept-edits, an allow rule, a tool setting, a capability or the default would allow', () => {
    const plans = [
      compilePlan({}),
      compilePlan({ permissions: { allow: ['Edit(**)'] } }),
      compilePlan({ tools: { Edit: 'allow' } }),
      compilePlan({ capabilities: { write: 'allow' } }),
      compilePlan({ default: 'allow' }),
    ];
    for (const plan of plans) {
      for (const mode of ['accept_edits', 'default', 'auto'] as const) {
        const decision = decide(plan, edit('.git/config'), { mode, home });
        expect(decision.behavior).toBe('ask');
      }
    }
    const decision = decide(plans[1]!, edit('.git/config'), { mode: 'default', home });
    expect(decision).toMatchObject({ reasonCode: 'protected_path', source: 'policy' });
    expect(decision.reason).toBe(
      '.git/config: git runs programs named in its config and hooks, so an edit of it needs approval.',
    );
  });

  it('still allows what an approver granted, and Full Access', () => {
    const plan = compilePlan({});
    const granted = decide(plan, edit('.git/config'), {
      mode: 'accept_edits',
      approvalKey: 'k',
      grants: keyGrants({ session: ['k'] }),
    });
    expect(granted).toMatchObject({ behavior: 'allow', reasonCode: 'grant_session' });
    expect(decide(plan, edit('.git/config'), { mode: 'bypass' })).toMatchObject({
      behavior: 'allow',
      source: 'full_access',
    });
  });

  it('leaves deny rules and plan mode as they were', () => {
    const plan = compilePlan({ permissions: { deny: ['Edit(.git/**)'] } });
    expect(decide(plan, edit('.git/config'), { mode: 'accept_edits' }).behavior).toBe('deny');
    expect(decide(compilePlan({}), edit('.git/config'), { mode: 'plan' }).behavior).toBe('deny');
  });

  it('does not touch ordinary edits', () => {
    expect(decide(compilePlan({}), edit('src/a.ts'), { mode: 'accept_edits' }).behavior).toBe('allow');
  });
});

describe('protected writes in Bash, read from the program catalog', () => {
  const bashCall = (command: string) => ({ toolCallId: 'b', tool: 'Bash', input: { command }, cwd });
  const plan = compilePlan({
    permissions: {
      allow: [
        'Bash(git reset:*)',
        'Bash(git checkout:*)',
        'Bash(git log:*)',
        'Bash(cat:*)',
        'Bash(cp:*)',
        'Bash(tee:*)',
        'Bash(sed:*)',
        'Bash(echo:*)',
        'Bash(sudo:*)',
        'Bash(install:*)',
        'Bash(git config:*)',
        'Bash(dd:*)',
        'Bash(wc:*)',
      ],
    },
  });

  // Words that name a protected file without the command writing it: the allow rule decides.
  it.each([
    'git reset HEAD~1',
    'git checkout HEAD',
    'git log -p -- .mcp.json',
    'cp .mcp.json backup/mcp-copy.json',
    'cat .mcp.json | wc -l && echo done',
    'sed -n 1p .husky/pre-commit',
  ])('%s mentions a protected file but writes none: allowed by the rule', (command) => {
    expect(decide(plan, bashCall(command), { mode: 'default', home }).behavior).toBe('allow');
  });

  // Words the catalog says are written (an output operand, an option value, an in-place edit, a
  // wrapped command's output, a redirection), or that it cannot read: asked in every mode.
  it.each([
    'tee .mcp.json',
    'echo x | tee -a .git/config',
    'cp x ~/.gitconfig',
    'cp -t .husky pre-commit',
    "sed -i 's/a/b/' .husky/pre-commit",
    'sed -i.bak -e s/a/b/ .pre-commit-config.yaml',
    'echo x > .github/workflows/ci.yml',
    'sudo tee .git/hooks/pre-push',
    'install -m 755 x .git/hooks/pre-commit',
    'git config core.pager less',
    'dd if=x of=.mcp.json',
    'cp --frobnicate x ~/.claude.json',
  ])('%s writes a protected file: asked in every mode', (command) => {
    for (const mode of ['default', 'accept_edits'] as const) {
      const decision = decide(plan, bashCall(command), { mode, home });
      expect(decision.behavior, `${command} in ${mode}`).toBe('ask');
    }
    expect(decide(plan, bashCall(command), { mode: 'plan', home }).behavior).not.toBe('allow');
  });
});
