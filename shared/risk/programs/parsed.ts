import type { Risk, RiskCategory } from '../../contract/index.ts';
import { type ParsedOperand, type ParsedProgram, parseWords } from '../../programs/index.ts';
import type { ProgramRater, SegmentContext } from '../context.ts';
import { textHazards } from '../text-hazards.ts';

/**
 * Raters are small policies over the catalog's parse of a program's words (shared/programs):
 * options with their values, operands with their roles. Nothing here reads the words again.
 */

/** A rater for the parse; `unsure` for words the program's entry cannot read. */
export interface ParsedRater {
  readonly rate: (parsed: ParsedProgram, ctx: SegmentContext) => void;
  readonly unsure: (words: readonly string[], ctx: SegmentContext) => void;
}

/**
 * A program rater over the parse of the catalog entry `name`: the simple command's one parse
 * (`ctx.reading`) when it is of these words, else the words read now (shared/programs/reading.ts).
 */
export function catalogRater(name: string, rater: ParsedRater): ProgramRater {
  return (args, ctx) => {
    const parsed = parseWords(name, args, ctx.reading);
    if (parsed.kind === 'parsed') rater.rate(parsed, ctx);
    else rater.unsure(args, ctx);
  };
}

/** Whether any of the options `names` (as the entry names them) is given. */
export const has = (parsed: ParsedProgram, ...names: readonly string[]): boolean =>
  parsed.options.some((option) => names.includes(option.name));

/** The values of the options `names`, each time one is given. */
export const values = (parsed: ParsedProgram, ...names: readonly string[]): string[] =>
  parsed.options.flatMap((option) =>
    names.includes(option.name) && option.value !== undefined ? [option.value] : [],
  );

/** The operands' words, in order. */
export const texts = (parsed: ParsedProgram): string[] => parsed.operands.map((operand) => operand.text);

/** The operands with the role `role`. */
export const withRole = (parsed: ParsedProgram, role: ParsedOperand['role']): string[] =>
  parsed.operands.filter((operand) => operand.role === role).map((operand) => operand.text);

/** The subcommand's parse, when it was read; undefined for an unlisted subcommand. */
export const subcommandOf = (parsed: ParsedProgram): ParsedProgram | undefined =>
  parsed.subcommand?.kind === 'parsed' ? parsed.subcommand : undefined;

/**
 * Words the entry cannot read (an unlisted option, an abbreviation): rated as the worst the
 * program does (`risk`), and its words searched for the worst patterns as text, so an unread
 * option never lowers a rating.
 */
export function unreadable(
  risk: Risk,
  ...categories: RiskCategory[]
): (words: readonly string[], ctx: SegmentContext) => void {
  return (words, ctx) => {
    ctx.rating.raise(
      risk,
      'Uses options the rater cannot read: rated as the worst it could do.',
      ...categories,
    );
    textHazards(words.join(' '), ctx.rating);
  };
}
