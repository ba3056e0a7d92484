import { useEffect, useState } from 'preact/hooks';
import type { OptionsState } from '../../lib/messages.ts';
import { loadOptions, type OptionsDeps, unpairFromForm } from '../../lib/options-actions.ts';
import type { ApproverPort, Connection } from '../../ui/port.ts';
import { ChatLinks } from './ChatLinks.tsx';
import { DockToggle } from './DockToggle.tsx';
import { PairedRelay } from './PairedRelay.tsx';
import { PairingForm } from './PairingForm.tsx';
import { PasskeySection } from './PasskeySection.tsx';

/** The options page: pair with a relay (or forget it) and turn the approval dock on or off. */
export function OptionsPage({ deps, port }: { deps: OptionsDeps; port: ApproverPort }) {
  const [options, setOptions] = useState<OptionsState | null>(null);
  const [connection, setConnection] = useState<{ state: Connection; error?: string }>({
    state: 'connecting',
  });

  useEffect(() => {
    let lastRelay: string | null | undefined;
    return port.subscribe((inbox) => {
      setConnection(
        inbox.error ? { state: inbox.connection, error: inbox.error } : { state: inbox.connection },
      );
      // The pairing can end without this page (the relay refused the token): read it again then.
      if (inbox.relayUrl !== lastRelay) {
        lastRelay = inbox.relayUrl;
        void loadOptions(deps).then((loaded) => loaded && setOptions(loaded));
      }
    });
  }, [deps, port]);

  return (
    <main class="options">
      <h1>Gatehouse</h1>
      <p class="lead">
        Pair this browser with your Gatehouse relay to answer your agents’ questions from the toolbar, a
        notification or the approval dock.
      </p>
      {options?.relay && (
        <PairedRelay
          relay={options.relay}
          connection={connection}
          onUnpair={async () => {
            const next = await unpairFromForm(deps);
            if (next) setOptions(next);
          }}
        />
      )}
      {options?.relay && <PasskeySection key={options.relay.url} relayUrl={options.relay.url} />}
      <PairingForm
        deps={deps}
        paired={Boolean(options?.relay)}
        onPaired={() => void loadOptions(deps).then((loaded) => loaded && setOptions(loaded))}
      />
      <DockToggle deps={deps} enabled={options?.dockEnabled ?? false} onChange={setOptions} />
      {options?.relay && <ChatLinks deps={deps} />}
    </main>
  );
}
