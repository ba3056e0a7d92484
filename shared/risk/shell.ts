import type { ParsedCommand, Reading } from '../programs/index.ts';
import { analyzeShell, type ShellAnalysis, type ShellSegment } from '../shell/index.ts';
import { ExaminationBudget } from '../shield/index.ts';
import { newPipelineFacts, type PipelineFacts, type SegmentContext } from './context.ts';
import { directoryAfter } from './directory.ts';
import { rateWrite } from './effects.ts';
import { deviceKind, type Where } from './paths.ts';
import { quoteArgv } from './quote.ts';
import type { Findings, RatingBuilder, Span } from './rating.ts';
import { namesSecretFile, secretFileNote } from './secret-files.ts';
import { rateArgv, rateSegment } from './segment.ts';
import { find, spanOf, wordSpan } from './spans.ts';
import { hasForkBomb, textHazards } from './text-hazards.ts';

/** Nesting (`bash -c "eval '…'"`) beyond this is itself a warning sign: rated medium, not followed. */
const maxDepth = 4;

interface ShellRun {
  rating: RatingBuilder;
  pipeline: PipelineFacts;
  readOnly: boolean;
  /** The call's command: spans are offsets into it. */
  command: string;
  /** Files written by redirections, for `curl … > x.sh; sh x.sh`. */
  written: string[];
  /** Redirections to `/dev/tcp/…`: with a shell attached, a reverse shell. */
  sockets: number;
  /** What is left to examine of the call's command, nested command lines included. */
  budget: ExaminationBudget;
}

export const tooLongNote = 'Too long to examine fully: the rest of the command is not rated.';

/**
 * Takes `words` words (of `commands` simple commands) from the run's budget. When it runs out,
 * the whole command is rated high (`tooLongNote`) and scanned as text for the worst patterns,
 * as a command that cannot be parsed is: the part not examined is not taken for harmless.
 */
function withinBudget(run: ShellRun, words: number, commands = 1): boolean {
  if (run.budget.exhausted) return false;
  if (run.budget.take(words, commands)) return true;
  const whole = run.rating.at({ start: 0, end: run.command.length });
  whole.raise('high', tooLongNote);
  textHazards(run.command, whole);
  return false;
}

/** A redirection that writes: `>`, `>>`, `>|`, `&>`, `2>`, `<>` — but not a descriptor copy like `2>&1`. */
function writesTo(op: string, target: string): boolean {
  if (!op.includes('>')) return false;
  if (op.endsWith('&') && /^(?:\d+|-)$/.test(target)) return false;
  return true;
}

/** What the raters of one simple command get. */
class ShellContext implements SegmentContext {
  readonly rating: Findings;
  readonly pipeline: PipelineFacts;
  readonly readOnly: boolean;
  readonly where: Where;
  readonly depth: number;
  readonly segment: ShellSegment;
  readonly reading: Reading | undefined;
  readonly #run: ShellRun;
  readonly #span: Span | undefined;
  /** Set for a command line nested in another: all its findings are about that outer word. */
  readonly #outer: Span | undefined;

  constructor(
    where: Where,
    depth: number,
    segment: ShellSegment,
    run: ShellRun,
    span: Span | undefined,
    outer: Span | undefined,
    reading?: Reading,
  ) {
    this.where = where;
    this.depth = depth;
    this.segment = segment;
    this.reading = reading;
    this.rating = run.rating.at(span);
    this.pipeline = run.pipeline;
    this.readOnly = run.readOnly;
    this.#run = run;
    this.#span = span;
    this.#outer = outer;
  }

