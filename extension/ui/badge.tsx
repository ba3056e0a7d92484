import type { Badge as BadgeValue } from '../../shared/badges/index.ts';

/** A decision badge: the label as text (upper case is only CSS), the colour as an attribute. */
export function Badge({ badge }: { badge: BadgeValue }) {
  return (
    <span class="badge" data-testid="badge" data-color={badge.color}>
      {badge.label}
    </span>
  );
}
