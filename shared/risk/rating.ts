import { type Risk, RiskCategory } from '../contract/index.ts';
import { maxRisk, rank, riskOrder } from './scale.ts';

/**
 * The engine's deterministic rating of a call. `notes` are short fixed phrases chosen by the
 * rater (never text copied from the call), so they are safe to show and to hand to a reviewer.
 */
export interface RiskRating {
  risk: Risk;
  categories: RiskCategory[];
  notes: string[];
}

const categoryBits: ReadonlyMap<RiskCategory, number> = new Map(
  RiskCategory.options.map((category, index) => [category, 1 << index]),
);

/** A category's bit; the list is far shorter than the 31 bits a number holds. */
function categoryBit(category: RiskCategory): number {
  return categoryBits.get(category) ?? 0;
}

/** A finding's note and the risk it was raised at. */
interface Note {
  risk: Risk;
  note: string;
}

/** The notes of a builder that has none yet: never added to (the first note replaces it). */
const NO_NOTES: readonly Note[] = Object.freeze([]);

/** Notes kept per rating: enough to explain, few enough to fit a badge's tooltip. */
const maxNotes = 6;

/**
 * Collects findings while a call is examined. Findings only ever raise the rating: nothing a
 * later check sees can make an earlier danger go away.
 */
export class RatingBuilder {
  risk: Risk = 'safe';
  /** One bit per category, by its place in the contract's list: a builder is made per call. */
  #categories = 0;
  /** Empty until the first note, which makes it as a list of one: growing an empty list cost more. */
  #notes: readonly Note[] = NO_NOTES;
  /**
   * Whether two notes were raised at different risks. Most ratings raise their notes at one
   * risk (`npm test && npm test`: one medium), and then the notes are already in their order.
   */
  #mixedRisks = false;

  /**
   * Categories as separate parameters, not a rest list: a rating is raised several times per
   * command, and each rest list was an allocation on the engine's hot path.
   */
  raise(risk: Risk, note: string, first?: RiskCategory, second?: RiskCategory, third?: RiskCategory): this {
    this.risk = maxRisk(this.risk, risk);
    if (first !== undefined) this.#categories |= categoryBit(first);
    if (second !== undefined) this.#categories |= categoryBit(second);
    if (third !== undefined) this.#categories |= categoryBit(third);
    const notes = this.#notes;
    if (notes.length === 0) {
      this.#notes = [{ risk, note }];
      return this;
    }
    for (let index = 0; index < notes.length; index += 1) if (notes[index]!.note === note) return this;
    if (notes[0]!.risk !== risk) this.#mixedRisks = true;
    // Not the shared empty list: the first note made a list of this builder's own.
    (notes as Note[]).push({ risk, note });
    return this;
  }

  /** `raise` with a list of categories of any length. */
  raiseAll(risk: Risk, note: string, categories: readonly RiskCategory[]): this {
    this.raise(risk, note);
    for (const category of categories) this.#categories |= categoryBit(category);
    return this;
  }

  has(category: RiskCategory): boolean {
    return (this.#categories & categoryBit(category)) !== 0;
  }

  /** Categories in the contract's order; the most dangerous notes first. */
  finish(): RiskRating {
    const categories: RiskCategory[] = [];
    if (this.#categories !== 0) {
      for (const category of RiskCategory.options) if (this.has(category)) categories.push(category);
    }
    return {
      risk: this.risk,
      categories,
      notes: this.#mixedRisks ? this.#notesByRisk() : this.#notesAsFound(),
    };
  }

  /** The notes as they were found: all of one risk, so that is their order. */
  #notesAsFound(): string[] {
    const entries = this.#notes;
    const notes = new Array<string>(Math.min(entries.length, maxNotes));
    for (let index = 0; index < notes.length; index += 1) notes[index] = entries[index]!.note;
    return notes;
  }

  #notesByRisk(): string[] {
    // Most dangerous first, notes of one risk in the order they were found (a stable sort by
    // rank, written as one pass per rank: a call has a handful of notes and five ranks).
    // Every rank is one of these levels, so the lists are filled to their exact, known sizes.
    const entries = this.#notes;
    const notes = new Array<string>(Math.min(entries.length, maxNotes));
    let kept = 0;
    for (let level = riskOrder.length; level >= 0 && kept < notes.length; level -= 1) {
      for (let index = 0; index < entries.length && kept < notes.length; index += 1) {
        const entry = entries[index]!;
        if (rank(entry.risk) === level) notes[kept++] = entry.note;
      }
    }
    return notes;
  }
}