  rateNested(nested: string, place?: 'local' | 'remote'): void {
    if (this.#run.budget.exhausted) return;
    // Nothing is known about another machine's directories.
    const where = place === 'remote' ? { cwd: undefined, workspace: undefined } : this.where;
    const outer = this.#outer ?? wordSpan(this.segment, this.#span, this.#run.command, nested);
    rateCommandLine(nested, where, this.depth + 1, this.#run, undefined, outer);
  }

  rateArgv(argv: readonly string[]): void {
    if (this.depth + 1 > maxDepth) {
      this.rating.raise('medium', 'Nests commands too deeply to rate.', 'code_execution');
      return;
    }
    if (!withinBudget(this.#run, argv.length)) return;
    const inner = new ShellContext(
      this.where,
      this.depth + 1,
      argvSegment(argv),
      this.#run,
      this.#span,
      this.#outer,
    );
    rateArgv(argv, inner);
  }
}

/**
 * Rates one command line. `analysis` is the parse of `command` when the caller has it, and
 * `programs` the catalog's parse of each of its segments; `outer` is set for a command nested in
 * a word of the call's command, whose span all findings take.
 */
function rateCommandLine(
  command: string,
  where: Where,
  depth: number,
  run: ShellRun,
  analysis: ShellAnalysis | undefined,
  outer: Span | undefined,
  programs?: readonly ParsedCommand[],
): void {
  const whole = outer ?? (command === run.command ? { start: 0, end: command.length } : undefined);
  const rating = run.rating.at(whole);
  if (hasForkBomb(command)) rating.raise('critical', 'A fork bomb: it exhausts the machine.', 'destructive');
  if (depth > maxDepth) {
    rating.raise('medium', 'Nests commands too deeply to rate.', 'code_execution');
    textHazards(command, rating);
    return;
  }
  const parsed = analysis ?? analyzeShell(command);
  if (parsed.error !== undefined) {
    // Fail closed: what cannot be parsed is at least medium, and the worst patterns are still caught.
    rating.raise('medium', 'The command could not be parsed with confidence.');
    textHazards(command, rating);
  }
  let here = where;
  let cursor = 0;
  for (const [index, segment] of parsed.segments.entries()) {
    if (!withinBudget(run, segment.argv.length + segment.assignments.length)) return;
    const span = outer ?? spanOf(segment, segment.text, command, cursor);
    if (outer === undefined && span !== undefined) cursor = span.start;
    const parse = programs?.[index];
    const reading = parse === undefined ? undefined : { argv: segment.argv, parsed: parse };
    here = { ...here, cwd: directoryAfter(segment.argv, here.cwd, reading) };
    rateSegment(segment, new ShellContext(here, depth, segment, run, span, outer, reading));
  }
  // Redirections are one word each; they are found in the command in order.
  if (!withinBudget(run, parsed.redirections.length, 0)) return;
  let from = 0;
  for (const { op, target } of parsed.redirections) {
    const at = outer ?? find(target, command, from);
    if (outer === undefined && at !== undefined) from = at.end;
    if (op.includes('<') && !op.startsWith('<<') && namesSecretFile(target, here)) {
      run.rating.at(at).raise('high', secretFileNote, 'secret_exposure');
    }
    if (!writesTo(op, target)) continue;
    if (deviceKind(target) === 'network') run.sockets++;
    const findings = run.rating.at(at);
    // Redirections are not tied to a segment here: rated against the directory before and after any `cd`.
    rateWrite(findings, target, where);
    if (here.cwd !== where.cwd) rateWrite(findings, target, here);
    run.written.push(target.replace(/^\.\//, ''));
  }
}

/** A script the command runs that a download or a redirection of the same command wrote. */
function runsFetched(run: ShellRun): boolean {
  const { pipeline } = run;
  if (pipeline.scriptsRun.length === 0) return false;
  const fetched = new Set(
    [...pipeline.downloadedFiles, ...run.written].map((file) => file.replace(/^\.\//, '')),
  );
  return pipeline.scriptsRun.some((script) => fetched.has(script));
}

/** What the pipeline as a whole does that no single segment shows. */
function ratePipeline(run: ShellRun): void {
  const { pipeline } = run;
  const rating = run.rating.at({ start: 0, end: run.command.length });
  const runners = pipeline.stdinRunners + pipeline.substitutedRunners;
  if (pipeline.downloads > 0 && runners > 0) {
    rating.raise(
      'critical',
      'Pipes a download into a shell: runs code from the network unseen.',
      'code_execution',
      'network',
    );
  } else if (pipeline.downloads > 0 && runsFetched(run)) {
    rating.raise('critical', 'Runs a script it has just downloaded, unseen.', 'code_execution', 'network');
  }
  if (pipeline.decoders > 0 && runners > 0) {
    rating.raise('high', 'Decodes hidden text and runs it.', 'code_execution');
  }
  if (run.sockets > 0 && (pipeline.interactiveShells > 0 || pipeline.stdinRunners > 0)) {
    rating.raise(
      'critical',
      'Connects a shell to the network (a reverse shell).',
      'code_execution',
      'exfiltration',
    );
  }
}

/**
 * Rates a shell command line: every segment (those inside substitutions included), every
 * redirection, then the pipeline as a whole. The worst finding sets the rating. The work is
 * bounded: simple commands and words, nested ones included, are taken from one
 * `ExaminationBudget` per call, and what does not fit is not examined but rated high
 * (`tooLongNote`), so nothing past the budget passes for safe.
 */
export function rateShellCommand(
  command: string,
  cwd: string | undefined,
  readOnly: boolean,
  rating: RatingBuilder,
  analysis?: ShellAnalysis,
  programs?: readonly ParsedCommand[],
): void {
  const run: ShellRun = {
    rating,
    pipeline: newPipelineFacts(),
    readOnly,
    command,
    written: [],
    sockets: 0,
    budget: new ExaminationBudget(),
  };
  // The segments' parse belongs to the analysis it was made of.
  rateCommandLine(command, { cwd, workspace: cwd }, 0, run, analysis, undefined, analysis && programs);
  ratePipeline(run);
}

/** A simple command made of words a wrapper or `xargs` runs: what the read-only check reads. */
export function argvSegment(argv: readonly string[]): ShellSegment {
  const text = quoteArgv(argv);
  // Offsets into `text`, the words' own rendering: these words were never part of a command string.
  let at = 0;
  const words = argv.map((word) => {
    const raw = quoteArgv([word]);
    const start = at;
    at += raw.length + 1;
    // Their values are known only as text: anything that looks computed or globbed is taken to be.
    return { raw, dynamic: /[$`]/.test(word), glob: /[*?[]/.test(word), start, end: start + raw.length };
  });
  return { argv, assignments: [], text, start: 0, end: text.length, words };
}
