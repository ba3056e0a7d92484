import { hasFlag, optionValues } from '../args.ts';
import type { ProgramRater, SegmentContext } from '../context.ts';

/**
 * Package managers and release tools, as data: which subcommands publish (high, an external
 * system changes for everyone), install (medium: network, and install scripts run code),
 * download-and-run (medium, and the package's own command is rated too), or only look (low).
 * A subcommand not listed is a project script or build: medium, "unknown exec".
 */
type Effect = 'publish' | 'unpublish' | 'install' | 'runPackage' | 'query' | 'systemInstall' | 'systemRemove';

interface PackageTool {
  verbs: Partial<Record<string, Effect>>;
  /** What the tool does with no subcommand, or with one not in `verbs`. */
  fallback?: Effect;
  /** Options before the subcommand that take a value. */
  valueOptions?: readonly string[];
}

const verbs = (effect: Effect, names: readonly string[]): Partial<Record<string, Effect>> =>
  Object.fromEntries(names.map((name) => [name, effect]));

const jsInstall = ['install', 'i', 'in', 'add', 'ci', 'update', 'up', 'upgrade', 'uninstall', 'remove', 'rm'];
const jsQuery = [
  'ls',
  'list',
  'll',
  'la',
  'view',
  'info',
  'show',
  'outdated',
  'search',
  'help',
  'whoami',
  'why',
];
const jsPublish = ['publish', 'deprecate', 'dist-tag', 'owner', 'access', 'team'];

const systemVerbs = {
  ...verbs('systemInstall', [
    'install',
    'upgrade',
    'update',
    'reinstall',
    'dist-upgrade',
    'full-upgrade',
    'add',
  ]),
  ...verbs('systemRemove', ['remove', 'purge', 'uninstall', 'autoremove', 'erase', 'del']),
  ...verbs('query', [
    'search',
    'list',
    'show',
    'info',
    'policy',
    'madison',
    'depends',
    'rdepends',
    'outdated',
  ]),
};

