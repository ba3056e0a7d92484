// Decision badges and the expanded decision view (seed tool-permission-transparency).
export { decisionBadge } from './badge.ts';
export { decisionSection } from './section.ts';
export type { Badge, BadgeColor, DecisionRow, DecisionSection } from './types.ts';
export {
  categoriesLabel,
  evaluatorLabel,
  isFullAccess,
  outcomeLabel,
  reasonText,
  resolutionLabel,
} from './words.ts';
