import { type Risk, RiskCategory } from '../contract/index.ts';
import { maxRisk } from './scale.ts';

/**
 * The engine's deterministic rating of a call. `notes` are short fixed phrases chosen by the
 * rater (never text copied from the call), so they are safe to show and to hand to a reviewer.
 */
export interface RiskRating {
  risk: Risk;
  categories: RiskCategory[];
  notes: string[];
}

/** Notes kept per rating: enough to explain, few enough to fit a badge's tooltip. */
const maxNotes = 6;

/**
 * Collects findings while a call is examined. Findings only ever raise the rating: nothing a
 * later check sees can make an earlier danger go away.
 */
export class RatingBuilder {
  risk: Risk = 'safe';
  readonly #categories = new Set<RiskCategory>();
  readonly #notes: { risk: Risk; note: string }[] = [];

  raise(risk: Risk, note: string, ...categories: RiskCategory[]): this {
    this.risk = maxRisk(this.risk, risk);
    for (const category of categories) this.#categories.add(category);
    if (!this.#notes.some((entry) => entry.note === note)) this.#notes.push({ risk, note });
    return this;
  }

  has(category: RiskCategory): boolean {
    return this.#categories.has(category);
  }

  /** Categories in the contract's order; the most dangerous notes first. */
  finish(): RiskRating {
    const weight = (risk: Risk) => ['critical', 'high', 'medium', 'low', 'safe'].indexOf(risk);
    const notes = [...this.#notes]
      .sort((a, b) => weight(a.risk) - weight(b.risk))
      .slice(0, maxNotes)
      .map((entry) => entry.note);
    const categories = RiskCategory.options.filter((category) => this.#categories.has(category));
    return { risk: this.risk, categories, notes };
  }
}
