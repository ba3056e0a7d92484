import type { ShellSegment, ShellWord } from '../shell/index.ts';
import type { Span } from './rating.ts';

/**
 * Where a segment or a word stands in the command it was parsed from. The shell analysis gives
 * each word and segment its `start`/`end` offsets; where a tree has no offsets yet, the text is
 * found in the command instead (its first place at or after `from`, else its first place at all),
 * which names the same characters whenever the text occurs once. A span only marks text for the
 * approver: it never changes a rating.
 */
export function spanOf(
  item: ShellSegment | ShellWord,
  text: string,
  command: string,
  from = 0,
): Span | undefined {
  const own = offsets(item);
  if (own !== undefined) return own;
  return find(text, command, from);
}

/** `text` found in `command`, at or after `from` if it is there, else anywhere. */
export function find(text: string, command: string, from = 0): Span | undefined {
  if (text === '') return undefined;
  let start = command.indexOf(text, from);
  if (start < 0) start = command.indexOf(text);
  return start < 0 ? undefined : { start, end: start + text.length };
}

/** The offsets a parse gave an item, when it has them. */
function offsets(item: object): Span | undefined {
  const { start, end } = item as { start?: unknown; end?: unknown };
  return typeof start === 'number' && typeof end === 'number' && start <= end ? { start, end } : undefined;
}

/**
 * The word of `segment` whose value holds `nested` (the script of `bash -c '…'`), as a span of
 * the command; the segment's own span when no word holds it.
 */
export function wordSpan(
  segment: ShellSegment,
  segmentSpan: Span | undefined,
  command: string,
  nested: string,
): Span | undefined {
  const at = segment.argv.findIndex((word) => word.includes(nested));
  const word = at >= 0 ? segment.words?.[at] : undefined;
  if (word === undefined) return segmentSpan;
  return spanOf(word, word.raw, command, segmentSpan?.start ?? 0) ?? segmentSpan;
}
