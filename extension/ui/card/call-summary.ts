import type { SessionEventValue, ToolPermissionResolution } from '../../../shared/contract/index.ts';
import { parsePatch, patchPaths } from '../../../shared/patch/index.ts';
import { argumentPreview } from '../../lib/preview.ts';
import { modeLabel } from '../sessions/mode-names.ts';
import { actorLabel } from './card-notice.ts';
import { mcpName } from './tool-view.ts';

/**
 * A timeline row's words: what the call was about in one line (the command's first line, the
 * path, the URL, the query, the MCP server · tool), who answered, and the mode changes. Plain
 * text; the row ellipsises it with CSS, so nothing here cuts in the middle of a word it keeps.
 */

const fieldsByTool: Record<string, readonly string[]> = {
  Bash: ['command'],
  Edit: ['file_path'],
  MultiEdit: ['file_path'],
  Write: ['file_path'],
  Read: ['file_path'],
  NotebookEdit: ['notebook_path'],
  WebFetch: ['url'],
  WebSearch: ['query'],
  Grep: ['pattern', 'path'],
  Glob: ['pattern', 'path'],
};

/** The first line of `text`, with "…" when more lines follow. */
export function firstLine(text: string): string {
  const newline = text.indexOf('\n');
  return newline === -1 ? text : `${text.slice(0, newline).trimEnd()} …`;
}

export function callSummary(tool: string | null, input: unknown): string {
  const record =
    typeof input === 'object' && input !== null && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : null;
  const mcp = tool ? mcpName(tool) : null;
  if (mcp) return `${mcp.server} · ${mcp.tool}`;
  // A Codex patch is the files it touches, not its first line (`*** Begin Patch`).
  if (tool === 'apply_patch' && typeof record?.command === 'string') {
    const paths = patchPaths(parsePatch(record.command));
    if (paths !== undefined) return argumentPreview(`Patch: ${paths.join(', ')}`, 200);
  }
  const fields = tool && Object.hasOwn(fieldsByTool, tool) ? fieldsByTool[tool]! : [];
  const values = fields
    .map((field) => record?.[field])
    .filter((value): value is string => typeof value === 'string' && value !== '');
  if (values.length > 0) return argumentPreview(firstLine(values.join(' in ')), 200);
  return argumentPreview(input, 200);
}

const bySource: Record<ToolPermissionResolution['source'], string> = {
  user: 'User',
  timeout: 'Nobody (expired)',
  cancel: 'Nobody (withdrawn)',
};

/**
 * Who answered an escalation, shown beside the badge ("User approved" · "Phone"): the
 * approver's device label when the relay names it, else its source.
 */
export function answeredBy(resolution: ToolPermissionResolution): string {
  return actorLabel(resolution) ?? bySource[resolution.source];
}

const actorWords: Record<string, string> = {
  agent: 'the agent',
  approver: 'an approver',
  admin: 'an admin',
  system: 'the relay',
};

/** A timeline row for the user's request: "Asked: " and its first line (the row ellipsises the rest). */
export function promptRowText(text: string): string {
  const trimmed = text.trim();
  return `Asked: ${trimmed === '' ? '(empty)' : argumentPreview(firstLine(trimmed), 200)}`;
}

/** "Mode: Default → Accept edits · by Phone" — declared labels when known, else the engine's words. */
export function modeChangeText(
  change: SessionEventValue<'mode_changed'>,
  labels: ReadonlyMap<string, string>,
): string {
  const name = (mode: string) => modeLabel(mode, labels);
  const from = change.previousMode === null ? '' : `${name(change.previousMode)} → `;
  const who = actorLabel(change as unknown as ToolPermissionResolution) ?? actorWords[change.by] ?? change.by;
  return `Mode: ${from}${name(change.mode)} · by ${who}`;
}
