import { useState } from 'preact/hooks';
import { type OptionsDeps, pairFromForm } from '../../lib/options-actions.ts';
import { pairingLink } from '../../lib/pairing-input.ts';

type Status = { state: 'idle' | 'working' | 'ok' | 'error'; text: string };

/**
 * Relay URL and pairing code. Pasting a whole `…/app#pair=CODE` link fills the URL too. The
 * status line names what went wrong in words (its `data-state` says "error" for tests and styles).
 */
export function PairingForm(props: { deps: OptionsDeps; paired: boolean; onPaired(): void }) {
  const [url, setUrl] = useState('');
  const [code, setCode] = useState('');
  const [status, setStatus] = useState<Status>({ state: 'idle', text: '' });

  function onCodeInput(value: string) {
    setCode(value);
    const link = pairingLink(value);
    if (link) setUrl(link.url);
  }

  async function onSubmit(event: Event) {
    event.preventDefault();
    setStatus({ state: 'working', text: 'Pairing…' });
    // The permission prompt must come from this gesture: pairFromForm asks for it first.
    const result = await pairFromForm(url, code, props.deps);
    if (result.ok) {
      setCode('');
      setStatus({
        state: 'ok',
        text: `Paired with ${result.relay.url} (workspace ${result.relay.workspaceId}).`,
      });
      props.onPaired();
    } else {
      setStatus({ state: 'error', text: result.message });
    }
  }

  return (
    // Our own check names a bad URL in words; the browser's would only show a tooltip.
    <form class="card" onSubmit={onSubmit} noValidate>
      <h2>{props.paired ? 'Pair with another relay' : 'Pair with a relay'}</h2>
      <label for="relay-url">Relay URL</label>
      <input
        id="relay-url"
        type="url"
        placeholder="http://127.0.0.1:8787"
        autocomplete="url"
        value={url}
        onInput={(event) => setUrl(event.currentTarget.value)}
      />
      <label for="pair-code">Pairing code or link</label>
      <input
        id="pair-code"
        type="text"
        placeholder="AB12CD34, or https://…/app#pair=AB12CD34"
        autocomplete="off"
        spellcheck={false}
        value={code}
        onInput={(event) => onCodeInput(event.currentTarget.value)}
      />
      <p class="hint">
        <code>npm start</code> prints a code; <code>npx gatehouse pair</code> prints a new one (for a deployed
        relay with <code>GATEHOUSE_URL</code> and <code>GATEHOUSE_ADMIN_TOKEN</code> set). Codes work once,
        for ten minutes.
      </p>
      <button type="submit" id="pair" disabled={status.state === 'working'}>
        Pair
      </button>
      <p class="status" data-testid="pair-status" data-state={status.state} role="status" aria-live="polite">
        {status.text}
      </p>
    </form>
  );
}
