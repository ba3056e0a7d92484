/**
 * When each approver asked for a question's step-up options (table `step_ups`, schema in
 * schema.ts): the `iat` of the payload their passkey signs, so the answer is signed with that very
 * payload. Values are bound parameters.
 */
export class StepUpStore {
  readonly #sql: SqlStorage;

  constructor(storage: DurableObjectStorage) {
    this.#sql = storage.sql;
  }

  remember(interactionId: string, tokenId: string, iat: number): void {
    this.#sql.exec(
      `INSERT INTO step_ups (interaction_id, token_id, iat) VALUES (?, ?, ?)
       ON CONFLICT (interaction_id, token_id) DO UPDATE SET iat = excluded.iat`,
      interactionId,
      tokenId,
      iat,
    );
  }

  issuedAt(interactionId: string, tokenId: string): number | null {
    const row = this.#sql
      .exec<{ iat: number }>(
        'SELECT iat FROM step_ups WHERE interaction_id = ? AND token_id = ?',
        interactionId,
        tokenId,
      )
      .toArray()[0];
    return row?.iat ?? null;
  }

  /** A question answered needs none of its options any more. */
  forget(interactionId: string): void {
    this.#sql.exec('DELETE FROM step_ups WHERE interaction_id = ?', interactionId);
  }
}
