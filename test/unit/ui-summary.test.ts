import { describe, expect, it } from 'vitest';
import { summaryLine } from '../../extension/ui/card/summary-line.ts';
import { askDecision } from './ui-fixtures.ts';

describe('summaryLine: the one secondary line of a request', () => {
  it('names an escalating classifier, its confidence, categories, model and recommendation', () => {
    const decision = askDecision({
      source: 'auto_classifier',
      evaluator: 'auto_reviewer',
      confidence: 'medium',
      riskCategories: ['external_system', 'network'],
      reviewerModel: 'gatehouse/heuristic-1',
    });
    expect(summaryLine(decision)).toBe(
      'Auto reviewer · Medium confidence · External system, Network · gatehouse/heuristic-1 · AI recommendation: Review required',
    );
  });

  it('says only what a policy decision has: no invented confidence, no AI label', () => {
    expect(summaryLine(askDecision())).toBe('Policy');
  });

  it('names a rule', () => {
    expect(
      summaryLine(askDecision({ source: 'rule', evaluator: 'rule', matchedRule: 'Bash(git push:*)' })),
    ).toBe('Rule');
  });

  it('never calls confidence risk', () => {
    const line = summaryLine(
      askDecision({ source: 'auto_classifier', evaluator: 'auto_reviewer', confidence: 'high' }),
    );
    expect(line).toContain('High confidence');
    expect(line).not.toMatch(/risk/i);
  });

  it('leaves out empty categories', () => {
    expect(summaryLine(askDecision({ riskCategories: [] }))).toBe('Policy');
  });
});
