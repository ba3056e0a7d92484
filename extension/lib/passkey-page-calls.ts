import type { PasskeyCalls } from '../ui/passkeys/passkey-calls.ts';
import type { CeremonyJson } from './passkey-messages.ts';
import { sendRequest } from './send-request.ts';

/**
 * The extension pages' `PasskeyCalls`: requests to the background, which holds the token and
 * calls the relay (`passkey-requests.ts`). A refusal becomes an Error carrying its message, as
 * /app's calls throw the relay's own.
 */

async function value<T>(
  answer: Promise<{ ok: true; value: T } | { ok: false; message: string }>,
): Promise<T> {
  const result = await answer;
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

const json = (ceremony: unknown) => ceremony as CeremonyJson;

export const pagePasskeyCalls: PasskeyCalls = {
  list: () => value(sendRequest({ type: 'passkeyList' })),
  registrationOptions: () => value(sendRequest({ type: 'passkeyRegistrationOptions' })),
  assertionOptions: () => value(sendRequest({ type: 'passkeyAssertionOptions' })),
  register: (response, name, assertion) =>
    value(
      sendRequest({
        type: 'passkeyRegister',
        response: json(response),
        name,
        ...(assertion ? { assertion: json(assertion) } : {}),
      }),
    ),
  rename: (id, name) => value(sendRequest({ type: 'passkeyRename', id, name })),
  remove: (id, assertion) =>
    value(sendRequest({ type: 'passkeyRemove', id, ...(assertion ? { assertion: json(assertion) } : {}) })),
  stepUpOptions: (sessionId, interactionId, answer) =>
    value(sendRequest({ type: 'stepUpOptions', sessionId, interactionId, answer })),
};
