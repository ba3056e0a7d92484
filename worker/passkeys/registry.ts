import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { fromBase64Url, toBase64Url } from '../../shared/attestation/index.ts';
import type {
  AuthenticationResponse,
  PasskeyEntry,
  PasskeyRegistration,
  Role,
} from '../../shared/contract/index.ts';
import { ok, type Result, refuse } from '../common/result.ts';
import { coseToJwk, supportedAlgorithms } from './cose.ts';
import type { RelyingParty } from './relying-party.ts';
import { type PasskeyRow, type PasskeyStore, passkeyEntry } from './store.ts';

/** A ceremony's challenge is good for five minutes, once. */
export const ceremonyTtlMs = 5 * 60_000;
/**
 * The first passkey needs a fresh pairing: an approver token paired (issued) at most this long
 * ago, or the admin token. An approver token that leaked later cannot register one.
 */
export const freshPairingMs = 10 * 60_000;
/** Passkeys a workspace may hold. */
export const passkeyLimit = 20;

/** Who asks: the token (its id, role, and when it was issued; null for the bootstrap admin). */
export interface PasskeyCaller {
  tokenId: string;
  role: Role;
  label?: string | undefined;
  tokenCreatedAt: number | null;
}

const randomChallenge = () => toBase64Url(crypto.getRandomValues(new Uint8Array(32)));

const allowList = (rows: readonly PasskeyRow[]) =>
  rows.map((row) => ({
    id: row.id,
    ...(row.transports ? { transports: JSON.parse(row.transports) as never[] } : {}),
  }));

/** The credential the library verifies an assertion with. */
const credentialOf = (row: PasskeyRow) => {
  const publicKey = fromBase64Url(row.public_key);
  if (!publicKey) throw new Error(`passkey ${row.id} has no readable public key`);
  return { id: row.id, publicKey, counter: row.counter };
};

