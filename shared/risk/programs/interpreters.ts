import type { ParsedProgram } from '../../programs/index.ts';
import type { ProgramRater, SegmentContext } from '../context.ts';
import { rateWrite } from '../effects.ts';
import { isRootish, placeOf, type Where } from '../paths.ts';
import { textHazards } from '../text-hazards.ts';
import { catalogRater, has, texts, unreadable, values } from './parsed.ts';

/**
 * Shells and language interpreters, over the catalog's parse (shared/programs/interpreters.ts).
 * Inline code (`bash -c`, `python -c`, `node -e`) is code execution; a shell script given inline
 * is rated as a command of its own. A runner fed from its input is noted for the pipeline check
 * (`curl … | sh`).
 */

/** Code built by a substitution is code nobody reviewed: `bash -c "$(curl …)"`, `eval "$(…)"`. */
const substituted = (text: string) => /\$\(|`|<\(/.test(text);

/** Only asks for the version or the help: `python --version`, `node -v`. */
const versionOnly = (parsed: ParsedProgram, names: readonly string[] = ['version', 'V', 'v', 'help', 'h']) =>
  parsed.operands.length === 0 && parsed.options.length === 1 && names.includes(parsed.options[0]!.name);

/** Notes a runner that reads code from its input. */
function readsInput(ctx: SegmentContext, interactive: boolean): void {
  ctx.pipeline.stdinRunners++;
  if (interactive) ctx.pipeline.interactiveShells++;
  ctx.rating.raise('medium', 'Runs commands read from its input.', 'code_execution');
}

/** A script file or substitution given as the program to run. */
function runsScript(script: string, ctx: SegmentContext): void {
  if (substituted(script)) ctx.pipeline.substitutedRunners++;
  ctx.pipeline.scriptsRun.push(script.replace(/^\.\//, ''));
  ctx.rating.raise('medium', 'Runs a script file.');
}

/** Inline code: rated as code execution, and scanned for the worst shell patterns it may embed. */
function runsInline(code: string, ctx: SegmentContext): void {
  if (substituted(code)) ctx.pipeline.substitutedRunners++;
  ctx.rating.raise('medium', 'Runs inline code.', 'code_execution');
  textHazards(code, ctx.rating);
}

/**
 * A runner whose words cannot be read: any of them may be code, and it may read its input, so
 * `curl … | sh --frob` stays critical.
 */
const unreadRunner = (words: readonly string[], ctx: SegmentContext) => {
  ctx.pipeline.stdinRunners++;
  unreadable('high', 'code_execution')(words, ctx);
};

/** A shell command line: rated as a command of its own. */
function runsCommandLine(script: string, ctx: SegmentContext): void {
  if (substituted(script)) ctx.pipeline.substitutedRunners++;
  ctx.rating.raise('medium', 'Runs a shell command line given inline.', 'code_execution');
  ctx.rateNested(script);
}

/** sh, bash, zsh, fish, csh…: `-c` runs a command line (rated in turn); no operand reads the input. */
const shell = (name: string): ProgramRater =>
  catalogRater(name, {
    rate(parsed, ctx) {
      if (versionOnly(parsed, ['version', 'help'])) return;
      const words = texts(parsed);
      // `bash +o posix x`: a `+` option the entry does not read.
      if (words[0]?.startsWith('+') === true) return unreadRunner(words, ctx);
      for (const file of values(parsed, 'rcfile', 'init-file')) runsScript(file, ctx);
      for (const script of values(parsed, 'C', 'init-command')) runsCommandLine(script, ctx);
      const inline =
        name === 'fish' ? values(parsed, 'c', 'command')[0] : has(parsed, 'c') ? (words[0] ?? '') : undefined;
      if (inline !== undefined) return runsCommandLine(inline, ctx);
      const script = words[0];
      if (script === undefined || script === '-' || has(parsed, 's')) {
        return readsInput(ctx, has(parsed, 'i', 'interactive'));
      }
      runsScript(script, ctx);
    },
    unsure: unreadRunner,
  });

interface Interpreter {
  /** Options whose value is code: `-c`, `-e`, `--eval`. */
  readonly inline: readonly string[];
  /** Perl and Ruby edit their operand files in place with `-i`. */
  readonly inPlace?: boolean;
}

/** python, node, perl, ruby…: inline code, else a script, else code read from the input. */
const rateInterpreter = (name: string, spec: Interpreter) => (parsed: ParsedProgram, ctx: SegmentContext) => {
  if (versionOnly(parsed)) return;
  const words = texts(parsed);
  const code = values(parsed, ...spec.inline);
  if (code.length > 0) {
    for (const each of code) runsInline(each, ctx);
    if (spec.inPlace === true && has(parsed, 'i'))
      for (const file of words) rateWrite(ctx.rating, file, ctx.where);
    return;
  }
  if (name === 'node' && has(parsed, 'run')) {
    ctx.rating.raise('medium', 'Runs a project script or build.');
    return;
  }
  if (words.length === 0 || words[0] === '-') return readsInput(ctx, false);
  runsScript(words[0]!, ctx);
  if (spec.inPlace === true && has(parsed, 'i')) {
    ctx.rating.raise('medium', 'Edits files in place with a script it runs.', 'code_execution');
  }
};

const interpreter = (name: string, spec: Interpreter): ProgramRater =>
  catalogRater(name, { rate: rateInterpreter(name, spec), unsure: unreadRunner });

/** python: `-m pip …` is pip; other modules run as scripts. */
const python = (name: string): ProgramRater => {
  const plain = rateInterpreter(name, { inline: ['c'] });
  return catalogRater(name, {
    rate(parsed, ctx) {
      const module = values(parsed, 'm')[0];
      if (module === undefined || has(parsed, 'c')) return plain(parsed, ctx);
      if (module === 'pip') return ctx.rateArgv(['pip', ...texts(parsed)]);
      ctx.rating.raise('medium', 'Runs a Python module.');
    },
    unsure: unreadRunner,
  });
};

/** PowerShell's options: single-dash words taken by any unambiguous prefix, in any case. */
const POWERSHELL_FLAGS = [
  'noprofile',
  'nologo',
  'noninteractive',
  'noexit',
  'interactive',
  'login',
  'mta',
  'sta',
  'version',
  'help',
  'noprofileloadtime',
];
const POWERSHELL_VALUED = [
  'executionpolicy',
  'configurationname',
  'configurationfile',
  'custompipename',
  'settingsfile',
  'workingdirectory',
  'windowstyle',
  'inputformat',
  'outputformat',
];
/** The short spellings PowerShell documents, which are no prefixes or are ambiguous ones. */
const POWERSHELL_SHORT: Readonly<Record<string, string>> = {
  c: 'command',
  e: 'encodedcommand',
  ec: 'encodedcommand',
  f: 'file',
  ep: 'executionpolicy',
  ex: 'executionpolicy',
  wd: 'workingdirectory',
  w: 'windowstyle',
  if: 'inputformat',
  of: 'outputformat',
  v: 'version',
  h: 'help',
  '?': 'help',
  l: 'login',
  i: 'interactive',
  nop: 'noprofile',
};

/** The option a PowerShell word names, undefined for none or an ambiguous prefix. */
function powershellOption(word: string): string | undefined {
  const name = word.slice(1).toLowerCase();
  if (Object.hasOwn(POWERSHELL_SHORT, name)) return POWERSHELL_SHORT[name];
  const all = [...POWERSHELL_FLAGS, ...POWERSHELL_VALUED, 'command', 'encodedcommand', 'file'];
  const matches = all.filter((option) => option.startsWith(name));
  return name !== '' && matches.length === 1 ? matches[0] : all.find((option) => option === name);
}

const powershell = (name: string): ProgramRater =>
  catalogRater(name, {
    rate(parsed, ctx) {
      const words = texts(parsed);
      for (let at = 0; at < words.length; at++) {
        const word = words[at]!;
        if (word === '-') return readsInput(ctx, false);
        if (!/^[-/]/.test(word)) return runsScript(word, ctx);
        const option = powershellOption(word);
        if (option === undefined) return unreadRunner(words, ctx);
        if (option === 'command') return runsInline(words.slice(at + 1).join(' '), ctx);
        if (option === 'encodedcommand') {
          ctx.rating.raise('high', 'Runs encoded code that cannot be read.', 'code_execution');
          return;
        }
        if (option === 'file') return runsScript(words[at + 1] ?? '', ctx);
        if (option === 'version' || option === 'help') return;
        if (POWERSHELL_VALUED.includes(option)) at++;
      }
      readsInput(ctx, false);
    },
    unsure: unreadRunner,
  });

/** eval: its words are a command line built at run time. */
const evaluate = catalogRater('eval', {
  rate(parsed, ctx) {
    const code = texts(parsed).join(' ');
    if (substituted(code)) ctx.pipeline.substitutedRunners++;
    ctx.rating.raise('medium', 'Evaluates text as a command.', 'code_execution');
    ctx.rateNested(code);
  },
  unsure: unreadRunner,
});

/** source / `.`: runs a file in the current shell. */
const source = (name: string): ProgramRater =>
  catalogRater(name, {
    rate(parsed, ctx) {
      const file = texts(parsed)[0];
      if (file === undefined) return;
      runsScript(file, ctx);
      ctx.rating.raise('medium', 'Runs a script in the current shell.', 'code_execution');
    },
    unsure: unreadRunner,
  });

/** deno: `eval CODE`, `publish`, `install`/`add`; anything else runs a project script. */
const deno = catalogRater('deno', {
  rate(parsed, ctx) {
    const [command, ...rest] = texts(parsed);
    if (command === undefined) {
      if (versionOnly(parsed)) return;
      return readsInput(ctx, false);
    }
    if (command === 'eval') return runsInline(rest.join(' '), ctx);
    if (command === 'publish') {
      ctx.rating.raise('high', 'Publishes to a package registry.', 'external_system', 'network');
      return;
    }
    if (command === 'install' || command === 'add') {
      ctx.rating.raise(
        'medium',
        'Installs packages; their install scripts run.',
        'network',
        'code_execution',
      );
      return;
    }
    ctx.rating.raise('medium', 'Runs a project script or build.');
  },
  unsure: unreadable('high', 'external_system', 'network', 'code_execution'),
});

/** awk is a language: `system()`, pipes, `getline` and `>` reach beyond reading. */
const awk = catalogRater('awk', {
  rate(parsed, ctx) {
    const program = texts(parsed)[0] ?? '';
    if (/system\s*\(|\||>|getline/.test(program)) {
      ctx.rating.raise('medium', 'The awk program can run commands or write files.', 'code_execution');
    }
  },
  // `awk -f prog.awk`: a program file the rater cannot see (its entry lists no `-f`).
  unsure: unreadable('medium', 'code_execution'),
});

/** find's expression words that only select or print, as opposed to acting. */
const findNonFilters = new Set(['-delete', '-depth', '-print', '-print0', '-mount', '-xdev']);

/** Every action is rated once per root; many roots are cut to the most telling few (bounded work). */
const maxRoots = 16;

function representativeRoots(roots: readonly string[], where: Where): string[] {
  const unique = [...new Set(roots)];
  if (unique.length <= maxRoots) return unique;
  const rank = (root: string) =>
    isRootish(root, where.cwd) ? 0 : placeOf(root, where) === 'workspace' ? 2 : 1;
  return unique.sort((a, b) => rank(a) - rank(b)).slice(0, maxRoots);
}

/** find only looks, unless it deletes (`-delete`), runs (`-exec`) or writes (`-fprint`). */
function rateFind(args: readonly string[], ctx: SegmentContext): void {
  const firstExpression = args.findIndex((arg) => /^[-(!)]/.test(arg));
  const starts = firstExpression < 0 ? args : args.slice(0, firstExpression);
  const roots = representativeRoots(starts.length > 0 ? starts : ['.'], ctx.where);
  const expression = firstExpression < 0 ? [] : args.slice(firstExpression);
  // With a filter (`-name x`) only matching files go, so the roots themselves are not wiped.
  const filtered = expression.some((word) => word.startsWith('-') && !findNonFilters.has(word));
  // `{}` stands for each file found: somewhere under each root.
  const found = (root: string) => `${root.replace(/\/+$/, '')}/{}`;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '-delete') {
      for (const root of roots) ctx.rateArgv(filtered ? ['rm', found(root)] : ['rm', '-r', root]);
    } else if (/^-(?:exec|execdir|ok|okdir)$/.test(arg)) {
      const end = args.findIndex((word, at) => at > i && (word === ';' || word === '+'));
      const command = args.slice(i + 1, end < 0 ? undefined : end);
      // `find -exec` with nothing after it runs nothing: find refuses it.
      if (command.length > 0)
        for (const root of roots) ctx.rateArgv(command.map((word) => (word === '{}' ? found(root) : word)));
      if (end < 0) break;
      i = end;
    } else if (/^-(?:fprint0?|fprintf|fls)$/.test(arg)) {
      const file = args[i + 1];
      if (file !== undefined) rateWrite(ctx.rating, file, ctx.where);
    }
  }
}

/** find's entry reads no option: its words are its expression, read by find's own grammar here. */
const find = catalogRater('find', {
  rate: (parsed, ctx) => rateFind(texts(parsed), ctx),
  unsure: rateFind,
});

/** Decoders feed the pipeline check: decoded text piped into a shell is hidden code. */
const decoder = (name: string, decodes: readonly string[]): ProgramRater =>
  catalogRater(name, {
    rate(parsed, ctx) {
      if (has(parsed, ...decodes)) ctx.pipeline.decoders++;
    },
    // `base64 -D` (macOS): an option the entry does not read may decode.
    unsure: (_words, ctx) => {
      ctx.pipeline.decoders++;
    },
  });

const openssl = catalogRater('openssl', {
  rate(parsed, ctx) {
    const words = texts(parsed);
    if (words.includes('-d') || words[0] === 'base64') ctx.pipeline.decoders++;
    if (words[0] === 's_client') ctx.rating.raise('medium', 'Connects to another machine.', 'network');
  },
  unsure: unreadable('medium', 'network'),
});

export const interpreterRaters: Record<string, ProgramRater> = {
  ...Object.fromEntries(
    ['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'csh', 'tcsh'].map((name) => [
      name,
      shell(name),
    ]),
  ),
  python: python('python'),
  pypy: python('pypy'),
  node: interpreter('node', { inline: ['e', 'eval', 'p', 'print'] }),
  perl: interpreter('perl', { inline: ['e', 'E'], inPlace: true }),
  ruby: interpreter('ruby', { inline: ['e'], inPlace: true }),
  php: interpreter('php', { inline: ['r', 'R', 'B', 'E'] }),
  lua: interpreter('lua', { inline: ['e'] }),
  Rscript: interpreter('Rscript', { inline: ['e'] }),
  osascript: interpreter('osascript', { inline: ['e'] }),
  pwsh: powershell('pwsh'),
  powershell: powershell('powershell'),
  tclsh: interpreter('tclsh', { inline: [] }),
  deno,
  eval: evaluate,
  source: source('source'),
  '.': source('.'),
  awk,
  find,
  base64: decoder('base64', ['d', 'decode']),
  xxd: decoder('xxd', ['r']),
  openssl,
};
