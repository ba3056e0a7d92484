import { type Risk, RiskCategory } from '../contract/index.ts';
import { maxRisk, rank } from './scale.ts';

/** Characters `[start, end)` of the call's command that a finding is about. */
export interface Span {
  start: number;
  end: number;
}

/**
 * One thing the rater found: a short sentence an approver reads as the reason, the risk it
 * carries, its main category, and when it comes from the command, the characters it is about.
 * Notes are fixed sentences of the rater, never text copied from the call: the span points at
 * the call's own text instead, so nothing an agent wrote is ever shown as the relay's words
 * (nor handed to a model reviewer as such).
 */
export interface RiskFinding {
  risk: Risk;
  note: string;
  category?: RiskCategory;
  span?: Span;
}

/**
 * The engine's deterministic rating of a call. `notes` are the findings' sentences, each once,
 * most dangerous first; `findings` the same with their spans.
 */
export interface RiskRating {
  risk: Risk;
  categories: RiskCategory[];
  notes: string[];
  findings: RiskFinding[];
}

/** Where findings go: the rating of a call, or a view of it tied to one span of the command. */
export interface Findings {
  raise(risk: Risk, note: string, ...categories: RiskCategory[]): void;
  has(category: RiskCategory): boolean;
  /** How many findings were raised so far, repeats included: whether a rater found anything. */
  raised(): number;
}

/** A rating's findings about one span of the command (one object per span, its methods shared). */
class SpanFindings implements Findings {
  readonly #rating: RatingBuilder;
  readonly #span: Span | undefined;

  constructor(rating: RatingBuilder, span: Span | undefined) {
    this.#rating = rating;
    this.#span = span;
  }

  raise(risk: Risk, note: string, ...categories: RiskCategory[]): void {
    this.#rating.raiseAt(this.#span, risk, note, ...categories);
  }

  has(category: RiskCategory): boolean {
    return this.#rating.has(category);
  }

  raised(): number {
    return this.#rating.raised();
  }
}

/** Notes kept per rating: enough to explain, few enough to fit a badge's tooltip. */
const maxNotes = 6;
/** Findings handed out per rating, the most dangerous: a hostile command's hundreds stay a short list. */
const maxFindings = 24;

/**
 * Collects findings while a call is examined. Findings only ever raise the rating: nothing a
 * later check sees can make an earlier danger go away.
 */
export class RatingBuilder implements Findings {
  risk: Risk = 'safe';
  readonly #categories = new Set<RiskCategory>();
  readonly #findings: RiskFinding[] = [];
  #raised = 0;

  raise(risk: Risk, note: string, ...categories: RiskCategory[]): void {
    this.raiseAt(undefined, risk, note, ...categories);
  }

  /** A finding about `span` of the command (none: about the call as a whole). */
  raiseAt(span: Span | undefined, risk: Risk, note: string, ...categories: RiskCategory[]): void {
    this.risk = maxRisk(this.risk, risk);
    this.#raised += 1;
    for (const category of categories) this.#categories.add(category);
    const known = this.#findings.some(
      (finding) =>
        finding.note === note && finding.span?.start === span?.start && finding.span?.end === span?.end,
    );
    if (known) return;
    const finding: RiskFinding = { risk, note };
    if (categories[0] !== undefined) finding.category = categories[0];
    if (span !== undefined) finding.span = { start: span.start, end: span.end };
    this.#findings.push(finding);
  }

  /** The findings that follow, tied to `span`. */
  at(span: Span | undefined): Findings {
    return new SpanFindings(this, span);
  }

  has(category: RiskCategory): boolean {
    return this.#categories.has(category);
  }

  raised(): number {
    return this.#raised;
  }

  /** Categories in the contract's order; findings and notes most dangerous first, else as found. */
  finish(): RiskRating {
    // A stable sort: findings of one risk keep the order they were found in.
    const findings = this.#findings.toSorted((a, b) => rank(b.risk) - rank(a.risk)).slice(0, maxFindings);
    const notes: string[] = [];
    for (const { note } of findings) if (!notes.includes(note)) notes.push(note);
    return {
      risk: this.risk,
      categories: RiskCategory.options.filter((category) => this.#categories.has(category)),
      notes: notes.slice(0, maxNotes),
      findings,
    };
  }
}
