/**
 * Whether an approver is at a screen (docs/push.md "Delivery follows presence"). Presence is the
 * workspace's: any approver client that reported `active: true` within the last minute makes it
 * present. A client is one inbox socket, or one token for `POST /presence`; its `active: false`
 * or its socket closing ends its presence at once. A client reports over HTTP only until its
 * socket is open; its first report there replaces its token's HTTP one, so closing the socket
 * ends it. Values are bound parameters.
 */

/** The presence client of `POST /presence` reports: one per token. */
export const httpClient = (tokenId: string) => `token:${tokenId}`;

/** A report of activity holds this long; clients repeat theirs well within it. */
export const presenceLapseMs = 60_000;

type Row = Record<string, SqlStorageValue>;

export class PresenceStore {
  readonly #sql: SqlStorage;

  constructor(storage: DurableObjectStorage) {
    this.#sql = storage.sql;
  }

  report(client: string, tokenId: string, active: boolean, now: number): void {
    if (!active) {
      this.#sql.exec('DELETE FROM presence WHERE client = ?', client);
      return;
    }
    this.#sql.exec(
      `INSERT INTO presence (client, token_id, active_until) VALUES (?, ?, ?)
       ON CONFLICT (client) DO UPDATE SET token_id = excluded.token_id, active_until = excluded.active_until`,
      client,
      tokenId,
      now + presenceLapseMs,
    );
  }

  /** A client gone (socket closed, token revoked) is present no more. */
  forget(client: string): void {
    this.#sql.exec('DELETE FROM presence WHERE client = ?', client);
  }

  forgetToken(tokenId: string): void {
    this.#sql.exec('DELETE FROM presence WHERE token_id = ?', tokenId);
  }

  present(now: number): boolean {
    this.#sql.exec('DELETE FROM presence WHERE active_until <= ?', now);
    return this.#sql.exec<Row>('SELECT 1 FROM presence LIMIT 1').toArray().length > 0;
  }
}