/** `clientDataJSON.challenge` of a response, or null when it cannot be read. */
function challengeOf(clientDataJSON: string): string | null {
  const bytes = fromBase64Url(clientDataJSON);
  if (!bytes) return null;
  try {
    const challenge = (JSON.parse(new TextDecoder().decode(bytes)) as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' ? challenge : null;
  } catch {
    return null;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The workspace's passkeys and their lifecycle (docs/attestation.md "Passkeys"): options and
 * checks for registering, listing, renaming and removing them, and the assertion check every
 * step-up approval passes. Registering a further passkey or removing one needs an assertion by an
 * existing passkey, or the admin token, so a stolen approver token can neither add its own
 * passkey nor remove the approver's to switch step-up off.
 */
export class PasskeyRegistry {
  readonly #store: PasskeyStore;

  constructor(store: PasskeyStore) {
    this.#store = store;
  }

  list(): PasskeyEntry[] {
    return this.#store.list().map(passkeyEntry);
  }

  count(): number {
    return this.#store.count();
  }

  /** `POST /passkeys/registration-options`: creation options, the challenge kept for this token. */
  async registrationOptions(caller: PasskeyCaller, rp: RelyingParty, now: number) {
    const existing = this.#store.list();
    const challenge = randomChallenge();
    const options = await generateRegistrationOptions({
      rpName: rp.rpName,
      rpID: rp.rpId,
      userName: caller.label ?? 'Gatehouse approver',
      userDisplayName: caller.label ?? 'Gatehouse approver',
      challenge: fromBase64Url(challenge) as Uint8Array<ArrayBuffer>,
      attestationType: 'none',
      excludeCredentials: allowList(existing),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
      supportedAlgorithmIDs: supportedAlgorithms,
      timeout: ceremonyTtlMs,
    });
    this.#store.addChallenge(options.challenge, caller.tokenId, 'register', now + ceremonyTtlMs);
    return options;
  }

  /** `POST /passkeys/assertion-options`: request options to prove an existing passkey before a change. */
  async managementOptions(caller: PasskeyCaller, rp: RelyingParty, now: number) {
    const options = await generateAuthenticationOptions({
      rpID: rp.rpId,
      allowCredentials: allowList(this.#store.list()),
      userVerification: 'required',
      timeout: ceremonyTtlMs,
    });
    this.#store.addChallenge(options.challenge, caller.tokenId, 'manage', now + ceremonyTtlMs);
    return options;
  }

  /**
   * Verifies `assertion` against the registered passkey it names: user verification, this RP,
   * one of its origins, `expectedChallenge`, a counter that moved forward. The counter is kept.
   */
  async verifyAssertion(
    assertion: AuthenticationResponse,
    expectedChallenge: string,
    rp: RelyingParty,
    now: number,
  ): Promise<Result<{ credentialId: string }>> {
    const row = this.#store.get(assertion.id);
    if (!row) return refuse.forbidden(`passkey ${assertion.id} is not registered in this workspace`);
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verified = await verifyAuthenticationResponse({
        response: assertion as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
        expectedChallenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.rpId,
        credential: credentialOf(row),
        requireUserVerification: true,
      });
    } catch (error) {
      return refuse.forbidden(`the passkey assertion does not verify: ${messageOf(error)}`);
    }
    if (!verified.verified || !verified.authenticationInfo.userVerified)
      return refuse.forbidden('the passkey assertion does not verify (user verification is required)');
    // Re-read after the await: the counter must still move forward over whatever was kept meanwhile.
    const current = this.#store.get(row.id);
    if (!current) return refuse.forbidden(`passkey ${row.id} was removed meanwhile`);
    const counter = verified.authenticationInfo.newCounter;
    if ((counter > 0 || current.counter > 0) && counter <= current.counter)
      return refuse.forbidden(
        'the passkey counter did not move forward (a replayed or cloned authenticator)',
      );
    this.#store.used(row.id, counter, now);
    return ok({ credentialId: row.id });
  }

  /** A management assertion: a `manage` challenge of this token, then the assertion itself. */
  async #proven(
    caller: PasskeyCaller,
    assertion: AuthenticationResponse | undefined,
    rp: RelyingParty,
    now: number,
    what: string,
  ): Promise<Result<null>> {
    if (caller.role === 'admin') return ok(null);
    if (!assertion)
      return refuse.forbidden(
        `${what} needs an assertion by an existing passkey (\`assertion\`, from POST /passkeys/assertion-options) or the admin token`,
      );
    const challenge = challengeOf(assertion.response.clientDataJSON);
    if (!challenge || !this.#store.takeChallenge(challenge, caller.tokenId, 'manage', now))
      return refuse.forbidden(
        'the assertion answers no challenge this token asked for in the last five minutes (POST /passkeys/assertion-options)',
      );
    const verified = await this.verifyAssertion(assertion, challenge, rp, now);
    return verified.ok ? ok(null) : verified;
  }

  /** `POST /passkeys`: the lifecycle rule first (what may register), then the credential itself. */
  async register(
    caller: PasskeyCaller,
    request: PasskeyRegistration,
    rp: RelyingParty,
    now: number,
  ): Promise<Result<PasskeyEntry & { createdAt: string }>> {
    const count = this.#store.count();
    if (count >= passkeyLimit) return refuse.conflict(`a workspace holds at most ${passkeyLimit} passkeys`);
    if (count === 0) {
      const fresh = caller.tokenCreatedAt !== null && now - caller.tokenCreatedAt <= freshPairingMs;
      if (caller.role !== 'admin' && !fresh)
        return refuse.forbidden(
          `the first passkey needs a fresh pairing (an approver token paired within the last ${freshPairingMs / 60_000} minutes) or the admin token`,
        );
    } else {
      const proven = await this.#proven(caller, request.assertion, rp, now, 'registering a further passkey');
      if (!proven.ok) return proven;
    }
    const challenge = challengeOf(request.response.response.clientDataJSON);
    if (!challenge || !this.#store.takeChallenge(challenge, caller.tokenId, 'register', now))
      return refuse.forbidden(
        'the registration answers no challenge this token asked for in the last five minutes (POST /passkeys/registration-options)',
      );
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: request.response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.rpId,
        requireUserVerification: true,
        supportedAlgorithmIDs: supportedAlgorithms,
      });
    } catch (error) {
      return refuse.badRequest(`the passkey registration does not verify: ${messageOf(error)}`);
    }
    if (!verified.verified || !verified.registrationInfo)
      return refuse.badRequest('the passkey registration does not verify');
    const { credential } = verified.registrationInfo;
    const jwk = coseToJwk(credential.publicKey);
    if (!jwk)
      return refuse.badRequest(
        'the passkey uses a key type agents cannot check (ES256, EdDSA or RS256 only)',
      );
    const row: PasskeyRow = {
      id: credential.id,
      name: request.name ?? `Passkey ${count + 1}`,
      public_key: toBase64Url(credential.publicKey),
      jwk: JSON.stringify(jwk),
      counter: credential.counter,
      transports: credential.transports ? JSON.stringify(credential.transports) : null,
      created_by: caller.tokenId,
      created_at: now,
      last_used_at: null,
    };
    if (!this.#store.insert(row)) return refuse.conflict(`passkey ${credential.id} is already registered`);
    return ok({ ...passkeyEntry(row), createdAt: new Date(now).toISOString() });
  }

  rename(id: string, name: string): Result<PasskeyEntry> {
    if (!this.#store.rename(id, name)) return refuse.notFound(`no passkey ${id} in this workspace`);
    const row = this.#store.get(id);
    return row ? ok(passkeyEntry(row)) : refuse.notFound(`no passkey ${id} in this workspace`);
  }

  /** `DELETE /passkeys/{id}`: the admin removes any; an approver proves an existing passkey first. */
  async remove(
    caller: PasskeyCaller,
    id: string,
    assertion: AuthenticationResponse | undefined,
    rp: RelyingParty,
    now: number,
  ): Promise<Result<PasskeyEntry>> {
    const row = this.#store.get(id);
    if (!row) return refuse.notFound(`no passkey ${id} in this workspace`);
    const proven = await this.#proven(caller, assertion, rp, now, 'removing a passkey');
    if (!proven.ok) return proven;
    if (!this.#store.remove(id)) return refuse.notFound(`no passkey ${id} in this workspace`);
    return ok(passkeyEntry(row));
  }

  pairedOrigins(): string[] {
    return this.#store.pairedOrigins();
  }

  rememberPairedOrigin(origin: string, tokenId: string, now: number): void {
    this.#store.addPairedOrigin(origin, tokenId, now);
  }
}
