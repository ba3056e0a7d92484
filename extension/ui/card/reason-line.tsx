import './card.css';
import type { ToolPermissionDecision } from '../../../shared/contract/index.ts';
import { whyLines } from './why.ts';

/** The card's reason line and, under it, the rater's findings (plain text, most dangerous first). */
export function ReasonLine({ decision }: { decision: ToolPermissionDecision }) {
  const { reason, findings } = whyLines(decision);
  return (
    <div class="why">
      <p class="reason" data-testid="reason">
        {reason}
      </p>
      {findings.length > 0 && (
        <ul class="findings" data-testid="findings">
          {findings.map((finding, index) => (
            <li key={index} data-testid="finding" data-risk={finding.risk}>
              {finding.note}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
