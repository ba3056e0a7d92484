import type {
  AuthenticationResponse,
  PasskeyEntry,
  PasskeyRegistration,
  StepUpSetting,
} from '../../shared/contract/index.ts';
import type { Principal } from '../http/principal.ts';
import type { Result } from '../rpc.ts';

/** A passkey list before the relay signs it (the route signs, with the relay's key). */
export interface PasskeyListing {
  workspaceId: string;
  passkeys: PasskeyEntry[];
  stepUp: StepUpSetting;
}

/**
 * The WorkspaceDO's passkey methods (worker/passkeys/registry.ts). `requestUrl` is the URL the
 * ceremony's request came in by: with the workspace's paired extensions it fixes the RP ID and
 * the accepted origins (worker/passkeys/relying-party.ts).
 */
export interface PasskeysRpc {
  passkeyRegistrationOptions(principal: Principal, requestUrl: string): Promise<Result<unknown>>;
  passkeyAssertionOptions(principal: Principal, requestUrl: string): Promise<Result<unknown>>;
  registerPasskey(
    principal: Principal,
    request: PasskeyRegistration,
    requestUrl: string,
  ): Promise<Result<PasskeyEntry & { createdAt: string }>>;
  listPasskeys(): Promise<PasskeyListing>;
  renamePasskey(id: string, name: string): Promise<Result<PasskeyEntry>>;
  removePasskey(
    principal: Principal,
    id: string,
    assertion: AuthenticationResponse | undefined,
    requestUrl: string,
  ): Promise<Result<PasskeyEntry>>;
  /** A step-up approval's assertion, checked against `challenge` (the payload's hash). */
  verifyStepUp(
    assertion: AuthenticationResponse,
    challenge: string,
    requestUrl: string,
  ): Promise<Result<{ credentialId: string }>>;
}
