import { type ParsedProgram, parseArguments, parseWords } from '../../programs/index.ts';
import { VERB_ENTRIES } from '../../programs/packages.ts';
import type { ProgramRater, SegmentContext } from '../context.ts';
import { catalogRater, has, texts, unreadable, values } from './parsed.ts';

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
  },
  pnpm: {
    verbs: {
      ...verbs('install', [...jsInstall, 'link', 'dedupe', 'prune', 'rebuild']),
      ...verbs('publish', jsPublish),
      ...verbs('unpublish', ['unpublish']),
      ...verbs('runPackage', ['dlx', 'exec']),
      ...verbs('query', [...jsQuery, '--version', '-v']),
    },
  },
  yarn: {
    verbs: {
      ...verbs('install', [...jsInstall, 'link']),
      ...verbs('publish', ['publish', 'npm publish', 'npm tag']),
      ...verbs('runPackage', ['dlx', 'exec']),
      ...verbs('query', [...jsQuery, '--version', '-v']),
    },
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

const installsOutside = (ctx: SegmentContext) =>
  ctx.rating.raise('high', 'Installs software outside the workspace.');

/** A package tool whose words cannot be read: it may publish, install anywhere, run anything. */
const unreadTool = unreadable('high', 'external_system', 'network', 'code_execution');

/**
 * The command words of a tool whose entry reads none of its words as options (`apt-get -y
 * install jq`): the first word that is no option, as today's tools take it.
 */
function commandWords(parsed: ParsedProgram): readonly string[] {
  const words = texts(parsed);
  if (parsed.entry.freeform !== true) return words;
  const at = words.findIndex((word) => !word.startsWith('-') || /^-(?:-version|v|V)$/.test(word));
  return at < 0 ? [] : words.slice(at);
}

/**
 * Whether an install goes outside the workspace (`-g`, `--global`, `--location=global`, `--user`,
 * `--system`), read with the tool's grammar for its command's words; unread words may say so.
 */
function installsGlobally(name: string, parsed: ParsedProgram, rest: readonly string[]): boolean {
  const verbEntry = VERB_ENTRIES[name];
  if (verbEntry === undefined) {
    // A tool whose words are not read (poetry, gem…): any option word that could be one of these.
    return rest.some((word) => /^--(?:global|user|system)$/.test(word) || /^-[A-Za-z]*g/.test(word));
  }
  const verb = parseArguments(
    verbEntry,
    name,
    rest.map((text, at) => ({ text, glob: false, dynamic: false, index: at + 1 })),
  );
  if (verb.kind === 'unsure') return true;
  return (
    has(verb, 'g', 'global', 'user', 'system') ||
    values(verb, 'location').includes('global') ||
    has(parsed, 'g', 'global', 'user', 'system')
  );
}

/** `npm exec -- pkg args`, `npx -p pkg cmd`: the command a runner runs, read with the runner's entry. */
function rateRunner(words: readonly string[], ctx: SegmentContext) {
  const parsed = parseWords('npx', words);
  if (parsed.kind === 'unsure') return unreadTool(words, ctx);
  for (const script of values(parsed, 'c', 'call')) ctx.rateNested(script);
  if (parsed.wrapped !== undefined) ctx.rateArgv(parsed.wrapped.argv);
}

const packageTool = (name: string, tool: PackageTool): ProgramRater => {
  // Own entries only: `npm constructor` must not find `Object.prototype.constructor`.
  const effectOf = new Map(
    Object.entries(tool.verbs).filter((entry): entry is [string, Effect] => !!entry[1]),
  );
  return catalogRater(name, {
    rate(parsed, ctx) {
      const words = commandWords(parsed);
      const verb = words[0];
      // Two-word verbs (`pip install`, `mod tidy`) first.
      const byTwo = verb !== undefined ? effectOf.get(`${verb} ${words[1]}`) : undefined;
      const byOne = verb !== undefined ? effectOf.get(verb) : undefined;
      const effect = byTwo ?? byOne ?? tool.fallback;
      if (effect === undefined) {
        ctx.rating.raise('medium', 'Runs a project script or build.');
        return;
      }
      effects[effect](ctx);
      const rest = words.slice(byTwo ? 2 : 1);
      if (effect === 'install' && installsGlobally(name, parsed, rest)) installsOutside(ctx);
      if (effect === 'runPackage' && rest.length > 0) rateRunner(rest, ctx);
    },
    unsure: unreadTool,
  });
};

/** `npx pkg …`, `bunx`, `pnpx`, `uvx`: download a package and run its command (rated too). */
const runPackage = (name: string): ProgramRater =>
  catalogRater(name, {
    rate(parsed, ctx) {
      effects.runPackage(ctx);
      for (const script of values(parsed, 'c', 'call')) ctx.rateNested(script);
      if (parsed.wrapped !== undefined) ctx.rateArgv(parsed.wrapped.argv);
    },
    unsure: (words, ctx) => {
      effects.runPackage(ctx);
      unreadTool(words, ctx);
    },
  });

const pacman = catalogRater('pacman', {
  rate(parsed, ctx) {
    const operation = texts(parsed).find((word) => /^-[A-Za-z]/.test(word)) ?? '';
    if (/^-[QF]/.test(operation) || /^-S[a-z]*[si]/.test(operation)) effects.query(ctx);
    else if (/^-R/.test(operation)) effects.systemRemove(ctx);
    else effects.systemInstall(ctx);
  },
  unsure: (_words, ctx) => effects.systemRemove(ctx),
});

/** Build tools whose release goals publish: `mvn deploy`, `gradle publish…`. */
const buildTool = (name: string, publishes: RegExp): ProgramRater =>
  catalogRater(name, {
    rate(parsed, ctx) {
      if (texts(parsed).some((word) => publishes.test(word))) effects.publish(ctx);
      else ctx.rating.raise('medium', 'Runs a project script or build.');
    },
    unsure: unreadTool,
  });

const dotnet = catalogRater('dotnet', {
  rate(parsed, ctx) {
    const [first, second] = texts(parsed);
    if (first === 'nuget' && (second === 'push' || second === 'delete')) effects.publish(ctx);
    else if (first === 'add' || first === 'restore' || first === 'tool') effects.install(ctx);
    else ctx.rating.raise('medium', 'Runs a project script or build.');
  },
  unsure: unreadTool,
});

const mavenDeploys = /^(?:deploy|release:perform|deploy:deploy)$/;
const gradlePublishes = /^:?(?:[\w-]+:)*publish/;

export const packageRaters: Record<string, ProgramRater> = {
  ...Object.fromEntries(Object.entries(tools).map(([name, tool]) => [name, packageTool(name, tool)])),
  npx: runPackage('npx'),
  pnpx: runPackage('pnpx'),
  bunx: runPackage('bunx'),
  uvx: runPackage('uvx'),
  pacman,
  mvn: buildTool('mvn', mavenDeploys),
  mvnw: buildTool('mvnw', mavenDeploys),
  gradle: buildTool('gradle', gradlePublishes),
  gradlew: buildTool('gradlew', gradlePublishes),
  dotnet,
};
