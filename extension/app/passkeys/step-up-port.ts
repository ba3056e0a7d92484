import { stepUpInForce } from '../../../shared/attestation/step-up.ts';
import type { AuthenticationResponse, StepUpLevel, StepUpSetting } from '../../../shared/contract/index.ts';
import type { ApproverPort } from '../../ui/port.ts';
import type { PasskeyCalls } from './passkey-calls.ts';
import { assertPasskey } from './webauthn.ts';

/** The relay's refusal of an approval that needs the approver's passkey (worker/passkeys/step-up.ts). */
const needsPasskey = /needs the approver's passkey/;

/**
 * A port whose approvals run the passkey ceremony when the relay asks for it (docs/attestation.md
 * "Approving with the passkey"): the answer is sent as it is; refused for want of a passkey, the
 * step-up options for that very answer are fetched, the browser asks for the passkey, and the
 * answer goes again with the assertion. A ceremony the user cancels is a refusal that says so.
 */
export function withPasskeyStepUp<P extends ApproverPort>(
  port: P,
  calls: PasskeyCalls,
  assert: (options: unknown) => Promise<unknown> = assertPasskey,
): P {
  // The level in force, as last listed: the card says "needs your passkey" from it.
  let level: StepUpLevel = 'off';
  const refresh = () =>
    calls
      .list()
      .then((list) => {
        level = stepUpInForce(list.stepUp as StepUpSetting, list.passkeys.length);
      })
      .catch(() => {});
  void refresh();
  port.subscribe((state) => {
    if (state.connection === 'live') void refresh();
  });
  return {
    ...port,
    stepUp: () => level,
    async respond(sessionId, interactionId, answer) {
      const first = await port.respond(sessionId, interactionId, answer);
      if (first.ok || first.refusal !== 'forbidden' || !needsPasskey.test(first.message)) return first;
      let webauthn: AuthenticationResponse;
      try {
        const options = await calls.stepUpOptions(sessionId, interactionId, answer);
        webauthn = (await assert(options)) as AuthenticationResponse;
      } catch (error) {
        return {
          ok: false,
          refusal: 'forbidden',
          message: `This approval needs your passkey: ${error instanceof Error ? error.message : error}`,
        };
      }
      return port.respond(sessionId, interactionId, { ...answer, webauthn });
    },
  };
}
