import type { PairingInfo } from '../../lib/messages.ts';
import type { Connection } from '../../ui/port.ts';

const connectionWords: Record<Connection, string> = {
  live: 'Connected',
  connecting: 'Connecting…',
  unreachable: 'Relay unreachable',
  unpaired: 'Not paired',
};

/** The relay this browser is paired with, how the connection stands, and the way to forget it. */
export function PairedRelay(props: {
  relay: PairingInfo;
  connection: { state: Connection; error?: string };
  onUnpair(): void;
}) {
  const { relay, connection } = props;
  return (
    <section class="card" data-testid="paired">
      <h2>Paired</h2>
      <dl>
        <dt>Relay</dt>
        <dd data-testid="paired-url">{relay.url}</dd>
        <dt>Workspace</dt>
        <dd data-testid="paired-workspace">{relay.workspaceId}</dd>
        <dt>Since</dt>
        <dd>{new Date(relay.pairedAt).toLocaleString()}</dd>
        <dt>Status</dt>
        <dd data-testid="connection" data-state={connection.state}>
          {connectionWords[connection.state]}
          {connection.error ? ` — ${connection.error}` : ''}
        </dd>
      </dl>
      <button type="button" id="unpair" onClick={props.onUnpair}>
        Forget this relay
      </button>
    </section>
  );
}
