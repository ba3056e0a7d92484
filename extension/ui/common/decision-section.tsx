import './common.css';
import { type ComponentChildren, Fragment } from 'preact';
import type { DecisionSection as Section } from '../../../shared/badges/index.ts';

/**
 * The expanded PERMISSION DECISION (and, for a resolved escalation, REVIEW) section, as plain
 * text. `more`: further rows (`<dt>`/`<dd>`) of the first section's grid, e.g. the session's mode.
 */
export function DecisionSection({
  sections,
  more,
}: {
  sections: readonly Section[];
  more?: ComponentChildren;
}) {
  return (
    <div class="decision" data-testid="decision">
      {sections.map((section, at) => (
        <section key={section.title} data-section={section.title}>
          <h3 class="decision-title">{section.title}</h3>
          <dl class="decision-rows">
            {section.rows.map((row, index) => (
              <Fragment key={`${index}:${row.label}`}>
                <dt>{row.label}</dt>
                <dd data-row={row.label}>{row.value}</dd>
              </Fragment>
            ))}
            {at === 0 && more}
          </dl>
        </section>
      ))}
    </div>
  );
}
