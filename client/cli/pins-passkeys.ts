import { importVerifyKey, type Jwks, splitCompact, verifyCompact } from '../../shared/attestation/index.ts';
import {
  type PasskeyEntry,
  PasskeyList,
  passkeyListType,
  SignedPasskeyList,
  type StepUpSetting,
} from '../../shared/contract/index.ts';
import { apiRoot } from '../sdk/index.ts';

/** What `init … --pin` keeps of a workspace's passkeys: the keys and the step-up setting. */
export interface PinnedPasskeys {
  passkeys: PasskeyEntry[];
  stepUp: StepUpSetting;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `GET /passkeys` checked against the relay keys being pinned (docs/attestation.md "Passkeys"):
 * `signature` must be a `gatehouse-passkeys+jwt` JWS by one of them over exactly the listed
 * passkeys and setting. Anything else throws, and nothing is pinned: a relay (or anything on the
 * path) cannot slip in a passkey of its own. Null when the relay has no passkey list at all.
 */
export async function fetchPinnedPasskeys(
  url: string,
  token: string,
  keys: Jwks['keys'],
  doFetch: typeof fetch = fetch,
): Promise<PinnedPasskeys | null> {
  const listUrl = new URL('passkeys', apiRoot(url));
  const response = await doFetch(listUrl, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
  });
  // A relay from before passkeys has no such route: its keys are pinned, and no passkeys.
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${listUrl.href} answered HTTP ${response.status}`);
  const parsed = PasskeyList.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new Error(`${listUrl.href} is not a passkey list`);
  const list = parsed.data;
  if (!list.signature) throw new Error(`${listUrl.href} is not signed (the relay has no signing key)`);
  const parts = splitCompact(list.signature);
  const header = parts?.header as { alg?: unknown; kid?: unknown; typ?: unknown } | undefined;
  if (!parts || header?.alg !== 'EdDSA' || header.typ !== passkeyListType)
    throw new Error(`${listUrl.href} carries no ${passkeyListType} signature`);
  const key = keys.find((candidate) => candidate.kid === header.kid);
  if (!key) throw new Error(`the passkey list is signed by key ${String(header.kid)}, not one being pinned`);
  if (!(await verifyCompact(parts, await importVerifyKey(key))))
    throw new Error('the passkey list signature does not verify');
  const signed = SignedPasskeyList.safeParse(parts.payload);
  if (!signed.success) throw new Error('the passkey list signature covers no passkey list');
  if (!sameJson(signed.data.passkeys, list.passkeys) || !sameJson(signed.data.stepUp, list.stepUp))
    throw new Error('the passkey list differs from what its signature covers');
  return { passkeys: signed.data.passkeys, stepUp: signed.data.stepUp };
}
