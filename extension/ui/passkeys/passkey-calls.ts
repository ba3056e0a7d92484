import type { StepUpSetting } from '../../../shared/contract/index.ts';
import type { Answer } from '../port.ts';

/**
 * The passkey requests (docs/attestation.md "Passkeys") the approver UI makes. Each answers the
 * JSON body or throws an Error carrying the relay's own message, which the UI shows as it is.
 * `passkeyCalls` below is /app's, straight to the relay that served the page with this device's
 * approver token; the extension's pages ask the background (extension/lib/passkey-page-calls.ts).
 */
export interface PasskeyCalls {
  list(): Promise<{ passkeys: { id: string; name: string }[]; stepUp: StepUpSetting }>;
  registrationOptions(): Promise<Record<string, unknown>>;
  assertionOptions(): Promise<Record<string, unknown>>;
  register(response: unknown, name: string, assertion?: unknown): Promise<{ id: string; name: string }>;
  rename(id: string, name: string): Promise<unknown>;
  remove(id: string, assertion?: unknown): Promise<unknown>;
  stepUpOptions(sessionId: string, interactionId: string, answer: Answer): Promise<Record<string, unknown>>;
}

export function passkeyCalls(options: {
  origin: string;
  token: () => string | null;
  fetch?: typeof fetch;
}): PasskeyCalls {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const token = options.token();
    if (!token) throw new Error('not paired with this relay');
    const response = await doFetch(`${options.origin}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    if (!response.ok) throw new Error(json?.error?.message ?? `the relay answered HTTP ${response.status}`);
    return json as T;
  }
  const id = (passkeyId: string) => encodeURIComponent(passkeyId);
  return {
    list: () => request('GET', '/passkeys'),
    registrationOptions: () => request('POST', '/passkeys/registration-options'),
    assertionOptions: () => request('POST', '/passkeys/assertion-options'),
    register: (response, name, assertion) =>
      request('POST', '/passkeys', { response, name, ...(assertion ? { assertion } : {}) }),
    rename: (passkeyId, name) => request('PATCH', `/passkeys/${id(passkeyId)}`, { name }),
    remove: (passkeyId, assertion) =>
      request('DELETE', `/passkeys/${id(passkeyId)}`, assertion ? { assertion } : {}),
    stepUpOptions: (sessionId, interactionId, answer) =>
      request(
        'POST',
        `/sessions/${encodeURIComponent(sessionId)}/interactions/${encodeURIComponent(interactionId)}/step-up-options`,
        { answer },
      ),
  };
}