const tools: Record<string, PackageTool> = {
  npm: {
    verbs: {
      ...verbs('install', [...jsInstall, 'link', 'dedupe', 'prune', 'rebuild']),
      ...verbs('publish', jsPublish),
      ...verbs('unpublish', ['unpublish']),
      ...verbs('runPackage', ['exec', 'x']),
      ...verbs('query', [...jsQuery, 'config', 'prefix', 'root', 'bin', 'ping', 'doctor', '--version', '-v']),
    },
    valueOptions: ['--prefix', '-C', '--workspace', '-w'],
  },
  pnpm: {
    verbs: {
      ...verbs('install', [...jsInstall, 'link', 'dedupe', 'prune', 'rebuild']),
      ...verbs('publish', jsPublish),
      ...verbs('unpublish', ['unpublish']),
      ...verbs('runPackage', ['dlx', 'exec']),
      ...verbs('query', [...jsQuery, '--version', '-v']),
    },
    valueOptions: ['--dir', '-C', '--filter', '-F'],
  },
  yarn: {
    verbs: {
      ...verbs('install', [...jsInstall, 'link']),
      ...verbs('publish', ['publish', 'npm publish', 'npm tag']),
      ...verbs('runPackage', ['dlx', 'exec']),
      ...verbs('query', [...jsQuery, '--version', '-v']),
    },
    valueOptions: ['--cwd'],
  },
  bun: {
    verbs: {
      ...verbs('install', [...jsInstall, 'link', 'pm']),
      ...verbs('publish', ['publish']),
      ...verbs('runPackage', ['x']),
      ...verbs('query', ['--version', '-v', 'outdated']),
    },
  },
  pip: {
    verbs: {
      ...verbs('install', ['install', 'uninstall', 'download', 'wheel']),
      ...verbs('query', ['list', 'show', 'freeze', 'check', 'search', '--version', '-V', 'index']),
    },
  },
  uv: {
    verbs: {
      ...verbs('install', [
        'pip install',
        'pip uninstall',
        'pip sync',
        'add',
        'remove',
        'sync',
        'lock',
        'tool install',
      ]),
      ...verbs('runPackage', ['tool run']),
      ...verbs('publish', ['publish']),
      ...verbs('query', ['tree', '--version', 'version']),
    },
  },
  pipx: {
    verbs: { ...verbs('install', ['install', 'upgrade', 'uninstall']), ...verbs('runPackage', ['run']) },
  },
  poetry: {
    verbs: {
      ...verbs('install', ['install', 'add', 'remove', 'update', 'lock']),
      ...verbs('publish', ['publish']),
      ...verbs('query', ['show', 'check', '--version']),
    },
  },
  pdm: {
    verbs: {
      ...verbs('install', ['install', 'add', 'remove', 'update', 'sync']),
      ...verbs('publish', ['publish']),
    },
  },
  conda: { verbs: { ...systemVerbs, ...verbs('publish', ['upload']) } },
  mamba: { verbs: systemVerbs },
  gem: {
    verbs: {
      ...verbs('install', ['install', 'update', 'uninstall']),
      ...verbs('publish', ['push', 'owner']),
      ...verbs('unpublish', ['yank']),
      ...verbs('query', ['list', 'search', 'info', 'query']),
    },
  },
  bundle: { verbs: verbs('install', ['install', 'update', 'add']) },
  cargo: {
    verbs: {
      ...verbs('install', ['install', 'add', 'update', 'fetch', 'remove', 'uninstall']),
      ...verbs('publish', ['publish', 'owner', 'login']),
      ...verbs('unpublish', ['yank']),
      ...verbs('query', ['search', 'tree', 'metadata', '--version', '-V', 'version']),
    },
  },
  go: {
    verbs: {
      ...verbs('install', ['install', 'get', 'mod download', 'mod tidy']),
      ...verbs('query', ['version', 'env', 'list', 'doc']),
    },
  },
  composer: { verbs: verbs('install', ['install', 'require', 'update', 'remove']) },
  twine: { verbs: { ...verbs('publish', ['upload', 'register']), ...verbs('query', ['check']) } },
  flit: { verbs: verbs('publish', ['publish']) },
  hatch: { verbs: verbs('publish', ['publish']) },
  lerna: { verbs: verbs('publish', ['publish', 'version']) },
  changeset: { verbs: verbs('publish', ['publish']) },
  'semantic-release': { verbs: {}, fallback: 'publish' },
  goreleaser: { verbs: verbs('query', ['check', 'build', '--version']), fallback: 'publish' },
  vsce: { verbs: { ...verbs('publish', ['publish']), ...verbs('unpublish', ['unpublish']) } },
  ovsx: { verbs: verbs('publish', ['publish']) },
  nuget: { verbs: verbs('publish', ['push', 'delete']) },
  'apt-get': { verbs: systemVerbs, fallback: 'systemInstall' },
  apt: { verbs: systemVerbs, fallback: 'systemInstall' },
  dnf: { verbs: systemVerbs, fallback: 'systemInstall' },
  yum: { verbs: systemVerbs, fallback: 'systemInstall' },
  zypper: { verbs: systemVerbs, fallback: 'systemInstall' },
  apk: { verbs: systemVerbs, fallback: 'systemInstall' },
  brew: { verbs: systemVerbs, fallback: 'systemInstall' },
  port: { verbs: systemVerbs, fallback: 'systemInstall' },
  snap: { verbs: systemVerbs, fallback: 'systemInstall' },
  flatpak: { verbs: systemVerbs, fallback: 'systemInstall' },
  choco: { verbs: systemVerbs, fallback: 'systemInstall' },
  winget: { verbs: systemVerbs, fallback: 'systemInstall' },
};

const effects: Record<Effect, (ctx: SegmentContext) => void> = {
  publish: (ctx) =>
    ctx.rating.raise('high', 'Publishes to a package registry.', 'external_system', 'network'),
  unpublish: (ctx) =>
    ctx.rating.raise('high', 'Removes a published package.', 'external_system', 'destructive', 'network'),
  install: (ctx) =>
    ctx.rating.raise('medium', 'Installs packages; their install scripts run.', 'network', 'code_execution'),
  runPackage: (ctx) =>
    ctx.rating.raise('medium', 'Downloads and runs a package.', 'network', 'code_execution'),
  query: (ctx) => ctx.rating.raise('low', 'Looks up packages.'),
  systemInstall: (ctx) => ctx.rating.raise('high', "Changes the machine's installed software."),
  systemRemove: (ctx) => ctx.rating.raise('high', "Removes the machine's installed software.", 'destructive'),
};

