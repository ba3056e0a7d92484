import './common.css';
import type { Badge as BadgeValue } from '../../../shared/badges/index.ts';
import type { Risk } from '../../../shared/contract/index.ts';

/**
 * A decision badge: the label as text (upper case is only CSS), the colour as an attribute. A
 * question's badge (`risk` given) is coloured by its risk instead, so low and critical differ.
 */
export function Badge({ badge, risk }: { badge: BadgeValue; risk?: Risk | undefined }) {
  return (
    <span class="badge" data-testid="badge" data-color={badge.color} data-risk={risk}>
      {badge.label}
    </span>
  );
}
