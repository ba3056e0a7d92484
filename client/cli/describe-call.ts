import type { ToolPermissionDecision } from '../../shared/contract/index.ts';
import { redactText } from '../../shared/redact/index.ts';

/**
 * A tool call in a few words: `Bash git push --force`, `Edit src/app.ts`. Redacted like
 * everything the relay shows: a terminal is a screen too.
 */
export function describeCall(tool: string, input: Record<string, unknown>, width = 80): string {
  const detail = input.command ?? input.file_path ?? input.path ?? input.url ?? input.pattern;
  const text = typeof detail === 'string' ? `${tool} ${redactText(detail)}` : tool;
  const line = text.replace(/\s+/g, ' ');
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}

/** `allow · rule Bash(npm test:*) · risk low — reason` */
export function describeDecision(decision: ToolPermissionDecision): string {
  const by = decision.evaluator ?? decision.source;
  const rule = decision.matchedRule ? ` ${decision.matchedRule}` : '';
  const model = decision.reviewerModel ? ` (${decision.reviewerModel})` : '';
  return `${decision.behavior} · ${by}${rule}${model} · risk ${decision.risk} — ${decision.reason}`;
}
