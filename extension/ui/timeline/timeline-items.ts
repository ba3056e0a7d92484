import type {
  SessionEvent,
  SessionEventValue,
  ToolPermissionDecision,
  ToolPermissionResolution,
} from '../../../shared/contract/index.ts';
import { type AttestationMark, attestationMarks } from './attestation-mark.ts';

/** One tool call in a session's timeline: what it was, what decided it, how it ended, how it ran. */
export interface TimelineItem {
  kind?: 'call';
  toolCallId: string;
  /** From the call's start or approval request; null when the log's window cut both off. */
  tool: string | null;
  /** The call's input (the relay's redacted display copy), when the log still has it. */
  input?: unknown;
  decision: ToolPermissionDecision;
  resolution?: ToolPermissionResolution;
  /** What the agent reported after running it (TOOL_CALL_RESULT). */
  result?: 'ok' | 'error';
  /** How its outcome proves itself: signed by the relay, or with the approver's passkey too. */
  mark?: AttestationMark;
  /** When the decision was made (the decision event's time). */
  decidedAt: string;
  /** The decision event's sequence number: the timeline's order. */
  seq: number;
}

/** A session's mode switched: who switched it, from what, to what. */
export interface ModeItem {
  kind: 'mode';
  change: SessionEventValue<'mode_changed'>;
  at: string;
  seq: number;
}

/** The user asked the agent something (Claude Code's UserPromptSubmit), as the agent reported it. */
export interface PromptItem {
  kind: 'prompt';
  prompt: SessionEventValue<'user_prompt'>;
  at: string;
  seq: number;
}

export type TimelineRow = TimelineItem | ModeItem | PromptItem;

/** Whether a row is a tool call (the rows of other kinds always name theirs). */
export const isCall = (row: TimelineRow): row is TimelineItem =>
  row.kind === undefined || row.kind === 'call';

/**
 * A session's events (oldest first, as the audit log gives them) → one item per tool call that
 * has a `tool_permission_decision`, newest first. Events are matched by `toolCallId` (the
 * seed's "locate the tool part by toolCallId"); a later decision or resolution for the same
 * call replaces an earlier one, and events of other kinds are ignored.
 */
export function timelineItems(events: readonly SessionEvent[]): TimelineItem[] {
  return timelineRows(events).filter(isCall);
}

/** The calls of `timelineItems`, the session's mode changes and the user's requests, newest first. */
export function timelineRows(events: readonly SessionEvent[]): TimelineRow[] {
  const calls = new Map<string, { tool: string; input: unknown }>();
  const resolutions = new Map<string, ToolPermissionResolution>();
  const results = new Map<string, 'ok' | 'error'>();
  const decided = new Map<string, { decision: ToolPermissionDecision; ts: string; seq: number }>();
  const others: (ModeItem | PromptItem)[] = [];
  for (const event of events) {
    switch (event.name) {
      case 'TOOL_CALL_START':
      case 'tool_approval_request':
        calls.set(event.value.toolCallId, { tool: event.value.tool, input: event.value.input });
        break;
      case 'tool_permission_decision':
        decided.set(event.value.toolCallId, { decision: event.value, ts: event.ts, seq: event.seq });
        break;
      case 'tool_permission_resolution':
        resolutions.set(event.value.toolCallId, event.value);
        break;
      case 'TOOL_CALL_RESULT':
        results.set(event.value.toolCallId, event.value.status);
        break;
      case 'mode_changed':
        others.push({ kind: 'mode', change: event.value, at: event.ts, seq: event.seq });
        break;
      case 'user_prompt':
        others.push({ kind: 'prompt', prompt: event.value, at: event.ts, seq: event.seq });
        break;
      default:
        break;
    }
  }
  const rows: TimelineRow[] = [...others];
  const marks = attestationMarks(events);
  for (const [toolCallId, { decision, ts, seq }] of decided) {
    const mark = marks.get(toolCallId);
    const call = calls.get(toolCallId);
    const resolution = resolutions.get(toolCallId);
    const result = results.get(toolCallId);
    rows.push({
      toolCallId,
      tool: call?.tool ?? null,
      ...(call && call.input !== undefined ? { input: call.input } : {}),
      decision,
      ...(resolution ? { resolution } : {}),
      ...(result ? { result } : {}),
      ...(mark ? { mark } : {}),
      decidedAt: ts,
      seq,
    });
  }
  return rows.sort((a, b) => b.seq - a.seq);
}

/** How one tool call's escalation ended, if the events say. */
export function resolutionOf(
  events: readonly SessionEvent[],
  toolCallId: string,
): ToolPermissionResolution | undefined {
  let found: ToolPermissionResolution | undefined;
  for (const event of events) {
    if (event.name === 'tool_permission_resolution' && event.value.toolCallId === toolCallId)
      found = event.value;
  }
  return found;
}
