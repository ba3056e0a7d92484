import type { StepUpSetting } from '../../shared/contract/index.ts';
import type { Answer, PortResult } from '../ui/port.ts';

/**
 * The passkey requests extension pages send the background (docs/attestation.md "Passkeys"):
 * the background alone holds the token, so it makes the relay calls; the page runs the WebAuthn
 * ceremony itself (a service worker has no `navigator.credentials`). Content scripts may send
 * none of them. Types only, like `messages.ts`; `passkey-guard.ts` checks them.
 */

/** A WebAuthn ceremony's options or result in WebAuthn's JSON serialisation, passed through. */
export type CeremonyJson = Record<string, unknown>;

export type PasskeyRequest =
  | { type: 'passkeyList' }
  | { type: 'passkeyRegistrationOptions' }
  | { type: 'passkeyAssertionOptions' }
  | { type: 'passkeyRegister'; response: CeremonyJson; name?: string; assertion?: CeremonyJson }
  | { type: 'passkeyRename'; id: string; name: string }
  | { type: 'passkeyRemove'; id: string; assertion?: CeremonyJson }
  | { type: 'stepUpOptions'; sessionId: string; interactionId: string; answer: Answer };

/** A listed passkey, as pages may see it. */
export interface ListedPasskey {
  id: string;
  name: string;
}

export interface PasskeyResponses {
  passkeyList: PortResult<{ passkeys: ListedPasskey[]; stepUp: StepUpSetting }>;
  passkeyRegistrationOptions: PortResult<CeremonyJson>;
  passkeyAssertionOptions: PortResult<CeremonyJson>;
  passkeyRegister: PortResult<ListedPasskey>;
  passkeyRename: PortResult<null>;
  passkeyRemove: PortResult<null>;
  stepUpOptions: PortResult<CeremonyJson>;
}
