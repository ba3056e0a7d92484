import { analyzeShell } from '../shell/index.ts';
import { newPipelineFacts, type PipelineFacts, type SegmentContext } from './context.ts';
import { directoryAfter } from './directory.ts';
import { rateWrite } from './effects.ts';
import { deviceKind, type Where } from './paths.ts';
import { plainRaterOf } from './plain-segment.ts';
import type { RatingBuilder } from './rating.ts';
import { rateArgv, rateSegment } from './segment.ts';
import { hasForkBomb, textHazards } from './text-hazards.ts';

/** Nesting (`bash -c "eval '…'"`) beyond this is itself a warning sign: rated medium, not followed. */
const maxDepth = 4;

interface ShellRun {
  rating: RatingBuilder;
  pipeline: PipelineFacts;
  readOnly: boolean;
  /** Files written by redirections, for `curl … > x.sh; sh x.sh`. */
  written: string[];
  /** Redirections to `/dev/tcp/…`: with a shell attached, a reverse shell. */
  sockets: number;
}

/** A redirection that writes: `>`, `>>`, `>|`, `&>`, `2>`, `<>` — but not a descriptor copy like `2>&1`. */
function writesTo(op: string, target: string): boolean {
  if (!op.includes('>')) return false;
  if (op.endsWith('&') && /^(?:\d+|-)$/.test(target)) return false;
  return true;
}

/** What the raters of one command line get; methods, not closures, since one is made per command line. */
class ShellContext implements SegmentContext {
  readonly rating: RatingBuilder;
  readonly pipeline: PipelineFacts;
  readonly readOnly: boolean;
  readonly where: Where;
  readonly depth: number;
  readonly #run: ShellRun;

  constructor(where: Where, depth: number, run: ShellRun) {
    this.rating = run.rating;
    this.pipeline = run.pipeline;
    this.readOnly = run.readOnly;
    this.where = where;
    this.depth = depth;
    this.#run = run;
  }

  rateNested(nested: string, place?: 'local' | 'remote'): void {
    // Nothing is known about another machine's directories.
    const where = place === 'remote' ? { cwd: undefined, workspace: undefined } : this.where;
    rateCommandLine(nested, where, this.depth + 1, this.#run);
  }

  rateArgv(argv: readonly string[]): void {
    if (this.depth + 1 > maxDepth)
      this.rating.raise('medium', 'Nests commands too deeply to rate.', 'code_execution');
    else rateArgv(argv, new ShellContext(this.where, this.depth + 1, this.#run));
  }
}

function rateCommandLine(command: string, where: Where, depth: number, run: ShellRun): void {
  if (hasForkBomb(command)) {
    run.rating.raise('critical', 'A fork bomb: it exhausts the machine.', 'destructive');
  }
  if (depth > maxDepth) {
    run.rating.raise('medium', 'Nests commands too deeply to rate.', 'code_execution');
    textHazards(command, run.rating);
    return;
  }
  const analysis = analyzeShell(command);
  if (analysis.error !== undefined) {
    // Fail closed: what cannot be parsed is at least medium, and the worst patterns are still caught.
    run.rating.raise('medium', 'The command could not be parsed with confidence.');
    textHazards(command, run.rating);
  }
  let here = where;
  // One context per directory: most command lines never `cd`, and all their segments share it.
  let ctx: SegmentContext | undefined;
  // Indexed, not `for…of`: most analyses share one frozen empty list of redirections, which
  // `for…of` walks slowly, and the segments are walked the same way for one shape of loop.
  const { segments, redirections } = analysis;
  for (let index = 0; index < segments.length; index += 1) {
    const segment = segments[index]!;
    // Most segments agents run are plainly written and name a program the rater knows: one
    // lookup finds its rater, and the general path's checks are skipped (plain-segment.ts).
    const rater = plainRaterOf(analysis, segment);
    if (rater !== undefined) {
      ctx ??= new ShellContext(here, depth, run);
      rater(segment.argv, 1, ctx);
      continue;
    }
    const cwd = directoryAfter(segment.argv, here.cwd);
    if (cwd !== here.cwd) {
      here = { ...here, cwd };
      ctx = undefined;
    }
    ctx ??= new ShellContext(here, depth, run);
    rateSegment(segment, ctx);
  }
  for (let index = 0; index < redirections.length; index += 1) {
    const { op, target } = redirections[index]!;
    if (!writesTo(op, target)) continue;
    if (deviceKind(target) === 'network') run.sockets++;
    // Redirections are not tied to a segment here: rated against the directory before and after any `cd`.
    rateWrite(run.rating, target, where);
    if (here !== where) rateWrite(run.rating, target, here);
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
  const { pipeline, rating } = run;
  const runners = pipeline.stdinRunners + pipeline.substitutedRunners;
  if (pipeline.downloads > 0 && (runners > 0 || runsFetched(run))) {
    rating.raise(
      'critical',
      'Runs code downloaded from the network without review.',
      'code_execution',
      'network',
    );
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
 * redirection, then the pipeline as a whole. The worst finding sets the rating.
 */
export function rateShellCommand(
  command: string,
  cwd: string | undefined,
  readOnly: boolean,
  rating: RatingBuilder,
): void {
  const run: ShellRun = { rating, pipeline: newPipelineFacts(), readOnly, written: [], sockets: 0 };
  rateCommandLine(command, { cwd, workspace: cwd }, 0, run);
  ratePipeline(run);
}

/** Quotes words for a shell, so an argv given as a list can be rated as a command line. */
export function quoteArgv(argv: readonly string[]): string {
  return argv
    .map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`))
    .join(' ');
}
