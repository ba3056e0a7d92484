import { pagePasskeyCalls } from '../../lib/passkey-page-calls.ts';
import { appAddress, extensionCannotClaim } from '../../ui/passkeys/extension-reach.ts';
import { PasskeyControls } from '../../ui/passkeys/passkey-controls.tsx';

/**
 * The workspace's passkeys (docs/attestation.md "Passkeys"): listed, registered, renamed and
 * removed here with the controls /app uses, through the background. For a relay this extension
 * cannot claim as the passkey's RP (an IP address, plain http), the section says why and links
 * to /app's passkey section instead.
 */
export function PasskeySection({ relayUrl }: { relayUrl: string }) {
  const why = extensionCannotClaim(relayUrl);
  if (why)
    return (
      <section class="card" data-testid="passkey-section" data-place="elsewhere">
        <h2>Passkeys</h2>
        <p>
          Passkeys cannot be registered or used here: {why}. Register one in /app on the relay, and approve
          calls that need it there.
        </p>
        <a
          href={`${appAddress(relayUrl)}#passkeys`}
          target="_blank"
          rel="noopener"
          data-testid="passkey-app-link"
        >
          Open /app’s passkeys
        </a>
      </section>
    );
  return (
    <div class="card">
      <PasskeyControls calls={pagePasskeyCalls} />
    </div>
  );
}
