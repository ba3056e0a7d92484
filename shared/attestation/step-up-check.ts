import type { AttestationPayload, PasskeyEntry, StepUpSetting } from '../contract/index.ts';
import { checkAssertion } from './assertion.ts';
import { needsPasskey, stepUpChallenge, stepUpInForce, stricterStepUp } from './step-up.ts';

/** What `init … --pin` recorded of a workspace's passkeys (from its relay-signed `GET /passkeys`). */
export interface PinnedStepUp {
  passkeys: readonly PasskeyEntry[];
  stepUp: StepUpSetting;
}

type StepUpCheck = { ok: true } | { ok: false; reason: string };

/**
 * The agent's side of step-up (docs/attestation.md "What the hook checks"). A human's allow at or
 * above the step-up level — the stricter of the pinned one and the one the attestation states —
 * must carry a passkey assertion whose challenge is this very payload, signed by a pinned passkey
 * with user verification. With no passkeys pinned the agent cannot check the signature itself,
 * but still refuses an approval the relay itself says needed one and lacks it.
 */
export async function checkStepUp(
  payload: AttestationPayload,
  pinned: PinnedStepUp | undefined,
): Promise<StepUpCheck> {
  const hasPins = pinned !== undefined && pinned.passkeys.length > 0;
  const level = hasPins
    ? stricterStepUp(stepUpInForce(pinned.stepUp, pinned.passkeys.length), payload.stepUp)
    : payload.stepUp;
  const human = payload.outcome === 'allow' && payload.source === 'user';
  if (human && needsPasskey(payload.risk, level) && !payload.webauthn)
    return {
      ok: false,
      reason: `the approval of this ${payload.risk}-risk call carries no passkey assertion (step-up at ${level})`,
    };
  if (!payload.webauthn || !hasPins) return { ok: true };
  let challenge: string;
  try {
    challenge = await stepUpChallenge(payload);
  } catch {
    return { ok: false, reason: 'the attestation payload has no canonical JSON form' };
  }
  return checkAssertion(payload.webauthn, pinned.passkeys, challenge);
}
