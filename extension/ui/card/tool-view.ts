import { diffLines } from 'diff';
import type { ToolPermissionDecision } from '../../../shared/contract/index.ts';
import { type PatchAction, parsePatch } from '../../../shared/patch/index.ts';
import { commandMarks, type MarkedText } from './command-marks.ts';
import { prettyArguments } from './format-arguments.ts';

/**
 * A tool call's input as the change it makes, by tool: an edit as a diff, a write as the file's
 * first lines, a command as it would run, a fetch as its domain and URL, an MCP call as server ·
 * tool and its arguments. Pure, so every view is tested without a browser. An input that does
 * not have its tool's shape is shown as JSON — never half-read — and fields a view does not name
 * are listed beside it, so nothing the agent sent is hidden behind a friendlier view.
 */

export type DiffOp = 'add' | 'remove' | 'same';
export interface DiffLine {
  op: DiffOp;
  text: string;
}
export interface DiffHunk {
  /** "Edit 2 of 3", "replaces every occurrence" — what a reader needs beside the lines. */
  title: string | null;
  lines: DiffLine[];
}

/** A field shown as a key and its value as text. */
export interface Entry {
  key: string;
  value: string;
}

export type ToolView =
  | { kind: 'diff'; path: string; hunks: DiffHunk[]; extra: Entry[] }
  | { kind: 'write'; path: string; content: string; extra: Entry[] }
  | {
      kind: 'notebook';
      path: string;
      cellId: string | null;
      editMode: string;
      cellType: string | null;
      source: string;
      extra: Entry[];
    }
  | { kind: 'command'; command: MarkedText; description: string | null; extra: Entry[] }
  | { kind: 'fetch'; domain: string | null; url: string; prompt: string | null; extra: Entry[] }
  | { kind: 'search'; query: string; extra: Entry[] }
  | { kind: 'mcp'; server: string; tool: string; entries: Entry[] }
  | { kind: 'patch'; files: PatchFileView[]; unreadable: string | null; text: string; extra: Entry[] }
  | { kind: 'json'; text: string };

/** One file of a Codex patch: what happens to it, and its lines as a diff. */
export interface PatchFileView {
  action: PatchAction;
  path: string;
  moveTo: string | null;
  lines: DiffLine[];
}

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field's value as a reader sees it: a string as it is, anything else as JSON. */
export function entryValue(value: unknown): string {
  return typeof value === 'string' ? value : prettyArguments(value);
}

/** The fields of `input` a view does not show itself, in the agent's order. */
function extraEntries(input: Fields, shown: readonly string[]): Entry[] {
  return Object.keys(input)
    .filter((key) => !shown.includes(key))
    .map((key) => ({ key, value: entryValue(input[key]) }));
}

/** `text` split into lines, without the empty piece after a final newline. */
function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

/** `text` ending in one newline, so its last line compares like any other. */
const closed = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);

/**
 * old → new as whole lines, each marked added, removed or the same. An edit's strings are
 * pieces of a file that seldom end in a newline; without one, the last line of each would
 * differ only by it and show as removed and added though it stays.
 */
export function diffHunkLines(before: string, after: string): DiffLine[] {
  const lines: DiffLine[] = [];
  for (const change of diffLines(closed(before), closed(after))) {
    const op: DiffOp = change.added ? 'add' : change.removed ? 'remove' : 'same';
    for (const text of linesOf(change.value)) lines.push({ op, text });
  }
  return lines;
}

const str = (value: unknown): value is string => typeof value === 'string';
const optionalStr = (value: unknown) => value === undefined || typeof value === 'string';

function editView(input: Fields): ToolView | null {
  const { file_path: path, old_string: before, new_string: after, replace_all: all } = input;
  if (!str(path) || !str(before) || !str(after)) return null;
  const title = all === true ? 'Replaces every occurrence' : null;
  return {
    kind: 'diff',
    path,
    hunks: [{ title, lines: diffHunkLines(before, after) }],
    extra: extraEntries(input, ['file_path', 'old_string', 'new_string', 'replace_all']),
  };
}

function multiEditView(input: Fields): ToolView | null {
  const { file_path: path, edits } = input;
  if (!str(path) || !Array.isArray(edits) || edits.length === 0) return null;
  const hunks: DiffHunk[] = [];
  for (const [index, edit] of edits.entries()) {
    if (!isRecord(edit) || !str(edit.old_string) || !str(edit.new_string)) return null;
    const every = edit.replace_all === true ? ' · replaces every occurrence' : '';
    hunks.push({
      title: `Edit ${index + 1} of ${edits.length}${every}`,
      lines: diffHunkLines(edit.old_string, edit.new_string),
    });
  }
  return { kind: 'diff', path, hunks, extra: extraEntries(input, ['file_path', 'edits']) };
}

