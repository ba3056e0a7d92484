import { useState } from 'preact/hooks';
import type { OptionsState } from '../../lib/messages.ts';
import { type OptionsDeps, setDockFromForm } from '../../lib/options-actions.ts';

/** The approval dock: off by default; turning it on asks for access to web pages. */
export function DockToggle(props: {
  deps: OptionsDeps;
  enabled: boolean;
  onChange(state: OptionsState): void;
}) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function onChange(event: Event) {
    const enabled = (event.currentTarget as HTMLInputElement).checked;
    setBusy(true);
    setError('');
    const result = await setDockFromForm(enabled, props.deps);
    setBusy(false);
    if (result.ok) props.onChange(result.state);
    else setError(result.message);
  }

  return (
    <section class="card">
      <h2>Approval dock</h2>
      <label class="toggle" for="dock-enabled">
        <input
          id="dock-enabled"
          type="checkbox"
          checked={props.enabled}
          disabled={busy}
          onChange={onChange}
        />
        Show a compact approval bar in web pages when a request is waiting
      </label>
      <p class="hint">
        The dock lives in a closed shadow root the page cannot read or click; it shows only the most urgent
        request and never holds your token. Turning it on asks for access to http and https pages; turning it
        off removes the dock from pages (the access stays granted until you remove it in the browser’s
        extension settings).
      </p>
      {error && (
        <p class="status" data-testid="dock-status" data-state="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
