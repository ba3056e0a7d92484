import type { ProgramEntry } from './types.ts';

/** Long options one space apart, as a manual lists them. */
const words = (list: string): readonly string[] => list.split(' ');

/**
 * Package managers, build and release tools (off the read-only list). Each entry holds the
 * tool's own options, before its command (`npm --prefix x install`); the command and its words
 * are operands (`permute: false`). Where a rating depends on the command's own options (`-g`,
 * the command `npx` runs), the words after the command are read with the tool's `VERB_ENTRIES`
 * grammar (shared/risk/programs/packages.ts).
 */
const tool = (
  name: string,
  shorts = '',
  longs = 'help version',
  more: Partial<ProgramEntry> = {},
): ProgramEntry => ({
  name,
  family: 'packages',
  readOnly: false,
  shorts,
  longs: longs === '' ? [] : words(longs),
  permute: false,
  operands: { rest: 'text' },
  does: ['network', 'runs'],
  ...more,
});

/** npm's configuration flags, taken anywhere on its command line (nopt). */
const NPM_SHORTS = 'gDSOEPBdqsyfvhlpw:C:';
const NPM_LONGS =
  'global save save-dev save-optional save-prod save-exact save-peer save-bundle no-save legacy-peer-deps strict-peer-deps force ignore-scripts no-audit audit no-fund fund prefer-offline prefer-online offline dry-run production omit= include= workspace= workspaces include-workspace-root if-present silent quiet verbose loglevel= registry= prefix= location= package= yes no-package-lock package-lock-only install-links foreground-scripts json parseable long help version access= tag= otp= provenance scope= cache= userconfig= before= call= color=? no-color frozen-lockfile filter= dir= recursive dev prod no-optional cwd= exact tilde optional peer latest interactive';

const PIP_SHORTS = 'qvUIyr:c:e:t:i:f:';
const PIP_LONGS =
  'quiet verbose upgrade ignore-installed yes requirement= constraint= editable= target= index-url= find-links= extra-index-url= no-index user system pre no-deps break-system-packages force-reinstall no-cache-dir only-binary= no-binary= prefix= root= require-hashes dry-run src= trusted-host= proxy= timeout= retries= upgrade-strategy= python-version= platform= no-build-isolation disable-pip-version-check root-user-action= exists-action= python= all-extras extra= dev frozen locked no-sync with= from= package= isolated help version';

/** The words after a tool's command, read with one grammar per tool: the command's own options. */
export const VERB_ENTRIES: Readonly<Record<string, ProgramEntry>> = Object.fromEntries(
  [
    ...['npm', 'pnpm', 'yarn', 'bun'].map((name) => [name, NPM_SHORTS, NPM_LONGS] as const),
    ...['pip', 'uv'].map((name) => [name, PIP_SHORTS, PIP_LONGS] as const),
  ].map(([name, shorts, longs]): [string, ProgramEntry] => [
    name,
    {
      ...tool(`${name} COMMAND`, shorts, longs),
      permute: true,
      note: "its command's own options",
    },
  ]),
);

/** `npx [-y] [-p pkg] [-c cmd] pkg args…`: the options before the package, then its command. */
const runner = (name: string): ProgramEntry =>
  tool(name, 'yqp:c:', 'yes no package= call= quiet from= with= help version', {
    operands: { positions: ['command'] },
    effects: { c: ['runs'], call: ['runs'] },
  });

export const PACKAGE_PROGRAMS: readonly ProgramEntry[] = [
  tool('npm', NPM_SHORTS, NPM_LONGS),
  tool('pnpm', NPM_SHORTS, NPM_LONGS),
  tool('yarn', NPM_SHORTS, NPM_LONGS),
  tool('bun', NPM_SHORTS, NPM_LONGS),
  tool('pip', PIP_SHORTS, PIP_LONGS),
  tool('uv', 'qvn', 'quiet verbose no-cache offline directory= project= color= native-tls help version'),
  ...['npx', 'pnpx', 'bunx', 'uvx'].map(runner),
  ...[
    'pipx',
    'poetry',
    'pdm',
    'conda',
    'mamba',
    'gem',
    'bundle',
    'composer',
    'twine',
    'flit',
    'hatch',
    'lerna',
    'changeset',
    'semantic-release',
    'goreleaser',
    'vsce',
    'ovsx',
    'nuget',
    'apt-get',
    'apt',
    'dnf',
    'yum',
    'zypper',
    'apk',
    'brew',
    'port',
    'snap',
    'flatpak',
    'choco',
    'winget',
    'mvn',
    'mvnw',
    'gradle',
    'gradlew',
    'dotnet',
  ].map((name) =>
    tool(name, '', '', {
      freeform: true,
      note: 'rated by its command words; none is read as an option',
    }),
  ),
  tool('cargo', 'qvV', 'quiet verbose version help locked offline frozen color= config= list explain='),
  tool('go', 'C:', ''),
  // `pacman -S…`, `-R…`, `-Q…`: the operation is the first option's letter.
  tool('pacman', '', '', {
    freeform: true,
    note: 'its operation is the first letter of its first option (`-Syu`)',
  }),
];
