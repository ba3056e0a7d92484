import './sessions.css';
import { useEffect, useState } from 'preact/hooks';
import type { RequestedAuthority, SessionView } from '../../../shared/contract/index.ts';
import { ConfirmStep } from '../common/confirm-step.tsx';
import type { ApproverPort, PortResult } from '../port.ts';
import { grantConfirmLabel } from './requested.ts';

interface RequestedLineProps {
  session: SessionView;
  requested: RequestedAuthority;
  port: ApproverPort;
  /** The session as the relay answered the grant: the caller shows it from then on. */
  onGranted(view: SessionView): void;
}

type Phase = 'idle' | 'confirming' | 'sending';

const thrown = (cause: unknown): PortResult<SessionView> => ({
  ok: false,
  refusal: 'unreachable',
  message: cause instanceof Error ? cause.message : String(cause),
});

/**
 * What the session's agent asked for and runs without: the relay's line ("Claude Code runs in
 * acceptEdits: not applied"), each left-out permission, and one action that grants it all for
 * this session. Full Access or a permission that lets a whole tool through asks for a confirm
 * click first. A refused grant says why and changes nothing.
 */
export function RequestedLine({ session, requested, port, onGranted }: RequestedLineProps) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [reason, setReason] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Another request (the agent asked again, for something else) starts afresh.
  useEffect(() => {
    setPhase('idle');
    setError(null);
  }, [requested.label]);

  const declared = new Map(session.modes.map((mode) => [mode.id, mode.label]));

  /** The friction rule loads with the first click; a grant that lets much through asks to be sure. */
  async function choose() {
    setPhase('sending');
    let why: string | null;
    try {
      why = (await import('./grant-width.ts')).grantConfirmReason(requested);
    } catch (cause) {
      // Unable to tell how wide it is: ask to be sure (fail closed).
      why = `Gatehouse could not tell how much this grants (${cause instanceof Error ? cause.message : cause}).`;
    }
    setReason(why);
    if (why === null) await grant();
    else setPhase('confirming');
  }

  async function grant() {
    setPhase('sending');
    setError(null);
    const result = await port.grantRequested(session.sessionId).catch(thrown);
    setPhase('idle');
    if (result.ok) onGranted(result.value);
    else setError(`Not granted: ${result.message}`);
  }

  return (
    <div class="requested" data-testid="requested" data-session-id={session.sessionId}>
      <p class="requested-label" data-testid="requested-label">
        {requested.label}
      </p>
      {requested.permissions && requested.permissions.length > 0 && (
        <ul class="requested-permissions" data-testid="requested-permissions" aria-label="Left out">
          {requested.permissions.map((permission) => (
            <li key={permission} class="mono">
              {permission}
            </li>
          ))}
        </ul>
      )}
      {phase === 'confirming' && reason !== null ? (
        <ConfirmStep
          testId="grant-confirm"
          confirming="grant-requested"
          question={reason}
          confirmText={grantConfirmLabel(requested, declared)}
          sending={false}
          onConfirm={() => void grant()}
          onCancel={() => setPhase('idle')}
        />
      ) : (
        <button
          type="button"
          class="action action--grant"
          data-action="grant-requested"
          disabled={phase === 'sending'}
          onClick={() => void choose()}
        >
          {phase === 'sending' ? 'Granting…' : 'Grant for this session'}
        </button>
      )}
      {error && (
        <p class="error" data-testid="grant-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
