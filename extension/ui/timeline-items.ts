import type {
  SessionEvent,
  ToolPermissionDecision,
  ToolPermissionResolution,
} from '../../shared/contract/index.ts';

/** One tool call in a session's timeline: what decided it and, for an escalation, how it ended. */
export interface TimelineItem {
  toolCallId: string;
  /** From the call's start or approval request; null when the log's window cut both off. */
  tool: string | null;
  decision: ToolPermissionDecision;
  resolution?: ToolPermissionResolution;
  /** When the decision was made (the decision event's time). */
  decidedAt: string;
  /** The decision event's sequence number: the timeline's order. */
  seq: number;
}

/**
 * A session's events (oldest first, as the audit log gives them) → one item per tool call that
 * has a `tool_permission_decision`, newest first. Events are matched by `toolCallId` (the
 * seed's "locate the tool part by toolCallId"); a later decision or resolution for the same
 * call replaces an earlier one, and events of other kinds are ignored.
 */
export function timelineItems(events: readonly SessionEvent[]): TimelineItem[] {
  const tools = new Map<string, string>();
  const resolutions = new Map<string, ToolPermissionResolution>();
  const decided = new Map<string, { decision: ToolPermissionDecision; ts: string; seq: number }>();
  for (const event of events) {
    switch (event.name) {
      case 'TOOL_CALL_START':
      case 'tool_approval_request':
        tools.set(event.value.toolCallId, event.value.tool);
        break;
      case 'tool_permission_decision':
        decided.set(event.value.toolCallId, { decision: event.value, ts: event.ts, seq: event.seq });
        break;
      case 'tool_permission_resolution':
        resolutions.set(event.value.toolCallId, event.value);
        break;
      default:
        break;
    }
  }
  const items: TimelineItem[] = [];
  for (const [toolCallId, { decision, ts, seq }] of decided) {
    const resolution = resolutions.get(toolCallId);
    items.push({
      toolCallId,
      tool: tools.get(toolCallId) ?? null,
      decision,
      ...(resolution ? { resolution } : {}),
      decidedAt: ts,
      seq,
    });
  }
  return items.sort((a, b) => b.seq - a.seq);
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

/** Who ended an escalation, as the timeline names them beside the badge ("· Phone"); else null. */
export function answeredBy(item: TimelineItem): string | null {
  const actor = item.resolution?.source === 'user' ? item.resolution.actor : undefined;
  if (!actor) return null;
  return actor.label ?? actor.tokenId;
}
