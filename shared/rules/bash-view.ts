import type { ShellAnalysis, ShellSegment, ShellWord } from '../shell/index.ts';
import { writesFile } from '../shell/index.ts';
import { allowRendering, denyRenderings } from './bash-render.ts';
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
  const readings: string[] = [];
  for (const reading of denyRenderings(argv, words === undefined ? undefined : raw, assignments)) {
    if (!readings.includes(reading)) readings.push(reading);
  }
  if (base !== name) readings.push([base, ...argv.slice(1)].join(' '));
  return {
    readings,
    plain: words !== undefined && argv.length > 0 && !opaque[0] && !runsOtherCommands(base),
    raw,
    opaque,
    allowRendering: allowRendering(segment),
    dynamicName: opaque[0] === true,
  };
}
