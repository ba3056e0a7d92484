// The base styles before any feature's own (each imported by the component that draws it).
import '../../ui/approver.css';
import './popup.css';
import { render } from 'preact';
import { pagePasskeyCalls } from '../../lib/passkey-page-calls.ts';
import { extensionPlace } from '../../lib/passkey-place.ts';
import { createPopupPort } from '../../lib/popup-port.ts';
import { watchPresence } from '../../lib/presence.ts';
import { sendRequest } from '../../lib/send-request.ts';
import { Approver } from '../../ui/approver.tsx';
import { withPasskeyStepUp } from '../../ui/passkeys/step-up-port.ts';

/**
 * The toolbar popup: the shared approver over the background's port. `?session=SID` (a
 * notification was clicked) selects and focuses that session's request.
 */
// An approval that needs the approver's passkey runs the ceremony here; its code loads only then.
const popupPort = createPopupPort();
const port = withPasskeyStepUp(
  popupPort,
  pagePasskeyCalls,
  async (options) => (await import('../../ui/passkeys/webauthn.ts')).assertPasskey(options),
  extensionPlace(popupPort.openOptions),
);
const focusSessionId = new URLSearchParams(location.search).get('session') ?? undefined;
// Open and visible, the popup is the approver at the desk: phones wait (docs/push.md).
watchPresence({ document, window, report: (active) => void sendRequest({ type: 'presence', active }) });

const root = document.getElementById('root');
if (root)
  render(
    <Approver
      port={port}
      extras={{
        surface: 'popup',
        retry: port.retry,
        ...(focusSessionId ? { focusSessionId } : {}),
        unpaired: (
          <button type="button" class="action" id="open-options" onClick={port.openOptions}>
            Pair in settings
          </button>
        ),
      }}
    />,
    root,
  );
