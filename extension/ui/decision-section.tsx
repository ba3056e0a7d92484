import { Fragment } from 'preact';
import type { DecisionSection as Section } from '../../shared/badges/index.ts';

/** The expanded PERMISSION DECISION (and, for a resolved escalation, REVIEW) section, as plain text. */
export function DecisionSection({ sections }: { sections: readonly Section[] }) {
  return (
    <div class="decision" data-testid="decision">
      {sections.map((section) => (
        <section key={section.title} data-section={section.title}>
          <h3 class="decision-title">{section.title}</h3>
          <dl class="decision-rows">
            {section.rows.map((row, index) => (
              <Fragment key={`${index}:${row.label}`}>
                <dt>{row.label}</dt>
                <dd data-row={row.label}>{row.value}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