function writeView(input: Fields): ToolView | null {
  const { file_path: path, content } = input;
  if (!str(path) || !str(content)) return null;
  return { kind: 'write', path, content, extra: extraEntries(input, ['file_path', 'content']) };
}

function notebookView(input: Fields): ToolView | null {
  const {
    notebook_path: path,
    new_source: source,
    cell_id: cellId,
    edit_mode: mode,
    cell_type: type,
  } = input;
  if (!str(path) || !str(source) || !optionalStr(cellId) || !optionalStr(mode) || !optionalStr(type))
    return null;
  return {
    kind: 'notebook',
    path,
    cellId: cellId ?? null,
    // Claude Code's default edit mode is replace.
    editMode: mode ?? 'replace',
    cellType: type ?? null,
    source,
    extra: extraEntries(input, ['notebook_path', 'new_source', 'cell_id', 'edit_mode', 'cell_type']),
  };
}

function bashView(input: Fields, decision: ToolPermissionDecision | undefined): ToolView | null {
  const { command, description } = input;
  if (!str(command) || !optionalStr(description)) return null;
  return {
    kind: 'command',
    command: commandMarks(command, decision?.findings ?? []),
    description: description || null,
    extra: extraEntries(input, ['command', 'description']),
  };
}

/** The host a URL goes to, or null when it does not parse (then only the URL is shown). */
export function domainOf(url: string): string | null {
  try {
    const host = new URL(url).hostname;
    return host === '' ? null : host;
  } catch {
    return null;
  }
}

function fetchView(input: Fields): ToolView | null {
  const { url, prompt } = input;
  if (!str(url) || !optionalStr(prompt)) return null;
  return {
    kind: 'fetch',
    domain: domainOf(url),
    url,
    prompt: prompt ?? null,
    extra: extraEntries(input, ['url', 'prompt']),
  };
}

function searchView(input: Fields): ToolView | null {
  const { query } = input;
  if (!str(query)) return null;
  return { kind: 'search', query, extra: extraEntries(input, ['query']) };
}

/** `mcp__github__create_issue` → server `github`, tool `create_issue`; null when not that shape. */
export function mcpName(tool: string): { server: string; tool: string } | null {
  const match = /^mcp__(.+?)__(.+)$/s.exec(tool);
  return match ? { server: match[1]!, tool: match[2]! } : null;
}

function mcpView(name: { server: string; tool: string }, input: unknown): ToolView | null {
  if (!isRecord(input)) return null;
  return { ...name, kind: 'mcp', entries: extraEntries(input, []) };
}

/**
 * Codex's `apply_patch`: the files it touches, as the engine reads them (shared/patch), each with
 * its lines as a diff. A patch the engine cannot read for sure is shown as its text, saying so.
 */
function patchView(input: Fields): ToolView | null {
  const text = input.command;
  if (typeof text !== 'string') return null;
  const extra = extraEntries(input, ['command']);
  const reading = parsePatch(text);
  if (!reading.ok) return { kind: 'patch', files: [], unreadable: reading.reason, text, extra };
  const sections: DiffLine[][] = [];
  for (const line of text.split('\n')) {
    if (/^\*\*\* (Add|Delete|Update) File: /.test(line)) sections.push([]);
    else if (line.startsWith('***') || line.startsWith('@@') || sections.length === 0) continue;
    else if (line.startsWith('+')) sections.at(-1)!.push({ op: 'add', text: line.slice(1) });
    else if (line.startsWith('-')) sections.at(-1)!.push({ op: 'remove', text: line.slice(1) });
    else sections.at(-1)!.push({ op: 'same', text: line.slice(1) });
  }
  const files = reading.files.map((file, index) => ({
    action: file.action,
    path: file.path,
    moveTo: file.moveTo ?? null,
    lines: sections[index] ?? [],
  }));
  return { kind: 'patch', files, unreadable: null, text, extra };
}

const byTool: Record<
  string,
  (input: Fields, decision: ToolPermissionDecision | undefined) => ToolView | null
> = {
  Edit: editView,
  MultiEdit: multiEditView,
  Write: writeView,
  NotebookEdit: notebookView,
  Bash: bashView,
  WebFetch: fetchView,
  WebSearch: searchView,
  apply_patch: patchView,
};

/** The view for a call: its tool's own when the input has that tool's shape, else JSON. */
export function toolView(tool: string, input: unknown, decision?: ToolPermissionDecision): ToolView {
  const fallback: ToolView = { kind: 'json', text: prettyArguments(input) };
  const mcp = mcpName(tool);
  if (mcp) return mcpView(mcp, input) ?? fallback;
  const view = Object.hasOwn(byTool, tool) && isRecord(input) ? byTool[tool]!(input, decision) : null;
  return view ?? fallback;
}
