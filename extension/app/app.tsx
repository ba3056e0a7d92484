import { useEffect, useState } from 'preact/hooks';
import { Approver } from '../ui/approver.tsx';
import type { DirectPort } from './direct-port.ts';
import { PairForm } from './pair-form.tsx';

interface AppProps {
  port: DirectPort;
  /** A pairing code from the URL's fragment, tried once on load. */
  codeFromUrl: string | null;
  /** The session of a tapped notification, shown first. */
  focusSessionId?: string | undefined;
  /** Push controls for this device, shown while paired. */
  push?: preact.ComponentChildren;
}

/** /app: the approver over a direct port, with pairing in its unpaired state and a way to unpair. */
export function App({ port, codeFromUrl, focusSessionId, push }: AppProps) {
  const [paired, setPaired] = useState(false);
  const [pairingOnLoad, setPairingOnLoad] = useState(codeFromUrl !== null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => port.subscribe((state) => setPaired(state.connection !== 'unpaired')), [port]);

  useEffect(() => {
    if (codeFromUrl === null) return;
    void port.pair(codeFromUrl).then((outcome) => {
      setPairingOnLoad(false);
      if (!outcome.ok) setLoadError(outcome.message);
    });
  }, [port, codeFromUrl]);

  return (
    <Approver
      port={port}
      extras={{
        surface: 'app',
        ...(focusSessionId ? { focusSessionId } : {}),
        retry: port.retry,
        unpaired: pairingOnLoad ? (
          <p role="status">Pairing…</p>
        ) : (
          <PairForm pair={port.pair} initialError={loadError} />
        ),
        toolbar: paired && (
          <>
            <button type="button" class="link" id="app-unpair" onClick={port.unpair}>
              Forget this relay
            </button>
            {push}
          </>
        ),
      }}
    />
  );
}
