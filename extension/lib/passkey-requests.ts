import type { PortResult } from '../ui/port.ts';
import type { Origin } from './message-guard.ts';
import type { PasskeyRequest, PasskeyResponses } from './passkey-messages.ts';
import type { StandingWatch } from './passkey-standing.ts';
import type { RelayCalls } from './relay-calls.ts';

/**
 * What the background does for each passkey request (`passkey-messages.ts`): the relay call with
 * the token it alone holds, and, after a change, a new listing so every surface learns whether
 * approvals now need a passkey.
 */

export type PasskeyHandlers = {
  [K in PasskeyRequest['type']]: (
    request: Extract<PasskeyRequest, { type: K }>,
    origin: Origin,
  ) => Promise<PasskeyResponses[K]>;
};

export interface PasskeyCore {
  viaRelay<T>(call: (relay: RelayCalls) => Promise<PortResult<T>>): Promise<PortResult<T>>;
  standing?: StandingWatch;
}

export function passkeyHandlers(core: PasskeyCore): PasskeyHandlers {
  /** A change to the workspace's passkeys: once it went through, list them again. */
  async function changing<T>(call: (relay: RelayCalls) => Promise<PortResult<T>>): Promise<PortResult<T>> {
    const result = await core.viaRelay(call);
    if (result.ok) await core.standing?.refresh();
    return result;
  }
  return {
    passkeyList: async () => {
      const result = await core.viaRelay((relay) => relay.passkeys.list());
      if (!result.ok) return result;
      core.standing?.take(result.value);
      const { passkeys, stepUp } = result.value;
      return { ok: true, value: { passkeys: passkeys.map(({ id, name }) => ({ id, name })), stepUp } };
    },
    passkeyRegistrationOptions: () => core.viaRelay((relay) => relay.passkeys.registrationOptions()),
    passkeyAssertionOptions: () => core.viaRelay((relay) => relay.passkeys.assertionOptions()),
    passkeyRegister: ({ type: _type, ...request }) => changing((relay) => relay.passkeys.register(request)),
    passkeyRename: ({ type: _type, ...request }) => core.viaRelay((relay) => relay.passkeys.rename(request)),
    passkeyRemove: ({ type: _type, ...request }) => changing((relay) => relay.passkeys.remove(request)),
    stepUpOptions: ({ type: _type, ...request }) =>
      core.viaRelay((relay) => relay.passkeys.stepUpOptions(request)),
  };
}
