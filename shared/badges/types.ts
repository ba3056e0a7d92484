/** The seed's badge colours (tool-permission-transparency): supplementary to the label. */
export type BadgeColor = 'green' | 'amber' | 'neutral' | 'violet' | 'red' | 'blue';

/** The compact badge beside a tool call's status. */
export interface Badge {
  label: string;
  color: BadgeColor;
}

/** One line of the expanded PERMISSION DECISION (or REVIEW) section. */
export interface DecisionRow {
  label: string;
  value: string;
}

export interface DecisionSection {
  title: string;
  rows: DecisionRow[];
}
