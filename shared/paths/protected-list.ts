/**
 * Files that decide what runs next (DESIGN §5 "Layering": protected paths), as data: each row is
 * one kind of path and why an edit of it needs a human. Names are lower case (paths are compared
 * without case, shared/paths/normalize.ts). docs/policy.md shows this list; a test keeps them equal.
 */
export interface ProtectedRow {
  /**
   * `folder`: these names in a row, anywhere in the path — the path is at or under them.
   * `file`: the file's own name, wherever it sits. `prefix`: a file name starting so.
   * `system`: an absolute path at or under this one.
   */
  kind: 'folder' | 'file' | 'prefix' | 'system';
  names: readonly string[];
  why: string;
}

const GIT = 'git runs programs named in its config and hooks';
const MCP = 'an agent starts the MCP servers its configuration names';
const AGENT = "an agent's settings decide what it runs and what it may do unasked";
const HOOKS = 'a hook manager runs the commands it names at the next commit';
const CI = 'CI runs the workflow with the repository’s secrets';
const SHELL = 'the shell runs its start-up files';
const EDITOR = "the editor's tasks, settings and run configurations name programs it runs";
const REGISTRY = 'the package manager runs what its configuration names (a shell, a script, a path)';

const folder = (why: string, ...paths: string[]): ProtectedRow[] =>
  paths.map((path) => ({ kind: 'folder', names: path.split('/'), why }));
const file = (why: string, ...names: string[]): ProtectedRow => ({ kind: 'file', names, why });

export const protectedRows: readonly ProtectedRow[] = [
  // Git: its configuration anywhere, and the files that make a folder a repository or change one.
  ...folder(GIT, '.git', '.config/git'),
  file(GIT, '.gitconfig', '.gitmodules', '.gitattributes'),
  // Git finds a repository in any folder holding `HEAD`, `objects/` and `refs/` (a bare one, or
  // one named by `GIT_DIR`), and reads its `config` (`core.fsmonitor`, `core.pager`…): a file
  // named like those anywhere may make or change one. No file system is seen, so every such name
  // is protected wherever it sits.
  file(GIT, 'config', 'head', 'packed-refs', 'commondir', 'gitdir', 'orig_head', 'fetch_head'),
  // MCP configurations.
  file(
    MCP,
    '.mcp.json',
    'mcp.json',
    'mcp_config.json',
    'mcp_settings.json',
    'cline_mcp_settings.json',
    'claude_desktop_config.json',
  ),
  ...folder(MCP, '.roo', '.kiro', '.amazonq', '.continue', '.codeium', '.windsurf'),
  // Agent settings.
  ...folder(AGENT, '.claude', '.codex', '.cursor', '.gemini', '.opencode', '.github/hooks', '.aider'),
  ...folder(AGENT, '.config/opencode', '.config/claude', '.config/goose'),
  ...folder(EDITOR, '.vscode', '.idea', '.zed', '.devcontainer'),
  file(AGENT, '.claude.json', 'opencode.json', 'opencode.jsonc', '.aider.conf.yml', '.cursorrules'),
  // Hook managers.
  ...folder(HOOKS, '.husky', '.githooks'),
  file(
    HOOKS,
    'lefthook.yml',
    'lefthook.yaml',
    '.lefthook.yml',
    '.lefthook.yaml',
    'lefthook-local.yml',
    '.pre-commit-config.yaml',
    '.pre-commit-hooks.yaml',
  ),
  // CI workflows.
  ...folder(CI, '.github/workflows', '.circleci', '.buildkite', '.gitlab'),
  file(CI, '.gitlab-ci.yml', 'azure-pipelines.yml', '.travis.yml', 'jenkinsfile', 'bitbucket-pipelines.yml'),
  // Keys and what ssh runs (`ProxyCommand`, `LocalCommand`).
  ...folder('ssh runs commands its configuration names and trusts the keys it finds', '.ssh'),
  // Package managers run what their configuration names (`script-shell`, `yarnPath`, pnpmfile).
  file(REGISTRY, '.npmrc', '.yarnrc', '.yarnrc.yml', '.pnpmfile.cjs', '.pnpmfile.mjs', 'bunfig.toml'),
  // Shell start-up files, by name wherever they sit.
  file(
    SHELL,
    '.bashrc',
    '.bash_profile',
    '.bash_login',
    '.bash_logout',
    '.bash_aliases',
    '.profile',
    '.zshrc',
    '.zshenv',
    '.zprofile',
    '.zlogin',
    '.zlogout',
    '.kshrc',
    '.cshrc',
    '.tcshrc',
    '.login',
    '.logout',
    '.inputrc',
    '.xonshrc',
  ),
  // fish runs everything under its configuration directory (config.fish, conf.d/, functions/).
  ...folder('fish runs the files of its configuration directory', '.config/fish', '.config/nushell'),
  {
    kind: 'system',
    names: ['etc/profile', 'etc/profile.d', 'etc/bash.bashrc', 'etc/bashrc', 'etc/zshrc', 'etc/zshenv'],
    why: SHELL,
  },
  { kind: 'system', names: ['etc/zprofile', 'etc/zlogin', 'etc/zsh'], why: SHELL },
  // `.env`, `.env.local` … hold what programs load as their environment; direnv runs `.envrc`.
  { kind: 'prefix', names: ['.env'], why: 'programs load it as their environment (direnv runs .envrc)' },
];

/** Why a file with no extension in a folder named `hooks` is protected: git's hooks look so. */
export const HOOK_FILE_WHY = 'a file without an extension in a `hooks` folder may be a git hook';

const shown: Record<ProtectedRow['kind'], (name: string) => string> = {
  folder: (name) => `\`${name}/\` anywhere`,
  file: (name) => `\`${name}\``,
  prefix: (name) => `\`${name}*\``,
  system: (name) => `\`/${name}\``,
};

/** The list as the Markdown table docs/policy.md shows (a test keeps them equal). */
export function protectedTable(): string {
  const lines = ['| Paths | Why |', '|---|---|'];
  for (const row of protectedRows) {
    const paths = row.kind === 'folder' ? [row.names.join('/')] : row.names;
    lines.push(`| ${paths.map(shown[row.kind]).join(', ')} | ${row.why} |`);
  }
  lines.push(`| a file without an extension in a \`hooks/\` folder | ${HOOK_FILE_WHY} |`);
  return lines.join('\n');
}
