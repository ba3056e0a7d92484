import type { ShellAnalysis, ShellSegment, ShellWord } from '../shell/index.ts';
import { writesFile } from '../shell/index.ts';
import { runsOtherCommands } from './bash-wrappers.ts';
import { recentResults } from './recent.ts';

/**
 * What Bash rules read from a command's analysis, worked out once per analysis and shared by every
 * rule of a call (and by the rule index): `analyzeShell` hands out the same analysis object for the
 * same command, and the views of the last few analyses are kept (recent.ts).
 */
export interface CommandView {
  readonly segments: readonly SegmentView[];
  /**
   * Whether an allow rule may match at all: the command parses, has a command, no substitution and
   * no redirection into a file (descriptor duplication and `/dev/null` are fine).
   */
  readonly allowable: boolean;
  /** The command with whitespace runs as single spaces, once a rule needed it. */
  flatText?: string;
  /** What deny and ask patterns are tested against (bash-readings.ts), once the index needed it. */
  generous?: readonly string[] | 'any';
}

/** One simple command. */
export interface SegmentView {
  /** Every deny reading: argv, raw words, with assignments, `/bin/rm` as `rm`; each once. */
  readonly readings: readonly string[];
  /** Not a wrapper, shell, `eval` or `find`, and the name is literal: its readings are all there is. */
  readonly plain: boolean;
  readonly raw: readonly string[];
  /** Parallel to `raw`: the word's value is unknown until it runs. */
  readonly opaque: readonly boolean[];
  /** What an allow rule compares: assignments and words as written, one space apart; undefined when it cannot be rendered. */
  readonly allowRendering: string | undefined;
  /** The command name is known only at run time (`$CMD`, `{a,b}`, `r?`). */
  readonly dynamicName: boolean;
}

/** Enough for a call's command and the `sh -c` strings inside it. */
const RECENT_VIEWS = 16;

export const commandView = recentResults(
  (analysis: ShellAnalysis): CommandView => ({
    segments: analysis.segments.map(segmentView),
    allowable:
      analysis.error === undefined &&
      !analysis.substitution &&
      analysis.segments.length > 0 &&
      !analysis.redirections.some(writesFile),
  }),
  RECENT_VIEWS,
);

export function isOpaque(word: ShellWord): boolean {
  return word.dynamic || word.glob;
}

function segmentView(segment: ShellSegment): SegmentView {
  const { argv, words, assignments } = segment;
  const name = argv[0] ?? '';
  const base = name.slice(name.lastIndexOf('/') + 1);
  const raw = words?.map((word) => word.raw) ?? [];
  const opaque = words?.map(isOpaque) ?? [];
  // The readings of bash-render.ts, built with as few joins as possible: an unquoted command's
  // words as written are its argv, so one join serves as both readings and as the allow rendering.
  const argvText = argv.join(' ');
  const rawText = words === undefined ? undefined : sameWords(raw, argv) ? argvText : raw.join(' ');
  const readings = [argvText];
  if (rawText !== undefined && rawText !== argvText) readings.push(rawText);
  const assigned = assignments.length > 0 ? assignments.join(' ') : '';
  if (assignments.length > 0) {
    const withAssignments = argv.length > 0 ? `${assigned} ${argvText}` : assigned;
    if (!readings.includes(withAssignments)) readings.push(withAssignments);
  }
  if (base !== name) readings.push([base, ...argv.slice(1)].join(' '));
  const renderable = rawText !== undefined && raw.length === argv.length;
  return {
    readings,
    plain: words !== undefined && argv.length > 0 && !opaque[0] && !runsOtherCommands(base),
    raw,
    opaque,
    allowRendering: !renderable
      ? undefined
      : assignments.length === 0
        ? rawText
        : raw.length === 0
          ? assigned
          : `${assigned} ${rawText}`,
    dynamicName: opaque[0] === true,
  };
}

function sameWords(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}
