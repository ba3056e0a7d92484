import type { ToolCallState, ToolPermissionDecision } from '../../shared/contract/index.ts';
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

/** Why a call may not run, in words an agent (or Claude) can act on. */
export function denialMessage(state: ToolCallState): string {
  const resolution = state.resolution;
  if (resolution?.source === 'user') {
    return `Denied by the approver${resolution.comment ? `: ${resolution.comment}` : '.'}`;
  }
  if (resolution?.source === 'timeout') return 'Denied: nobody answered before the question expired.';
  if (resolution?.source === 'cancel') return 'Denied: the question was withdrawn.';
  if (state.outcome === 'pending') return 'Denied: no answer in time.';
  return `Denied by Gatehouse (${state.decision.reasonCode}): ${state.decision.reason}`;
}
