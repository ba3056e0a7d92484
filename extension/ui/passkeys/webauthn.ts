/**
 * The browser's own WebAuthn API with WebAuthn's JSON serialisation (L3 §5.1.8–5.1.9,
 * `parse…OptionsFromJSON` and `toJSON`), so the relay's options go in and its expected responses
 * come out without hand-written base64url conversions.
 */

interface JsonCredential extends Credential {
  toJSON(): unknown;
}

interface PublicKeyCredentialJson {
  parseCreationOptionsFromJSON(options: unknown): CredentialCreationOptions['publicKey'];
  parseRequestOptionsFromJSON(options: unknown): CredentialRequestOptions['publicKey'];
}

const api = () => globalThis.PublicKeyCredential as unknown as PublicKeyCredentialJson | undefined;

/** Whether this browser can hold a passkey ceremony here. */
export const passkeysAvailable = () =>
  typeof api()?.parseCreationOptionsFromJSON === 'function' && globalThis.isSecureContext === true;

/** `navigator.credentials.create()` for the relay's creation options: a RegistrationResponseJSON. */
export async function createPasskey(options: unknown): Promise<unknown> {
  const credential = (await navigator.credentials.create({
    publicKey: api()!.parseCreationOptionsFromJSON(options),
  })) as JsonCredential | null;
  if (!credential) throw new Error('no passkey was created');
  return credential.toJSON();
}

/** `navigator.credentials.get()` for the relay's request options: an AuthenticationResponseJSON. */
export async function assertPasskey(options: unknown): Promise<unknown> {
  const credential = (await navigator.credentials.get({
    publicKey: api()!.parseRequestOptionsFromJSON(options),
  })) as JsonCredential | null;
  if (!credential) throw new Error('the passkey gave no assertion');
  return credential.toJSON();
}
