import './sessions.css';
import '../common/common.css';
import { useEffect, useState } from 'preact/hooks';
import type { SessionView } from '../../../shared/contract/index.ts';
import { modeNeedsConfirm } from '../answer/friction.ts';
import type { ApproverPort } from '../port.ts';
import { modeLabel } from './mode-names.ts';
import { modeChooserText } from './requested.ts';

/**
 * The session's declared modes (the agent's own names and descriptions), the current one
 * selected; a change applies to the session's next evaluation. A session that declared none
 * shows its mode as text: the engine's modes are not offered in the agent's place. A switch to
 * Full Access (engine mode `bypass`) waits for a confirm click naming what it does. Who chose
 * the mode in force is said beside it when the view carries it.
 */
export function ModeSelector({
  session,
  port,
  onChanged,
}: {
  session: SessionView;
  port: ApproverPort;
  /** The session as the relay answered a switch. */
  onChanged?: (view: SessionView) => void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  // A newer view of the session (an inbox push, a refresh) is the truth again.
  useEffect(() => {
    setChosen(null);
    setConfirming(null);
  }, [session.mode]);

  const chooser = modeChooserText(session);
  const setBy = chooser && (
    <span class="quiet mode-set-by" data-testid="mode-set-by">
      {chooser}
    </span>
  );
  // Nothing to choose: a row (`<dt>`/`<dd>`) for the caller's details grid.
  if (session.modes.length === 0) {
    return (
      <>
        <dt>Mode</dt>
        <dd>
          <span data-testid="mode-current" data-mode={session.mode}>
            {modeLabel(session.mode, new Map())}
          </span>{' '}
          {setBy}
        </dd>
      </>
    );
  }
  const current = pending ?? chosen ?? session.mode;
  const known = session.modes.some((mode) => mode.id === current);

  function choose(mode: string) {
    if (mode === current) {
      setConfirming(null);
      return;
    }
    const declared = session.modes.find((candidate) => candidate.id === mode);
    if (declared && modeNeedsConfirm(declared.mode)) setConfirming(mode);
    else void select(mode);
  }

  async function select(mode: string) {
    setConfirming(null);
    setPending(mode);
    setError(null);
    const result = await port.selectMode(session.sessionId, mode).catch((cause: unknown) => ({
      ok: false as const,
      message: cause instanceof Error ? cause.message : String(cause),
    }));
    setPending(null);
    if (result.ok) {
      setChosen(result.value.mode);
      onChanged?.(result.value);
    } else setError(`Mode not changed: ${result.message}`);
  }

  return (
    <div class="mode">
      <label>
        Mode{' '}
        <select
          data-testid="mode"
          value={current}
          disabled={pending !== null}
          onChange={(event) => choose(event.currentTarget.value)}
        >
          {/* A mode set some other way still shows as what it is. */}
          {!known && <option value={current}>{current}</option>}
          {session.modes.map((mode) => (
            <option key={mode.id} value={mode.id} title={mode.description}>
              {mode.label}
            </option>
          ))}
        </select>
      </label>{' '}
      {setBy}
      {confirming !== null && (
        <fieldset class="confirm" data-testid="mode-confirm">
          <p class="confirm-question">
            Full Access runs every call of this session without review: nothing is asked, nothing is checked
            by the reviewer.
          </p>
          <div class="actions">
            <button
              type="button"
              class="action action--confirm"
              data-action="mode-confirm"
              onClick={() => void select(confirming)}
            >
              Switch to Full Access (
              {session.modes.find((mode) => mode.id === confirming)?.label ?? confirming})
            </button>
            <button
              type="button"
              class="action"
              data-action="mode-cancel"
              onClick={() => setConfirming(null)}
            >
              Keep {session.modes.find((mode) => mode.id === current)?.label ?? current}
            </button>
          </div>
        </fieldset>
      )}
      {error && (
        <p class="error" data-testid="mode-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
