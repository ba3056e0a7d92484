/** Who the passkeys belong to and which pages may use them (docs/attestation.md "Passkeys"). */
export interface RelyingParty {
  rpId: string;
  rpName: string;
  /** Origins a ceremony's clientDataJSON may name. */
  origins: string[];
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The RP ID is the relay's host name (`GATEHOUSE_RP_ID` overrides it); the origins are the
 * relay's own (public URL and the one the request came in by), locally `http://localhost:PORT`
 * and `http://127.0.0.1:PORT`, every extension paired with the workspace, and
 * `GATEHOUSE_WEBAUTHN_ORIGINS` (comma- or space-separated) for anything else.
 */
export function relyingPartyOf(
  env: Pick<Env, 'GATEHOUSE_RP_ID' | 'GATEHOUSE_WEBAUTHN_ORIGINS' | 'GATEHOUSE_PUBLIC_URL'>,
  requestUrl: string,
  pairedOrigins: readonly string[] = [],
): RelyingParty {
  const request = new URL(requestUrl);
  const publicUrl = env.GATEHOUSE_PUBLIC_URL?.trim() ? new URL(env.GATEHOUSE_PUBLIC_URL.trim()) : null;
  const home = publicUrl ?? request;
  const rpId =
    env.GATEHOUSE_RP_ID?.trim() || (loopbackHosts.has(home.hostname) ? 'localhost' : home.hostname);
  const origins = new Set<string>([home.origin, request.origin]);
  if (rpId === 'localhost') {
    for (const url of [home, request]) {
      if (!loopbackHosts.has(url.hostname)) continue;
      const port = url.port ? `:${url.port}` : '';
      origins.add(`${url.protocol}//localhost${port}`);
      origins.add(`${url.protocol}//127.0.0.1${port}`);
    }
  }
  for (const origin of pairedOrigins) origins.add(origin);
  for (const origin of (env.GATEHOUSE_WEBAUTHN_ORIGINS ?? '').split(/[\s,]+/)) {
    if (origin) origins.add(origin.replace(/\/+$/, ''));
  }
  return { rpId, rpName: 'Gatehouse', origins: [...origins] };
}

/** An extension page's origin, which pairing records so its passkey ceremonies are accepted. */
export const isExtensionOrigin = (origin: string | undefined): origin is string =>
  origin !== undefined && /^(chrome|moz|safari-web)-extension:\/\/[A-Za-z0-9-]{1,64}$/.test(origin);
