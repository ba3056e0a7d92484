import type { Interaction } from '../../shared/contract/index.ts';

/**
 * Learn from the approver (docs/approver-ui.md "Learned rules"): each approval of a question
 * the relay offered one rule for counts for that rule, per workspace, whoever approved and
 * whatever the scope; after `suggestions.afterApprovals` of them its next question offers the
 * rule ("You approved … 3 times — allow `Bash(npm test:*)` always?"), until an approver declines
 * it. Values are bound parameters.
 */

type Row = Record<string, SqlStorageValue>;

/** The one rule a question's offer suggests, or null: a compound's several rules are not learned. */
export function suggestedRule(interaction: Pick<Interaction, 'suggestions'>): string | null {
  const first = interaction.suggestions?.[0];
  return first && first.rules.length === 1 ? (first.rules[0] ?? null) : null;
}

export class LearnedRules {
  readonly #sql: SqlStorage;

  constructor(storage: DurableObjectStorage) {
    this.#sql = storage.sql;
  }

  approved(rule: string): void {
    this.#sql.exec(
      `INSERT INTO learned_rules (rule, approvals) VALUES (?, 1)
       ON CONFLICT (rule) DO UPDATE SET approvals = approvals + 1`,
      rule,
    );
  }

  decline(rule: string): void {
    this.#sql.exec(
      `INSERT INTO learned_rules (rule, approvals, declined) VALUES (?, 0, 1)
       ON CONFLICT (rule) DO UPDATE SET declined = 1`,
      rule,
    );
  }

  /** The offer for a question, when its rule was approved often enough and never declined. */
  offer(interaction: Pick<Interaction, 'suggestions'>, afterApprovals: number): Interaction['learned'] {
    const rule = suggestedRule(interaction);
    if (afterApprovals === 0 || rule === null) return undefined;
    const row = this.#sql
      .exec<Row>('SELECT approvals, declined FROM learned_rules WHERE rule = ?', rule)
      .toArray()[0] as { approvals: number; declined: number } | undefined;
    if (!row || row.declined === 1 || row.approvals < afterApprovals) return undefined;
    return { rule, approvals: row.approvals };
  }
}
