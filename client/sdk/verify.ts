import {
  type AttestationCheck,
  type AttestationExpectation,
  checkAttestation,
  Jwks,
  thumbprint,
} from '../../shared/attestation/index.ts';
import type { PasskeyEntry, StepUpSetting, ToolCallState } from '../../shared/contract/index.ts';
import { apiRoot } from './http.ts';

/** The keys an agent trusts for one relay: pinned by `init … --pin`, or kept on first use. */
export interface KeySet {
  keys: Jwks['keys'];
  /** The workspace's passkeys and step-up setting, pinned by `init … --pin` (docs/attestation.md "Passkeys"). */
  passkeys?: PasskeyEntry[];
  stepUp?: StepUpSetting;
  source: 'pinned' | 'first-use';
  savedAt: string;
}

/** Where a verifier keeps its keys: memory (the SDK's default) or the CLI's pins file. */
export interface KeyStore {
  load(): Promise<KeySet | null>;
  save(keys: KeySet): Promise<void>;
}

export function memoryKeyStore(initial: KeySet | null = null): KeyStore {
  let kept = initial;
  return {
    load: async () => kept,
    save: async (keys) => {
      kept = keys;
    },
  };
}

/**
 * The relay's JWKS, each `kid` checked against the key it names (RFC 7638): a relay cannot list a
 * key under another key's id.
 */
export async function fetchRelayKeys(url: string, doFetch: typeof fetch = fetch): Promise<Jwks['keys']> {
  const root = apiRoot(url);
  const jwksUrl = new URL(root.pathname.replace(/api\/v1\/$/, '.well-known/jwks.json'), root.origin);
  const response = await doFetch(jwksUrl, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${jwksUrl.href} answered HTTP ${response.status}`);
  const parsed = Jwks.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new Error(`${jwksUrl.href} is not a JWKS of Ed25519 keys`);
  for (const key of parsed.data.keys) {
    if ((await thumbprint(key)) !== key.kid)
      throw new Error(`${jwksUrl.href} lists key ${key.kid} under a kid that is not its thumbprint`);
  }
  if (parsed.data.keys.length === 0)
    throw new Error(`${jwksUrl.href} lists no keys (the relay has no signing key)`);
  return parsed.data.keys;
}

export type AttestationVerifier = ReturnType<typeof createVerifier>;

/**
 * Checks attestations (docs/attestation.md "Verifying") with the keys of `store`. With none yet,
 * the relay's JWKS is fetched and kept (`first-use`); a kept set is fetched again once when an
 * attestation names a key it lacks (a rotation). A pinned set never changes here.
 */
export function createVerifier(options: {
  url: string;
  store: KeyStore;
  fetch?: typeof fetch;
  /** Seconds since the epoch (tests move it). */
  now?: () => number;
}) {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const refetch = async (): Promise<KeySet> => {
    const keys: KeySet = {
      keys: await fetchRelayKeys(options.url, options.fetch),
      source: 'first-use',
      savedAt: new Date().toISOString(),
    };
    await options.store.save(keys);
    return keys;
  };
  return {
    async check(
      jws: string | null | undefined,
      expected: Omit<AttestationExpectation, 'keys' | 'now'>,
    ): Promise<AttestationCheck> {
      let keys: KeySet | null;
      try {
        keys = (await options.store.load()) ?? (await refetch());
      } catch (error) {
        return {
          ok: false,
          reason: `no keys to check it with: ${error instanceof Error ? error.message : error}`,
        };
      }
      const stepUp = keys.passkeys
        ? { passkeys: keys.passkeys, stepUp: keys.stepUp ?? { minRisk: 'critical' as const } }
        : undefined;
      const first = await checkAttestation(jws, { ...expected, keys: keys.keys, stepUp, now: now() });
      if (first.ok || keys.source !== 'first-use' || !first.reason.includes('not pinned')) return first;
      try {
        keys = await refetch();
      } catch {
        return first;
      }
      return checkAttestation(jws, { ...expected, keys: keys.keys, stepUp, now: now() });
    },
  };
}

/** An answer that failed its check: an explicit deny that says why, instead of the relay's allow. */
export function refusedState(state: ToolCallState, reason: string): ToolCallState {
  return {
    toolCallId: state.toolCallId,
    tool: state.tool,
    outcome: 'deny',
    decision: {
      ...state.decision,
      behavior: 'deny',
      source: 'policy',
      evaluator: 'policy',
      reasonCode: 'attestation_refused',
      reason: `the relay's answer failed its attestation check (${reason}), so the call is denied`,
    },
  };
}

/**
 * A final state checked before it is obeyed: an allow must carry an attestation of this call (the
 * id the caller asked about, not the one the answer names: a replayed state names its own), this
 * session and the input that will run (the approver's edit, if any). A deny stays a deny.
 */
export async function verifiedState(
  verifier: AttestationVerifier,
  call: { sessionId: string; toolCallId: string; input: unknown },
  state: ToolCallState,
): Promise<ToolCallState> {
  if (state.outcome !== 'allow') return state;
  const { sessionId, toolCallId, input } = call;
  const check = await verifier.check(state.attestation, {
    toolCallId,
    sessionId,
    input: state.resolution?.updatedInput ?? input,
    outcome: 'allow',
  });
  return check.ok ? state : refusedState(state, check.reason);
}
