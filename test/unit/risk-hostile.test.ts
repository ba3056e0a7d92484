import { describe, expect, it } from 'vitest';
import { heuristicClassifier } from '../../shared/classifier/index.ts';
import type { EngineToolCall } from '../../shared/contract/index.ts';
import { decideCall } from '../../shared/engine/index.ts';
import { compilePlan } from '../../shared/plan/index.ts';
import { rateRisk } from '../../shared/risk/index.ts';
import { atLeast } from '../../shared/risk/scale.ts';
import { hostileRows } from '../support/hostile/risk.ts';

/** Every row of the risk class of hostile calls, through the engine with its reviewer. */
describe('hostile calls of auto mode', () => {
  it('are a table worth running', () => {
    expect(hostileRows.length).toBeGreaterThanOrEqual(30);
    expect(new Set(hostileRows.map((row) => row.name)).size).toBe(hostileRows.length);
    // No row leans on a permission rule: each is the rater's and the reviewer's to stop alone.
    expect(hostileRows.filter((row) => row.rules !== undefined)).toEqual([]);
  });

  for (const row of hostileRows) {
    const call: EngineToolCall = { toolCallId: 'hostile', tool: row.tool, input: row.input, cwd: row.cwd };
    for (const mode of row.modes ?? ['default', 'plan']) {
      it(`${row.name} (${mode})`, async () => {
        const decision = await decideCall(compilePlan({}), call, { mode, classifier: heuristicClassifier });
        if (row.expect === 'not_allow') expect(decision.behavior).not.toBe('allow');
        else expect(decision.behavior).toBe(row.expect);
      });
    }
    it(`${row.name}: rated above low`, () => {
      expect(atLeast(rateRisk(call).risk, 'medium')).toBe(true);
    });
  }
});
