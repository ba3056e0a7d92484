import { describe, expect, it } from 'vitest';
import { asksPasskey } from '../../extension/ui/card/passkey-notice.ts';
import { needsPasskey } from '../../shared/attestation/index.ts';
import type { Risk, StepUpLevel } from '../../shared/contract/index.ts';

// The card says "needs your passkey" exactly where the relay will ask for it.

const risks: Risk[] = ['safe', 'low', 'medium', 'high', 'critical'];
const levels: StepUpLevel[] = ['high', 'critical', 'off'];

describe("the card's passkey notice", () => {
  it.each(levels.flatMap((level) => risks.map((risk) => [risk, level] as const)))(
    '%s risk at step-up %s agrees with the relay',
    (risk, level) => {
      expect(asksPasskey(risk, level)).toBe(needsPasskey(risk, level));
    },
  );

  it('asks at and above the level only', () => {
    expect(risks.filter((risk) => asksPasskey(risk, 'high'))).toEqual(['high', 'critical']);
    expect(risks.filter((risk) => asksPasskey(risk, 'critical'))).toEqual(['critical']);
    expect(risks.filter((risk) => asksPasskey(risk, 'off'))).toEqual([]);
  });
});
