import { z } from 'zod';
import type { Transport } from '../../client/sdk/http.ts';
import { PasskeyCreated, PasskeyList } from '../../shared/contract/index.ts';
import type { PortResult } from '../ui/port.ts';
import type { PasskeyRequest, PasskeyResponses } from './passkey-messages.ts';
import { attempt } from './relay-failure.ts';

/**
 * The background's passkey calls to the paired relay (docs/attestation.md "Passkeys"), each
 * answered as a `PortResult`, with the relay's answers parsed by the contract's schemas. The
 * ceremony options go to the page as the relay sent them: the browser's own
 * `parse…OptionsFromJSON` is their judge.
 */

/** A ceremony's options: an object with a challenge; the rest is the browser's to read. */
const CeremonyOptions = z.looseObject({ challenge: z.string().min(1) });

type Value<K extends keyof PasskeyResponses> = Extract<PasskeyResponses[K], { ok: true }>['value'];
type Body<K extends PasskeyRequest['type']> = Omit<Extract<PasskeyRequest, { type: K }>, 'type'>;

export interface PasskeyRelayCalls {
  list(): Promise<PortResult<z.output<typeof PasskeyList>>>;
  registrationOptions(): Promise<PortResult<Value<'passkeyRegistrationOptions'>>>;
  assertionOptions(): Promise<PortResult<Value<'passkeyAssertionOptions'>>>;
  register(request: Body<'passkeyRegister'>): Promise<PortResult<Value<'passkeyRegister'>>>;
  rename(request: Body<'passkeyRename'>): Promise<PortResult<null>>;
  remove(request: Body<'passkeyRemove'>): Promise<PortResult<null>>;
  stepUpOptions(request: Body<'stepUpOptions'>): Promise<PortResult<Value<'stepUpOptions'>>>;
}

const seg = encodeURIComponent;

/** Each call made a `PortResult` by `attempt`, so a passkey refusal reads like every other. */
export function passkeyRelayCalls(http: Transport): PasskeyRelayCalls {
  return {
    list: () => attempt(() => http.json(PasskeyList, 'passkeys')),
    registrationOptions: () =>
      attempt(() => http.json(CeremonyOptions, 'passkeys/registration-options', { method: 'POST' })),
    assertionOptions: () =>
      attempt(() => http.json(CeremonyOptions, 'passkeys/assertion-options', { method: 'POST' })),
    register: ({ response, name, assertion }) =>
      attempt(async () => {
        const created = await http.json(PasskeyCreated, 'passkeys', {
          method: 'POST',
          body: { response, ...(name === undefined ? {} : { name }), ...(assertion ? { assertion } : {}) },
        });
        return { id: created.id, name: created.name };
      }),
    rename: ({ id, name }) =>
      attempt(async () => {
        await http.send(`passkeys/${seg(id)}`, { method: 'PATCH', body: { name } });
        return null;
      }),
    remove: ({ id, assertion }) =>
      attempt(async () => {
        await http.send(`passkeys/${seg(id)}`, { method: 'DELETE', body: assertion ? { assertion } : {} });
        return null;
      }),
    stepUpOptions: ({ sessionId, interactionId, answer }) =>
      attempt(() =>
        http.json(
          CeremonyOptions,
          `sessions/${seg(sessionId)}/interactions/${seg(interactionId)}/step-up-options`,
          {
            method: 'POST',
            body: { answer },
          },
        ),
      ),
  };
}
