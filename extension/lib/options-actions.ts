import { browser } from 'wxt/browser';
import { dockOrigins } from './dock-registration.ts';
import type { OptionsState, PairingResult } from './messages.ts';
import { originPattern, pairingMessages, parsePairingInput } from './pairing-input.ts';
import { sendRequest } from './send-request.ts';

/**
 * What the options page's controls do. Host permissions can only be requested during a user
 * gesture, so each action asks for them first, before any other await; the pairing itself (the
 * token) happens in the background.
 */

export interface OptionsDeps {
  requestOrigins(origins: string[]): Promise<boolean>;
  send: typeof sendRequest;
}

export const browserDeps: OptionsDeps = {
  requestOrigins: (origins) => browser.permissions.request({ origins }),
  send: sendRequest,
};

export async function pairFromForm(
  urlText: string,
  codeText: string,
  deps: OptionsDeps,
): Promise<PairingResult> {
  const parsed = parsePairingInput(urlText, codeText);
  if (!parsed.ok) return parsed;
  let granted = false;
  try {
    granted = await deps.requestOrigins([originPattern(parsed.value.url)]);
  } catch {
    // Chrome throws when the request is not allowed at all (no user gesture): refused all the same.
  }
  if (!granted)
    return { ok: false, failure: 'permission_refused', message: pairingMessages.permission_refused };
  const answer = await deps.send({ type: 'pair', url: parsed.value.url, code: parsed.value.code });
  if ('failure' in answer || answer.ok) return answer;
  return { ok: false, failure: 'unreachable', message: answer.message };
}

export type DockToggle = { ok: true; state: OptionsState } | { ok: false; message: string };

export async function setDockFromForm(enabled: boolean, deps: OptionsDeps): Promise<DockToggle> {
  if (enabled) {
    let granted = false;
    try {
      granted = await deps.requestOrigins(dockOrigins);
    } catch {
      // Refused, as above.
    }
    if (!granted) return { ok: false, message: 'The dock needs access to web pages, and that was refused.' };
  }
  // Turning it off unregisters the script but keeps the page access granted: Chrome withdraws
  // every origin a removed pattern covers, the relay's own included, which would cut the inbox.
  const answer = await deps.send({ type: 'dockEnabled', enabled });
  if ('ok' in answer) return { ok: false, message: answer.message };
  if (enabled && !answer.dockEnabled) return { ok: false, message: 'The dock could not be turned on.' };
  return { ok: true, state: answer };
}

export async function loadOptions(deps: OptionsDeps): Promise<OptionsState | null> {
  const answer = await deps.send({ type: 'pairing' });
  return 'ok' in answer ? null : answer;
}

export async function unpairFromForm(deps: OptionsDeps): Promise<OptionsState | null> {
  const answer = await deps.send({ type: 'unpair' });
  return 'ok' in answer ? null : answer;
}
