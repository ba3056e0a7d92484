import { useState } from 'preact/hooks';

interface PairFormProps {
  pair(input: string): Promise<{ ok: true } | { ok: false; message: string }>;
  /** A failure from pairing on load (`#pair=`), shown until the next try. */
  initialError?: string | null;
}

/** The manual way in: a pairing code (or the whole link) for this relay. */
export function PairForm({ pair, initialError = null }: PairFormProps) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(initialError);

  async function submit(event: Event) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const outcome = await pair(code);
    setBusy(false);
    if (!outcome.ok) setError(outcome.message);
  }

  return (
    <form class="pair-form" onSubmit={(event) => void submit(event)}>
      <label for="relay-pair-code">Pairing code</label>
      <input
        id="relay-pair-code"
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        spellcheck={false}
        placeholder="AB12CD34"
        value={code}
        onInput={(event) => setCode(event.currentTarget.value)}
      />
      <button type="submit" id="app-pair" class="action action--allow" disabled={busy}>
        {busy ? 'Pairing…' : 'Pair'}
      </button>
      <p class="quiet">
        Scan the QR code of <code>npx gatehouse pair</code>, or type the code it prints. It makes a new code
        whenever one is needed: in the relay’s clone, or for a deployed relay with <code>GATEHOUSE_URL</code>{' '}
        and <code>GATEHOUSE_ADMIN_TOKEN</code> set. Codes work once, for ten minutes.
      </p>
      {error && (
        <p class="pair-status" data-testid="pair-status" data-state="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