/** The first word from `start` on that is not an option, and where it stands in `words`. */
function subcommand(words: readonly string[], start: number, valueOptions: readonly string[]): number {
  for (let i = start; i < words.length; i++) {
    const arg = words[i]!;
    if (!arg.startsWith('-') || arg === '--version' || arg === '-v' || arg === '-V') return i;
    if (valueOptions.includes(arg)) i++;
  }
  return -1;
}

/** Skips options (and `--`) to where a nested command starts. */
function nestedCommand(args: readonly string[], valueOptions: readonly string[]): readonly string[] {
  const at = subcommand(args, 0, valueOptions);
  if (at < 0) return [];
  return args[at] === '--' ? args.slice(at + 1) : args.slice(at);
}

const packageTool = (tool: PackageTool): ProgramRater => {
  // Own entries only: `npm constructor` must not find `Object.prototype.constructor`.
  const effectOf = new Map(
    Object.entries(tool.verbs).filter((entry): entry is [string, Effect] => !!entry[1]),
  );
  const valueOptions = tool.valueOptions ?? [];
  return (args, ctx) => {
    const at = subcommand(args, 0, valueOptions);
    const verb = at >= 0 ? args[at]! : undefined;
    // Two-word verbs (`pip install`, `mod tidy`) first.
    const byTwo = verb !== undefined ? effectOf.get(`${verb} ${args[at + 1]}`) : undefined;
    const byOne = verb !== undefined ? effectOf.get(verb) : undefined;
    const effect = byTwo ?? byOne ?? tool.fallback;
    if (effect === undefined) {
      ctx.rating.raise('medium', 'Runs a project script or build.');
      return;
    }
    effects[effect](ctx);
    if (effect === 'install' && hasFlag(args, 'g', ['--global', '--user', '--system'])) {
      ctx.rating.raise('high', 'Installs software outside the workspace.');
    }
    if (effect === 'runPackage') {
      const inner = nestedCommand(args.slice(at + (byTwo ? 2 : 1)), ['-p', '--package', '--from', '--with']);
      if (inner.length > 0) ctx.rateArgv(inner);
    }
  };
};

/** `npx pkg …`, `bunx`, `pnpx`, `uvx`: download a package and run its command (rated too). */
const runPackage: ProgramRater = (args, ctx) => {
  effects.runPackage(ctx);
  for (const script of optionValues(args, ['-c'], ['--call'])) ctx.rateNested(script);
  const inner = nestedCommand(args, ['-p', '--package', '-c', '--call', '--from', '--with']);
  if (inner.length > 0) ctx.rateArgv(inner);
};

const pacman: ProgramRater = (args, ctx) => {
  const operation = args.find((arg) => /^-[A-Za-z]/.test(arg)) ?? '';
  if (/^-[QF]/.test(operation) || /^-S[a-z]*[si]/.test(operation)) effects.query(ctx);
  else if (/^-R/.test(operation)) effects.systemRemove(ctx);
  else effects.systemInstall(ctx);
};

/** Build tools whose release goals publish: `mvn deploy`, `gradle publish…`. */
const buildTool =
  (publishes: RegExp): ProgramRater =>
  (args, ctx) => {
    if (args.some((arg) => publishes.test(arg))) effects.publish(ctx);
    else ctx.rating.raise('medium', 'Runs a project script or build.');
  };

export const packageRaters: Record<string, ProgramRater> = {
  ...Object.fromEntries(Object.entries(tools).map(([name, tool]) => [name, packageTool(tool)])),
  npx: runPackage,
  pnpx: runPackage,
  bunx: runPackage,
  uvx: runPackage,
  pacman,
  mvn: buildTool(/^(?:deploy|release:perform|deploy:deploy)$/),
  mvnw: buildTool(/^(?:deploy|release:perform|deploy:deploy)$/),
  gradle: buildTool(/^:?(?:[\w-]+:)*publish/),
  gradlew: buildTool(/^:?(?:[\w-]+:)*publish/),
  dotnet: (args, ctx) => {
    if (args[0] === 'nuget' && (args[1] === 'push' || args[1] === 'delete')) effects.publish(ctx);
    else if (args[0] === 'add' || args[0] === 'restore' || args[0] === 'tool') effects.install(ctx);
    else ctx.rating.raise('medium', 'Runs a project script or build.');
  },
};
