import type { PasskeyNotice } from './passkey-notice.ts';

/**
 * The card's passkey line: "Needs your passkey", the way to /app when this page cannot ask for
 * it (and why), or the offer to register one. Links open /app in a new tab: the popup would close.
 */
export function PasskeyLine({ notice }: { notice: PasskeyNotice }) {
  if (notice.kind === 'none') return null;
  if (notice.kind === 'here')
    return (
      <p class="passkey-line" data-testid="needs-passkey">
        Needs your passkey
      </p>
    );
  if (notice.kind === 'elsewhere')
    return (
      <p class="passkey-line" data-testid="needs-passkey" data-place="elsewhere">
        Needs your passkey, and {notice.why}.{' '}
        <a href={notice.href} target="_blank" rel="noopener" data-testid="passkey-elsewhere">
          Approve in /app
        </a>
      </p>
    );
  return (
    <p class="passkey-line" data-testid="passkey-offer">
      Register a passkey and approving a call like this will need it, not just this pairing.{' '}
      {notice.href ? (
        <a href={notice.href} target="_blank" rel="noopener" data-testid="passkey-register-link">
          Register a passkey
        </a>
      ) : (
        <button type="button" class="link" data-testid="passkey-register-offer" onClick={notice.register}>
          Register a passkey
        </button>
      )}
    </p>
  );
}
