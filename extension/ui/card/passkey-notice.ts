import type { Risk, StepUpLevel } from '../../../shared/contract/index.ts';
import type { PasskeyPlace } from '../port.ts';

// The card's "needs your passkey" (docs/attestation.md "In the approver UI"). The scale is written
// out here so the popup loads no schema code; the relay decides with shared/attestation/step-up.ts,
// and this only says in advance what the relay will ask.

const scale: readonly Risk[] = ['safe', 'low', 'medium', 'high', 'critical'];

/** Whether approving a call of `risk` asks for the approver's passkey at `level`. */
export function asksPasskey(risk: Risk, level: StepUpLevel): boolean {
  // An unknown risk (-1 → 5) counts as the worst: fail closed.
  return level !== 'off' && (scale.indexOf(risk) + 6) % 6 >= scale.indexOf(level);
}

/** What a card says about passkeys, from the call's risk and where the page stands. */
export type PasskeyNotice =
  /** Nothing to say: below step-up, or a page without passkeys. */
  | { kind: 'none' }
  /** Approving runs the ceremony here. */
  | { kind: 'here' }
  /** Approving needs the passkey, and this page cannot ask for it: Approve gives way to a link to /app. */
  | { kind: 'elsewhere'; why: string; href: string }
  /**
   * The workspace's setting would ask for a passkey, but none is registered yet, so the token
   * alone approves: the card offers to register one (at `href`, or by `register()` here).
   */
  | { kind: 'register'; href?: string; register?: () => void };

export function passkeyNotice(
  risk: Risk,
  place: PasskeyPlace | undefined,
  ids: { sessionId: string; interactionId: string },
): PasskeyNotice {
  if (!place) return { kind: 'none' };
  if (asksPasskey(risk, place.level)) {
    if (!place.elsewhere) return { kind: 'here' };
    const card = `${encodeURIComponent(ids.sessionId)}/${encodeURIComponent(ids.interactionId)}`;
    return { kind: 'elsewhere', why: place.elsewhere.why, href: `${place.elsewhere.app}#card=${card}` };
  }
  if (place.count === 0 && asksPasskey(risk, place.setting)) {
    if (place.elsewhere) return { kind: 'register', href: `${place.elsewhere.app}#passkeys` };
    return place.register ? { kind: 'register', register: place.register } : { kind: 'none' };
  }
  return { kind: 'none' };
}
