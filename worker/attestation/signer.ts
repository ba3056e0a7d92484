import { signCompact } from '../../shared/attestation/index.ts';
import { type AttestationPayload, attestationType } from '../../shared/contract/index.ts';
import { loadRelayKey, type RelayKey } from './relay-keys.ts';

/**
 * Signs attestations with the relay's key (DESIGN §9). The key is imported on first use and kept
 * by this holder (one per Durable Object), so a call pays for one signature, not an import.
 * Without `GATEHOUSE_SIGNING_KEY` it signs nothing (`null`): the relay then answers unsigned and a
 * verifying agent refuses every allow. A key that is set but broken throws, and callers fail closed.
 */
export class AttestationSigner {
  readonly #env: Pick<Env, 'GATEHOUSE_SIGNING_KEY'>;
  #key: Promise<RelayKey | null> | null = null;

  constructor(env: Pick<Env, 'GATEHOUSE_SIGNING_KEY'>) {
    this.#env = env;
  }

  #loaded(): Promise<RelayKey | null> {
    this.#key ??= loadRelayKey(this.#env).catch((error: unknown) => {
      // Not kept: a fixed secret takes effect on the next call.
      this.#key = null;
      throw error;
    });
    return this.#key;
  }

  /** The compact JWS of `payload`, or null when the relay has no signing key. */
  async sign(payload: AttestationPayload): Promise<string | null> {
    const relayKey = await this.#loaded();
    if (!relayKey) return null;
    return signCompact({ alg: 'EdDSA', kid: relayKey.kid, typ: attestationType }, payload, relayKey.key);
  }
}
