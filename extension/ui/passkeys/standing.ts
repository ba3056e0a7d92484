import type { StepUpSetting } from '../../../shared/contract/index.ts';
import type { PasskeyStanding } from '../port.ts';

/**
 * The standing a passkey list (`GET /passkeys`) tells: its setting, in force once there is a
 * passkey. The rule is shared/attestation/step-up.ts's `stepUpInForce`, written out here because
 * that module reaches the risk scale's schema, which the popup must not load.
 */
export function standingOf(list: { passkeys: readonly unknown[]; stepUp: StepUpSetting }): PasskeyStanding {
  const count = list.passkeys.length;
  return { level: count === 0 ? 'off' : list.stepUp.minRisk, setting: list.stepUp.minRisk, count };
}

/** A relay from before passkeys (no `/passkeys` route): nothing is ever asked. */
export const noPasskeys: PasskeyStanding = { level: 'off', setting: 'off', count: 0 };
