import { hasFlag, operands } from '../args.ts';
import type { ProgramRater, SegmentContext } from '../context.ts';
import { rateWrite } from '../effects.ts';
import { isRootish, placeOf, type Where } from '../paths.ts';
import { textHazards } from '../text-hazards.ts';

/**
 * Shells and language interpreters. Inline code (`bash -c`, `python -c`, `node -e`) is code
 * execution; a shell script given inline is rated as a command of its own. A runner fed from
 * its input is noted for the pipeline check (`curl … | sh`).
 */

/** Code built by a substitution is code nobody reviewed: `bash -c "$(curl …)"`, `eval "$(…)"`. */
const substituted = (text: string) => /\$\(|`|<\(/.test(text);

const versionOnly = (args: readonly string[]) =>
  args.length === 1 && ['--version', '-V', '-v', 'version', '--help', '-h'].includes(args[0]!);

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

const shellValueOptions = ['-o', '+o', '-O', '+O', '--rcfile', '--init-file'];

/** sh, bash, zsh…: `-c script` runs a command line (rated in turn); no operand reads the input. */
const shell: ProgramRater = (args, ctx) => {
  if (versionOnly(args)) return;
  let interactive = false;
  let fromInput = false;
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      i++;
      break;
    }
    if (arg === '-' || !/^[-+]/.test(arg)) break;
    if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(arg)) {
      const script = args[i + 1] ?? '';
      if (substituted(script)) ctx.pipeline.substitutedRunners++;
      ctx.rating.raise('medium', 'Runs a shell command line given inline.', 'code_execution');
      ctx.rateNested(script);
      return;
    }
    if (/^-[a-zA-Z]*i/.test(arg)) interactive = true;
    if (/^-[a-zA-Z]*s/.test(arg)) fromInput = true;
    if (shellValueOptions.includes(arg)) i++;
  }
  const script = args[i];
  if (script === undefined || script === '-' || fromInput) return readsInput(ctx, interactive);
  runsScript(script, ctx);
};

interface Interpreter {
  /** Options whose value is code: `-c`, `-e`, `--eval`. */
  inline: readonly string[];
  /** Option letters that, inside a cluster (`perl -pe`), also take code next. */
  inlineLetters?: string;
  /** Options that take some other value. */
  valueOptions?: readonly string[];
  /** Perl and Ruby edit files in place with `-i`. */
  inPlace?: boolean;
}

const interpreter =
  (spec: Interpreter): ProgramRater =>
  (args, ctx) => {
    if (versionOnly(args)) return;
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (arg === '--' || arg === '-' || !arg.startsWith('-')) break;
      const cluster =
        spec.inlineLetters &&
        /^-[a-zA-Z]+$/.test(arg) &&
        [...spec.inlineLetters].some((l) => arg.endsWith(l));
      if (spec.inline.includes(arg) || cluster) {
        runsInline(args[i + 1] ?? '', ctx);
        if (spec.inPlace && args.slice(0, i + 1).some((a) => /^-[a-zA-Z]*i/.test(a))) {
          for (const file of args.slice(i + 2).filter((a) => !a.startsWith('-')))
            rateWrite(ctx.rating, file, ctx.where);
        }
        return;
      }
      if (/^-(?:enc|EncodedCommand|e)$/i.test(arg) && spec.inline.includes('-Command')) {
        ctx.rating.raise('high', 'Runs encoded code that cannot be read.', 'code_execution');
        return;
      }
      if (spec.valueOptions?.includes(arg)) i++;
    }
    const words = operands(args, spec.valueOptions ?? []);
    if (words.length === 0 || words[0] === '-') return readsInput(ctx, false);
    runsScript(words[0]!, ctx);
  };

/** python: `-m pip …` is pip; other modules run as scripts. */
const python: ProgramRater = (args, ctx) => {
  const module = args.indexOf('-m');
  if (module >= 0 && args.slice(0, module).every((arg) => arg.startsWith('-') && arg !== '-c')) {
    const name = args[module + 1];
    if (name === 'pip') return ctx.rateArgv(['pip', ...args.slice(module + 2)]);
    ctx.rating.raise('medium', 'Runs a Python module.');
    return;
  }
  interpreter({ inline: ['-c'], valueOptions: ['-W', '-X', '-Q'] })(args, ctx);
};

/** eval: its words are a command line built at run time. */
const evaluate: ProgramRater = (args, ctx) => {
  const code = args.join(' ');
  if (substituted(code)) ctx.pipeline.substitutedRunners++;
  ctx.rating.raise('medium', 'Evaluates text as a command.', 'code_execution');
  ctx.rateNested(code);
};

/** source / `.`: runs a file in the current shell. */
const source: ProgramRater = (args, ctx) => {
  const file = args[0];
  if (file === undefined) return;
  runsScript(file, ctx);
  ctx.rating.raise('medium', 'Runs a script in the current shell.', 'code_execution');
};

/** awk is a language: `system()`, pipes, `getline` and `>` reach beyond reading. */
const awk: ProgramRater = (args, ctx) => {
  if (hasFlag(args, 'f', ['--file'])) {
    ctx.rating.raise('medium', 'Runs an awk program file.', 'code_execution');
    return;
  }
  const program = operands(args, ['-F', '-v', '--field-separator', '--assign'])[0] ?? '';
  if (/system\s*\(|\||>|getline/.test(program)) {
    ctx.rating.raise('medium', 'The awk program can run commands or write files.', 'code_execution');
  }
};

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
const find: ProgramRater = (args, ctx) => {
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
      for (const root of roots) ctx.rateArgv(command.map((word) => (word === '{}' ? found(root) : word)));
      if (end < 0) break;
      i = end;
    } else if (/^-(?:fprint0?|fprintf|fls)$/.test(arg)) {
      const file = args[i + 1];
      if (file !== undefined) rateWrite(ctx.rating, file, ctx.where);
    }
  }
};

/** Decoders feed the pipeline check: decoded text piped into a shell is hidden code. */
const decoder =
  (decodeFlags: string, decodeLong: readonly string[]): ProgramRater =>
  (args, ctx) => {
    if (hasFlag(args, decodeFlags, decodeLong)) ctx.pipeline.decoders++;
  };

export const interpreterRaters: Record<string, ProgramRater> = {
  sh: shell,
  bash: shell,
  zsh: shell,
  dash: shell,
  ksh: shell,
  mksh: shell,
  ash: shell,
  fish: shell,
  csh: shell,
  tcsh: shell,
  python,
  pypy: python,
  node: interpreter({
    inline: ['-e', '--eval', '-p', '--print'],
    valueOptions: ['-r', '--require', '--import'],
  }),
  perl: interpreter({ inline: ['-e', '-E'], inlineLetters: 'eE', inPlace: true, valueOptions: ['-I', '-M'] }),
  ruby: interpreter({ inline: ['-e'], inlineLetters: 'e', inPlace: true, valueOptions: ['-I', '-r'] }),
  php: interpreter({ inline: ['-r'], valueOptions: ['-d', '-c'] }),
  lua: interpreter({ inline: ['-e'], valueOptions: ['-l'] }),
  Rscript: interpreter({ inline: ['-e'] }),
  osascript: interpreter({ inline: ['-e'], valueOptions: ['-l'] }),
  pwsh: interpreter({
    inline: ['-c', '-Command', '-command'],
    valueOptions: ['-File', '-f', '-ExecutionPolicy'],
  }),
  powershell: interpreter({
    inline: ['-c', '-Command', '-command'],
    valueOptions: ['-File', '-f', '-ExecutionPolicy'],
  }),
  tclsh: interpreter({ inline: [] }),
  deno: (args, ctx) => {
    if (args[0] === 'eval') return runsInline(args.slice(1).join(' '), ctx);
    if (args[0] === 'publish') {
      ctx.rating.raise('high', 'Publishes to a package registry.', 'external_system', 'network');
      return;
    }
    if (args[0] === 'install' || args[0] === 'add') {
      ctx.rating.raise(
        'medium',
        'Installs packages; their install scripts run.',
        'network',
        'code_execution',
      );
      return;
    }
    if (versionOnly(args)) return;
    ctx.rating.raise('medium', 'Runs a project script or build.');
  },
  eval: evaluate,
  source,
  '.': source,
  awk,
  find,
  base64: decoder('dD', ['--decode']),
  xxd: decoder('r', ['-revert']),
  openssl: (args, ctx) => {
    if (args.includes('-d') || args[0] === 'base64') ctx.pipeline.decoders++;
    if (args[0] === 's_client') ctx.rating.raise('medium', 'Connects to another machine.', 'network');
  },
};
