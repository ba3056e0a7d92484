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
  /**
   * For a command that is not plain (and has words): each word as written, and whether its value
   * is unknown until it runs, for unwrapping.
   */
  readonly words?: { readonly raw: readonly string[]; readonly opaque: readonly boolean[] };
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
  const slash = name.lastIndexOf('/');
  const base = slash === -1 ? name : name.slice(slash + 1);
  // The readings of bash-render.ts, built with as few joins as possible: an unquoted command's
  // words as written are its argv, so one join serves as both readings and as the allow rendering.
  const written = words === undefined ? -1 : writtenLength(words, argv);
  const unquoted = written !== -1;
  const argvText = unquoted ? wordsAsWritten(segment, written) : argv.join(' ');
  const rawText = words === undefined ? undefined : unquoted ? argvText : words.map(rawOf).join(' ');
  const readings = [argvText];
  if (rawText !== undefined && rawText !== argvText) readings.push(rawText);
  const assigned = assignments.length > 0 ? assignments.join(' ') : '';
  if (assignments.length > 0) {
    const withAssignments = argv.length > 0 ? `${assigned} ${argvText}` : assigned;
    if (!readings.includes(withAssignments)) readings.push(withAssignments);
  }
  if (base !== name) readings.push([base, ...argv.slice(1)].join(' '));
  const dynamicName = words?.[0] !== undefined && isOpaque(words[0]);
  const plain = words !== undefined && argv.length > 0 && !dynamicName && !runsOtherCommands(base);
  return {
    readings,
    plain,
    // Only unwrapping needs the words one by one.
    words: plain || words === undefined ? undefined : { raw: words.map(rawOf), opaque: words.map(isOpaque) },
    allowRendering:
      rawText === undefined || words!.length !== argv.length
        ? undefined
        : assignments.length === 0
          ? rawText
          : argv.length === 0
            ? assigned
            : `${assigned} ${rawText}`,
    dynamicName,
  };
}

const rawOf = (word: ShellWord): string => word.raw;

/**
 * The raw words one space apart. Joining is the costliest part of a view, and the command's own
 * text usually is that string already: when it holds nothing but the words (no assignment, no
 * redirection) with one blank between each, its length (`written`) says so, and a tab is the only
 * other blank.
 */
function wordsAsWritten(segment: ShellSegment, written: number): string {
  const { text, words = [], assignments } = segment;
  if (assignments.length === 0 && text.length === written && !text.includes('\t')) return text;
  return words.map(rawOf).join(' ');
}

/**
 * The length of the words as written one space apart when every word is written as its value
 * (no quotes, no escapes: raw text and argv agree), else -1.
 */
function writtenLength(words: readonly ShellWord[], argv: readonly string[]): number {
  if (words.length !== argv.length) return -1;
  let length = words.length - 1;
  for (let index = 0; index < words.length; index += 1) {
    const raw = words[index]!.raw;
    if (raw !== argv[index]) return -1;
    length += raw.length;
  }
  return length;
}
