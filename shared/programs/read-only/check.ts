import { isInside, knownDirectory, normalizeAbsolute } from '../../paths/index.ts';
import type { ShellAnalysis, ShellSegment } from '../../shell/index.ts';
import { parseSegment } from '../parse.ts';
import { EVALUATING_BUILTINS } from '../rules/evaluated.ts';
import { mayBeRoot } from '../rules/operands.ts';
import type { Effect, ParsedCommand, ParsedProgram } from '../types.ts';
import { processSecretReason } from './process-secrets.ts';
import { redirectionReason } from './redirections.ts';

export interface ReadOnlyVerdict {
  readOnly: boolean;
  /** Plain text for the UI: what made the command read-only or not. */
  reason: string;
}

/** `{fd}>file` opens a descriptor into a variable, and bash may evaluate its subscript. */
const DESCRIPTOR_VARIABLE = /^\{[^}]*\}$/;

/** What an option or a program may do and still be a read. */
const READING: ReadonlySet<Effect> = new Set(['reads', 'walks']);

const EFFECT_WORDS: Record<Effect, string> = {
  reads: 'reads a file',
  writes: 'writes a file',
  runs: 'runs a program',
  network: 'opens the network',
  environment: 'prints the environment',
  secrets: 'prints secrets',
  system: 'changes the system',
  walks: 'walks whole directory trees',
  endless: 'never ends by itself (it follows a file until it is killed)',
  links: 'follows symbolic links out of the folders it walks, to files the command does not name',
  elsewhere: 'works on another directory or repository, whose configuration chooses what runs',
  'stdin-names': 'reads the names of what it opens from stdin, which the command does not show',
};

/** One simple command judged: why it is not a read, or whether it walks directory trees. */
type SegmentVerdict = { reason: string } | { reason?: undefined; walks: boolean; program: string };

/**
 * Whether a whole Bash command only reads (DESIGN §5 step 6), from the analysis and the parsed
 * form of each simple command (`parsed`, parallel to `analysis.segments`, made once per call in
 * CallFacts; read here when not given). It parses; no substitution, parameter expansion or
 * background job; every redirection only discards, duplicates, feeds text or reads a file (never
 * a device such as `/dev/tcp`); every simple command is a read of a program on the read-only
 * list. After any `cd`, the shell may be anywhere: git (whose repository, found from the working
 * directory, chooses the programs git runs) and readers that walk directory trees are refused,
 * and every word is checked against /proc as if absolute.
 */
export function isReadOnlyCommand(
  analysis: ShellAnalysis,
  cwd?: string,
  parsed?: readonly ParsedCommand[],
): ReadOnlyVerdict {
  if (analysis.error !== undefined) return no(`the command could not be parsed: ${analysis.error}`);
  if (analysis.substitution) return no('the command uses command substitution ($(…), backticks or <(…))');
  if (analysis.expansion)
    return no('the command uses a variable or other expansion whose value is not known');
  if (analysis.background) return no('the command starts a background job');
  if (analysis.segments.length === 0) return no('the command is empty');
  for (const redirection of analysis.redirections) {
    const reason = redirectionReason(redirection);
    if (reason !== undefined) return no(reason);
  }
  let moved = false;
  const names: string[] = [];
  for (let index = 0; index < analysis.segments.length; index += 1) {
    const segment = analysis.segments[index]!;
    const verdict = segmentVerdict(segment, parsed?.[index] ?? parseSegment(segment), cwd);
    if (verdict.reason !== undefined) return no(verdict.reason);
    if (analysis.redirections.length > 0 && segment.words!.some((word) => DESCRIPTOR_VARIABLE.test(word.raw)))
      return no(`${JSON.stringify(segment.text)} may open a descriptor into a variable`);
    if (moved) {
      const reached = segment.argv
        .slice(1)
        .map((text, at) => processSecretReason(text, segment.words![at + 1]!.glob, true))
        .find((found) => found !== undefined);
      if (reached !== undefined) return no(reached);
      // `cd / && rg TOKEN` walks /proc from wherever the cd went.
      if (verdict.walks)
        return no(`${verdict.program} walks directory trees after a cd, from a folder we cannot see`);
      // `cd sub && git status`: sub may be a repository of its own, with its own core.fsmonitor.
      if (verdict.program === 'git')
        return no(
          'git runs after a cd, in a folder that may be another repository with its own configuration',
        );
    }
    if (verdict.program === 'cd' && !staysPut(segment.argv.slice(1), cwd)) moved = true;
    if (!names.includes(verdict.program)) names.push(verdict.program);
  }
  return { readOnly: true, reason: `every command only reads (${names.join(', ')})` };
}

/**
 * Why one simple command is not provably a read, or undefined when it is: its program is on the
 * read-only list and parsed with confidence, every option it carries only reads, no operand is
 * written or run, its rule passes, no word is dynamic, and no word reaches a process's secrets
 * under /proc. Redirections belong to the whole command and are judged by `isReadOnlyCommand`.
 */
