import type { Risk, StepUpLevel } from '../../../shared/contract/index.ts';

// The card's "needs your passkey" (docs/attestation.md "In the approver UI"). The scale is written
// out here so the popup loads no schema code; the relay decides with shared/attestation/step-up.ts,
// and this only says in advance what the relay will ask.

const scale: readonly Risk[] = ['safe', 'low', 'medium', 'high', 'critical'];

/** Whether approving a call of `risk` asks for the approver's passkey at `level`. */
export function asksPasskey(risk: Risk, level: StepUpLevel): boolean {
  // An unknown risk (-1 → 5) counts as the worst: fail closed.
  return level !== 'off' && (scale.indexOf(risk) + 6) % 6 >= scale.indexOf(level);
}
