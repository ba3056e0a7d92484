import { evaluatorLabel } from '../../shared/badges/index.ts';
import type { Interaction, SessionView } from '../../shared/contract/index.ts';
import { summarizeCall, summaryChars } from '../../shared/push/summary.ts';
import { redactText } from '../../shared/redact/index.ts';
import { type ChatQuestion, chatCallChars, chatCallLines } from './port.ts';

/**
 * What a chat message of the active question may show (docs/chat.md "What a message shows"),
 * from the workspace's `pushDetails`: chat history outlives the question, so `none` names the
 * session and the risk only. The input is the session's redacted display copy; every string is
 * redacted once more here and bounded, so no provider ever sees more than this.
 */

const reasonChars = 500;
const titleChars = summaryChars;

/** Redacted, then cut by characters (not UTF-16 units) with a marker. */
export function boundedText(text: string, max: number): string {
  const chars = [...redactText(text)];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}

/** Control, format and bidi characters would let a line hide or reorder what it shows. */
const hidden = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The call as a card shows it, in plain lines: the command, the edit as -/+ lines, the file, else JSON. */
function callLines(tool: string, input: unknown): string[] {
  const fields =
    input !== null && typeof input === 'object' && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : {};
  const command = text(fields.command);
  if (tool === 'Bash' && command !== null) return command.split('\n');
  const file = text(fields.file_path) ?? text(fields.path);
  const edits: { old_string?: unknown; new_string?: unknown }[] =
    tool === 'MultiEdit' && Array.isArray(fields.edits)
      ? (fields.edits as [])
      : tool === 'Edit'
        ? [fields]
        : [];
  if (file !== null && edits.length > 0) {
    const lines = [file];
    for (const edit of edits) {
      for (const line of (text(edit.old_string) ?? '').split('\n')) lines.push(`- ${line}`);
      for (const line of (text(edit.new_string) ?? '').split('\n')) lines.push(`+ ${line}`);
    }
    return lines;
  }
  const content = text(fields.content);
  if (file !== null && content !== null) return [file, ...content.split('\n')];
  let json: string;
  try {
    json = JSON.stringify(input, null, 2) ?? String(input);
  } catch {
    json = tool;
  }
  return json.split('\n');
}

/** The first lines of the call, each line cleaned, at most `chatCallLines` lines and `chatCallChars` chars. */
export function callExcerpt(tool: string, input: unknown): string {
  const all = redactText(callLines(tool, input).join('\n'))
    .split('\n')
    .map((line) => line.replace(hidden, ' '));
  let lines = all.slice(0, chatCallLines);
  if (all.length > lines.length) lines = [...lines, `… ${all.length - lines.length} more lines`];
  const joined = lines.join('\n');
  const chars = [...joined];
  return chars.length > chatCallChars ? `${chars.slice(0, chatCallChars - 1).join('')}…` : joined;
}

export function chatQuestion(
  workspaceId: string,
  view: SessionView,
  active: Interaction,
  details: ChatQuestion['details'],
): ChatQuestion {
  const base: ChatQuestion = {
    workspaceId,
    sessionId: view.sessionId,
    interactionId: active.interactionId,
    sessionTitle: boundedText((view.title ?? view.sessionId).replace(hidden, ' '), titleChars),
    risk: active.decision.risk,
    expiresAt: active.expiresAt,
    details,
  };
  if (details === 'none') return base;
  const summary = summarizeCall(active.tool, active.input);
  const withSummary = { ...base, tool: active.tool, summary: boundedText(summary.text, summaryChars) };
  if (details === 'summary') return withSummary;
  return {
    ...withSummary,
    call: callExcerpt(active.tool, active.input),
    reason: boundedText(active.decision.reason.replace(hidden, ' '), reasonChars),
    evaluator: evaluatorLabel(active.decision),
  };
}
