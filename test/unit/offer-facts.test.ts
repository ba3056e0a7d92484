import { describe, expect, it } from 'vitest';
import { decideCallWithFacts } from '../../shared/engine/index.ts';
import { compilePlan } from '../../shared/plan/index.ts';
import { answerOffer } from '../../worker/session/offer.ts';

// The facts are made once per call: the evaluation's are the ones an ask's offer is built from.
const calls = [
  { toolCallId: 'a', tool: 'Bash', input: { command: 'npm run build' }, cwd: '/home/dev/proj' },
  { toolCallId: 'b', tool: 'Bash', input: { command: 'git push origin main' }, cwd: '/home/dev/proj' },
  { toolCallId: 'c', tool: 'Write', input: { file_path: 'src/a.ts', content: 'x' }, cwd: '/home/dev/proj' },
  { toolCallId: 'd', tool: 'WebFetch', input: { url: 'https://example.com/docs' } },
];

describe("an ask's offer", () => {
  it.each(calls)(
    'takes the evaluation’s facts and offers what it would have made itself ($tool)',
    async (call) => {
      const { decision, facts } = await decideCallWithFacts(compilePlan({}), call, { mode: 'default' });
      expect(decision.behavior).toBe('ask');
      expect(facts).not.toBeNull();
      expect(answerOffer(call, call.input, [], facts)).toEqual(answerOffer(call, call.input));
    },
  );

  it('is built from the facts it is given, not from a second reading', async () => {
    const other = await decideCallWithFacts(compilePlan({}), calls[1]!, { mode: 'default' });
    const offer = answerOffer(calls[0]!, calls[0]!.input, [], other.facts);
    expect(offer).not.toEqual(answerOffer(calls[0]!, calls[0]!.input));
  });
});