export function readOnlySegmentReason(
  segment: ShellSegment,
  parsed?: ParsedCommand,
  cwd?: string,
): string | undefined {
  return segmentVerdict(segment, parsed ?? parseSegment(segment), cwd).reason;
}

function segmentVerdict(
  segment: ShellSegment,
  parsed: ParsedCommand,
  cwd: string | undefined,
): SegmentVerdict {
  const shown = (): string => JSON.stringify(segment.text);
  if (segment.assignments.length > 0)
    return { reason: `${shown()} sets environment variables, which can change what a command does` };
  const { argv, words } = segment;
  if (words !== undefined) {
    for (let index = 0; index < words.length; index += 1) {
      const word = words[index]!;
      if (word.dynamic)
        return { reason: `${shown()} has a word whose value is only known when it runs (${word.raw})` };
      if (index === 0) continue;
      const secret = processSecretReason(argv[index]!.replace(/^-[^=]*=/, ''), word.glob);
      if (secret !== undefined) return { reason: secret };
    }
  }
  const evaluating = argv[0] === undefined ? undefined : EVALUATING_BUILTINS.get(argv[0]);
  if (evaluating !== undefined) return { reason: evaluating };
  if (parsed.kind === 'unsure') return { reason: parsed.reason };
  const reason = programReason(parsed);
  if (reason !== undefined) return { reason };
  const walks = walksTrees(parsed);
  if (walks) {
    const root = parsed.operands.find((operand) => mayBeRoot(operand.text));
    if (root !== undefined)
      return { reason: `${parsed.program} would walk ${root.text}, which may be / and holds /proc` };
    const outside = parsed.operands.find(
      (operand) => operand.role === 'reads' && !walkStaysInside(operand.text, cwd),
    );
    if (outside !== undefined)
      return {
        reason: `${parsed.program} would walk ${outside.text}, a folder outside the working directory whose files the command does not name`,
      };
  }
  return { walks, program: parsed.program };
}

/** Why a parsed program (or its subcommand) is not a read, or undefined. */
function programReason(parsed: ParsedProgram): string | undefined {
  const { entry, program } = parsed;
  if (!entry.readOnly) return `${JSON.stringify(program)} is not on the read-only list`;
  const does = (entry.does ?? []).find((effect) => !READING.has(effect));
  if (does !== undefined) return `${program} ${EFFECT_WORDS[does]}`;
  for (const option of parsed.options) {
    const effect = option.effects.find((candidate) => !READING.has(candidate));
    if (effect !== undefined) return `${program} ${option.written} ${EFFECT_WORDS[effect]}`;
    for (const value of [option.value, option.second]) {
      const secret = value === undefined ? undefined : processSecretReason(value, false);
      if (secret !== undefined) return secret;
    }
  }
  const operand = parsed.operands.find(
    (candidate) => candidate.role === 'writes' || candidate.role === 'command',
  );
  if (operand !== undefined)
    return operand.role === 'writes'
      ? `${program} writes its operand ${JSON.stringify(operand.text)}`
      : `${program} runs the command ${JSON.stringify(operand.text)}`;
  if (parsed.wrapped !== undefined) return `${program} runs another command`;
  const ruled = entry.rule?.check(parsed);
  if (ruled !== undefined) return ruled;
  if (entry.subcommands !== undefined) {
    const sub = parsed.subcommand;
    if (sub === undefined)
      return parsed.options.length === 1 && parsed.options[0]!.name === 'version'
        ? undefined
        : `${program} without a subcommand`;
    return sub.kind === 'unsure' ? sub.reason : programReason(sub);
  }
  return undefined;
}

/**
 * A walk (`grep -r x DIR`) reads every file under DIR without naming one, so the shield cannot
 * see a secret it reaches (`grep -d recurse x ~/.aws`): it may start only inside the working
 * directory. A relative path without `..` is inside whatever `cwd` is (symbolic links aside).
 */
function walkStaysInside(start: string, cwd: string | undefined): boolean {
  if (start.startsWith('~')) return false;
  if (!start.startsWith('/') && !start.split('/').includes('..')) return true;
  return isInside(start, cwd);
}

/**
 * `cd .` and `cd CWD` (the working directory by its absolute name) leave the shell where it was;
 * any other `cd`, into a subfolder too, may move it.
 */
function staysPut(args: readonly string[], cwd: string | undefined): boolean {
  const operands = args.filter((arg) => !/^-[LPe@]+$/.test(arg));
  if (operands.length !== 1) return false;
  const target = operands[0]!;
  if (target === '.' || target === './') return true;
  const base = knownDirectory(cwd);
  return base !== undefined && target.startsWith('/') && normalizeAbsolute(target) === base;
}

/** Whether the program reads the contents of whole directory trees, by any spelling. */
function walksTrees(parsed: ParsedProgram): boolean {
  if (parsed.entry.does?.includes('walks') === true) return true;
  if (parsed.options.some((option) => option.effects.includes('walks'))) return true;
  return parsed.subcommand?.kind === 'parsed' && walksTrees(parsed.subcommand);
}

function no(reason: string): ReadOnlyVerdict {
  return { readOnly: false, reason };
}
