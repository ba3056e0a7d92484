import type { ComponentChildren } from 'preact';
import type { ShownState } from './approver-state.ts';

interface StateNoticeProps {
  shown: ShownState;
  relayUrl: string | null;
  error: string | undefined;
  /** What the unpaired state offers: the popup a way to the options page, /app its pairing form. */
  unpaired: ComponentChildren;
  /** Reconnect now; without it there is no Retry button. */
  retry: (() => void) | undefined;
}

/** The one notice shown when nothing is pending or the relay is not live. */
export function StateNotice({ shown, relayUrl, error, unpaired, retry }: StateNoticeProps) {
  switch (shown) {
    case 'unpaired':
      return (
        <div class="state" data-testid="state-unpaired">
          <p class="state-title">Not paired with a relay</p>
          {error && <p class="state-detail">{error}</p>}
          {unpaired}
        </div>
      );
    case 'unreachable':
      return (
        <div class="state state--problem" data-testid="state-unreachable" role="alert">
          <p class="state-title">Relay unreachable</p>
          <p class="state-detail">{error ?? `Nothing answers at ${relayUrl ?? 'the relay'}.`}</p>
          {retry && (
            <button type="button" class="action" data-testid="retry" onClick={retry}>
              Retry
            </button>
          )}
        </div>
      );
    case 'connecting':
      return (
        <div class="state" data-testid="state-connecting" role="status">
          <p class="state-title">Connecting{relayUrl ? ` to ${relayUrl}` : ''}…</p>
        </div>
      );
    case 'empty':
      return (
        <div class="state" data-testid="state-empty" role="status">
          <p class="state-title">Nothing waiting for you</p>
        </div>
      );
  }
}
