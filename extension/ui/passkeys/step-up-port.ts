import type { AuthenticationResponse } from '../../../shared/contract/index.ts';
import type { ApproverPort, InboxState, PasskeyPlace, PasskeyStanding } from '../port.ts';
import type { PasskeyCalls } from './passkey-calls.ts';
import { noPasskeys, standingOf } from './standing.ts';

/** The relay's refusal of an approval that needs the approver's passkey (worker/passkeys/step-up.ts). */
const needsPasskey = /needs the approver's passkey/;

/** Where this page stands for the relay it talks to: whether the ceremony runs here, and how to register. */
export type PlaceOf = (relayUrl: string | null) => Pick<PasskeyPlace, 'elsewhere' | 'register'>;

/**
 * A port whose approvals run the passkey ceremony when the relay asks for it (docs/attestation.md
 * "Approving with the passkey"): the answer is sent as it is; refused for want of a passkey, the
 * step-up options for that very answer are fetched, the browser asks for the passkey, and the
 * answer goes again with the assertion. A ceremony the user cancels, or one this page cannot
 * hold (`placeOf` says where it can), is a refusal that says so. `assert` is loaded by the
 * caller as late as it likes: the popup fetches the WebAuthn code only when a passkey is asked.
 */
export function withPasskeyStepUp<P extends ApproverPort>(
  port: P,
  calls: PasskeyCalls,
  assert: (options: unknown) => Promise<unknown>,
  placeOf: PlaceOf = () => ({}),
): P {
  // As last listed; a standing the background pushes with the inbox takes precedence.
  let listed: PasskeyStanding = noPasskeys;
  let last: InboxState | null = null;
  const listeners = new Set<(state: InboxState) => void>();
  const standing = () => last?.passkeys ?? listed;
  // A new standing re-renders the cards ("needs your passkey" appears without another push).
  const emit = () => {
    if (last) for (const listener of listeners) listener({ ...last });
  };
  let listing: Promise<void> | null = null;
  const refresh = () =>
    (listing ??= calls
      .list()
      .then((list) => {
        listed = standingOf(list);
        emit();
      })
      .catch(() => {})
      .finally(() => {
        listing = null;
      }));
  port.subscribe((state) => {
    const wasLive = last?.connection === 'live';
    last = state;
    // /app lists on every live view (a passkey registered on another device shows up); the
    // extension's background pushes its own standing, so its pages list once when they open.
    if (state.connection === 'live' && (!wasLive || !state.passkeys)) void refresh();
  });
  return {
    ...port,
    subscribe(listener) {
      listeners.add(listener);
      const stop = port.subscribe(listener);
      return () => {
        listeners.delete(listener);
        stop();
      };
    },
    passkeys: () => ({ ...standing(), ...placeOf(last?.relayUrl ?? null) }),
    async respond(request) {
      const { sessionId, interactionId, answer } = request;
      const first = await port.respond(request);
      if (first.ok || first.refusal !== 'forbidden' || !needsPasskey.test(first.message)) return first;
      const { elsewhere } = placeOf(last?.relayUrl ?? null);
      if (elsewhere)
        return {
          ok: false,
          refusal: 'forbidden',
          message: `This approval needs your passkey, and ${elsewhere.why}: approve it in /app (${elsewhere.app}).`,
        };
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
      const second = await port.respond({ ...request, answer: { ...answer, webauthn } });
      // A passkey the relay did not know until now: list again, so the cards say so.
      void refresh();
      return second;
    },
  };
}
