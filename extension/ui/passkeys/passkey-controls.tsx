import { useEffect, useState } from 'preact/hooks';
import type { PasskeyCalls } from './passkey-calls.ts';
import { assertPasskey, createPasskey, passkeysAvailable } from './webauthn.ts';

/**
 * Passkeys for risky approvals (docs/attestation.md "Passkeys"): the workspace's passkeys, listed,
 * renamed and removed, and this device's registered. A further passkey, and any removal, first
 * asks an existing passkey: the relay refuses an approver token alone.
 */

interface Listed {
  id: string;
  name: string;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function PasskeyControls({ calls }: { calls: PasskeyCalls }) {
  const [passkeys, setPasskeys] = useState<Listed[] | null>(null);
  const [minRisk, setMinRisk] = useState('critical');
  const [name, setName] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function refresh(): Promise<void> {
    try {
      const list = await calls.list();
      setPasskeys(list.passkeys.map(({ id, name: listedName }) => ({ id, name: listedName })));
      setMinRisk(list.stepUp.minRisk);
    } catch (error) {
      setStatus(messageOf(error));
    }
  }

  useEffect(() => {
    void refresh();
  }, [calls]);

  /** An existing passkey's assertion, when there is one to ask. */
  async function proof(): Promise<unknown> {
    if (!passkeys?.length) return undefined;
    return assertPasskey(await calls.assertionOptions());
  }

  async function run(work: () => Promise<string>): Promise<void> {
    setBusy(true);
    setStatus(null);
    try {
      setStatus(await work());
      await refresh();
    } catch (error) {
      setStatus(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  const register = () =>
    run(async () => {
      const assertion = await proof();
      const response = await createPasskey(await calls.registrationOptions());
      const created = await calls.register(response, name.trim() || 'This device', assertion);
      setName('');
      return `Registered “${created.name}”.`;
    });

  const remove = (passkey: Listed) =>
    run(async () => {
      await calls.remove(passkey.id, await proof());
      return `Removed “${passkey.name}”.`;
    });

  const rename = (passkey: Listed, next: string) =>
    run(async () => {
      await calls.rename(passkey.id, next);
      return `Renamed to “${next}”.`;
    });

  if (!passkeysAvailable())
    return (
      <section class="passkeys" id="passkeys" data-testid="passkey-section">
        <h2>Passkeys</h2>
        <p>This browser cannot use passkeys here (it needs WebAuthn over HTTPS or localhost).</p>
      </section>
    );

  return (
    <section class="passkeys" id="passkeys" data-testid="passkey-section">
      <h2>Passkeys</h2>
      <p>
        {passkeys?.length
          ? `Approving a call of ${minRisk === 'off' ? 'any risk needs no passkey (step-up is off)' : `${minRisk} risk or above needs one of these passkeys`}.`
          : 'Register a passkey and approving a critical call will need it, not just this pairing.'}
      </p>
      <ul>
        {(passkeys ?? []).map((passkey) => (
          <PasskeyRow key={passkey.id} passkey={passkey} busy={busy} onRename={rename} onRemove={remove} />
        ))}
      </ul>
      <label>
        Name{' '}
        <input
          data-testid="passkey-name"
          value={name}
          maxLength={100}
          onInput={(event) => setName((event.target as HTMLInputElement).value)}
        />
      </label>{' '}
      <button type="button" data-testid="passkey-register" disabled={busy} onClick={() => void register()}>
        Register a passkey
      </button>
      {status && (
        <p role="status" data-testid="passkey-status">
          {status}
        </p>
      )}
    </section>
  );
}

function PasskeyRow(props: {
  passkey: Listed;
  busy: boolean;
  onRename: (passkey: Listed, name: string) => Promise<void>;
  onRemove: (passkey: Listed) => Promise<void>;
}) {
  const [draft, setDraft] = useState(props.passkey.name);
  const changed = draft.trim() !== '' && draft.trim() !== props.passkey.name;
  return (
    <li data-testid="passkey-row" data-passkey={props.passkey.id}>
      <input
        aria-label="Passkey name"
        value={draft}
        maxLength={100}
        onInput={(event) => setDraft((event.target as HTMLInputElement).value)}
      />{' '}
      <button
        type="button"
        disabled={props.busy || !changed}
        onClick={() => void props.onRename(props.passkey, draft.trim())}
      >
        Rename
      </button>{' '}
      <button type="button" disabled={props.busy} onClick={() => void props.onRemove(props.passkey)}>
        Remove
      </button>
    </li>
  );
}
