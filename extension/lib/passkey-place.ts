import { appAddress, extensionCannotClaim } from '../ui/passkeys/extension-reach.ts';
import type { PlaceOf } from '../ui/passkeys/step-up-port.ts';

/**
 * Where the extension's pages stand for the paired relay: a relay they can claim as RP ID runs the
 * ceremony here and registers passkeys in the options page; any other sends the approver to /app
 * on the relay, saying why.
 */
export function extensionPlace(openOptions: () => void): PlaceOf {
  return (relayUrl) => {
    const why = relayUrl ? extensionCannotClaim(relayUrl) : null;
    if (relayUrl && why) return { elsewhere: { why, app: appAddress(relayUrl) } };
    return { register: openOptions };
  };
}
