// The base styles before any feature's own (each imported by the component that draws it).
import '../ui/approver.css';
import './app.css';
import { render } from 'preact';
import { watchPresence } from '../lib/presence.ts';
import { ChatControls } from '../ui/chat/chat-controls.tsx';
import { passkeyCalls } from '../ui/passkeys/passkey-calls.ts';
import { PasskeyControls } from '../ui/passkeys/passkey-controls.tsx';
import { withPasskeyStepUp } from '../ui/passkeys/step-up-port.ts';
import { assertPasskey } from '../ui/passkeys/webauthn.ts';
import { App } from './app.tsx';
import { directChatCalls } from './chat-calls.ts';
import { createDirectPort } from './direct-port.ts';
import { codeFromFragment, fragmentWithoutCode } from './pair-code.ts';
import { readPairing } from './pairing-store.ts';
import { PushControls } from './push-controls.tsx';
import { openTokenVault } from './token-vault.ts';

// The code leaves the address bar (and the history entry) before anything else happens, so
// it is neither bookmarked nor shared by accident; it is single use anyway.
const codeFromUrl = codeFromFragment(location.hash);
if (codeFromUrl !== null)
  history.replaceState(
    history.state,
    '',
    `${location.pathname}${location.search}${fragmentWithoutCode(location.hash)}`,
  );

/**
 * `#card=<session>/<interaction>`: a tapped notification opens /app on that card (and so does the
 * extension, for a step-up it cannot hold itself).
 */
const focusSessionId = /^#card=([^/]+)\//.exec(location.hash)?.[1];

/**
 * The passkey section, scrolled to: `#passkeys` (the extension's link to register one) or a
 * card's offer. On load the section comes with the pairing's first render, so it is looked for a
 * few times before giving up.
 */
function showPasskeys(tries = 0): void {
  const section = document.getElementById('passkeys');
  if (section) section.scrollIntoView({ block: 'start' });
  else if (tries > 0) setTimeout(() => showPasskeys(tries - 1), 100);
}

const registration: Promise<ServiceWorkerRegistration | null> =
  'serviceWorker' in navigator
    ? navigator.serviceWorker
        .register('/app/sw.js', { scope: '/app/', type: 'module' })
        .then(() => navigator.serviceWorker.ready)
        .catch(() => null)
    : Promise.resolve(null);

void (async () => {
  let legacy: Storage | null = null;
  try {
    legacy = localStorage;
  } catch {
    legacy = null;
  }
  const storage = await openTokenVault(legacy);
  const token = () => readPairing(storage)?.token ?? null;
  const passkeys = passkeyCalls({ origin: location.origin, token });
  const chat = directChatCalls({ origin: location.origin, token });
  // Approvals the relay holds for the approver's passkey run the ceremony (docs/attestation.md).
  // "Register a passkey" on a card scrolls to the passkey section, as `#passkeys` does on load.
  const port = withPasskeyStepUp(
    createDirectPort({ origin: location.origin, storage }),
    passkeys,
    assertPasskey,
    () => ({ register: () => showPasskeys() }),
  );
  // Open and visible: the approver is here, and phones wait (docs/push.md).
  watchPresence({ document, window, report: port.presence });
  const root = document.getElementById('root');
  if (root)
    render(
      <App
        port={port}
        codeFromUrl={codeFromUrl}
        focusSessionId={focusSessionId ? decodeURIComponent(focusSessionId) : undefined}
        push={
          <>
            <PushControls token={token} registration={registration} />
            <ChatControls calls={chat} />
            <PasskeyControls calls={passkeys} />
          </>
        }
      />,
      root,
    );
  // An unpaired /app shows the pairing form instead: `#passkeys` then finds nothing to show.
  if (location.hash === '#passkeys') showPasskeys(20);
})();
