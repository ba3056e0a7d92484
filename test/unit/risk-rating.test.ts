import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Risk, RiskCategory } from '../../shared/contract/index.ts';
import { RatingBuilder } from '../../shared/risk/rating.ts';
import { riskOrder } from '../../shared/risk/scale.ts';

/**
 * Whatever was raised, a rating's notes are those of a stable sort by risk, most dangerous
 * first, the first six kept, each note once; its findings carry the same notes with their spans.
 */

interface Finding {
  risk: Risk;
  note: string;
  categories: RiskCategory[];
}

/** A few notes, so that the same note is raised again, at the same risk or another. */
const finding: fc.Arbitrary<Finding> = fc.record({
  risk: fc.constantFrom(...riskOrder),
  note: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'),
  categories: fc.subarray([...RiskCategory.options], { maxLength: 3 }),
});

/** The notes as the rating promises them: first raise of each note, stable by risk, six at most. */
function expectedNotes(findings: readonly Finding[]): string[] {
  const first = new Map<string, Risk>();
  for (const { risk, note } of findings) if (!first.has(note)) first.set(note, risk);
  return [...first]
    .map(([note, risk], order) => ({ note, rank: riskOrder.indexOf(risk), order }))
    .sort((a, b) => b.rank - a.rank || a.order - b.order)
    .slice(0, 6)
    .map(({ note }) => note);
}

function rate(findings: readonly Finding[]) {
  const rating = new RatingBuilder();
  for (const { risk, note, categories } of findings) rating.raise(risk, note, ...categories);
  return rating.finish();
}

describe("a rating's notes", () => {
  it('are ordered by risk when raised at several risks, and as found when raised at one', () => {
    fc.assert(
      fc.property(fc.array(finding, { maxLength: 12 }), (findings) => {
        const { risk, categories, notes } = rate(findings);
        expect(notes).toEqual(expectedNotes(findings));
        const worst = Math.max(0, ...findings.map((found) => riskOrder.indexOf(found.risk)));
        expect(risk).toBe(riskOrder[worst]);
        const raised = new Set(findings.flatMap((found) => found.categories));
        expect(categories).toEqual(RiskCategory.options.filter((category) => raised.has(category)));
      }),
    );
  });

  it('of one risk, keep the order they were found in and the first six', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...riskOrder),
        fc.uniqueArray(fc.string(), { maxLength: 9 }),
        (risk, found) => {
          const findings = found.map((note) => ({ risk, note, categories: [] }));
          expect(rate(findings).notes).toEqual(found.slice(0, 6));
        },
      ),
    );
  });

  it('put a later, more dangerous note before earlier ones', () => {
    const rating = new RatingBuilder();
    rating.raise('low', 'looks');
    rating.raise('low', 'reads');
    rating.raise('high', 'pushes');
    expect(rating.finish().notes).toEqual(['pushes', 'looks', 'reads']);
  });

  it('count a note raised again at another risk once, at its first risk', () => {
    const rating = new RatingBuilder();
    rating.raise('medium', 'runs', 'code_execution');
    rating.raise('critical', 'runs');
    rating.raise('low', 'looks');
    expect(rating.finish()).toEqual({
      risk: 'critical',
      categories: ['code_execution'],
      notes: ['runs', 'looks'],
      findings: [
        { risk: 'medium', note: 'runs', category: 'code_execution' },
        { risk: 'low', note: 'looks' },
      ],
    });
  });
});

describe("a rating's findings", () => {
  it('keep a note once per span, with the span it was raised at, most dangerous first', () => {
    const rating = new RatingBuilder();
    rating.at({ start: 0, end: 5 }).raise('low', 'Changes files in the workspace.');
    rating.at({ start: 9, end: 20 }).raise('high', 'Writes outside the working directory.', 'destructive');
    rating.at({ start: 0, end: 5 }).raise('low', 'Changes files in the workspace.');
    rating.at({ start: 30, end: 35 }).raise('low', 'Changes files in the workspace.');
    const { findings, notes } = rating.finish();
    expect(findings).toEqual([
      {
        risk: 'high',
        note: 'Writes outside the working directory.',
        category: 'destructive',
        span: { start: 9, end: 20 },
      },
      { risk: 'low', note: 'Changes files in the workspace.', span: { start: 0, end: 5 } },
      { risk: 'low', note: 'Changes files in the workspace.', span: { start: 30, end: 35 } },
    ]);
    expect(notes).toEqual(['Writes outside the working directory.', 'Changes files in the workspace.']);
  });

  it('are bounded however many a hostile command raises', () => {
    const rating = new RatingBuilder();
    for (let at = 0; at < 500; at += 1) rating.at({ start: at, end: at + 1 }).raise('medium', 'Runs x.');
    rating.raise('critical', 'Late and worst.');
    const { findings, notes, risk } = rating.finish();
    expect(findings.length).toBe(24);
    expect(findings[0]).toEqual({ risk: 'critical', note: 'Late and worst.' });
    expect(notes).toEqual(['Late and worst.', 'Runs x.']);
    expect(risk).toBe('critical');
  });
});
