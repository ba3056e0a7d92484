import type { ToolInput } from '../../../shared/contract/index.ts';

/**
 * "Edit, then approve": which parts of a call the approver may change. For
 * Bash only the command (its description changes nothing that runs); for any other tool each
 * top-level string field. Only strings change, nothing is added or removed — the relay decides
 * the edited call again and refuses anything else.
 */
export interface EditField {
  key: string;
  value: string;
  /** Shown in a monospace box: a command or file contents, where every character counts. */
  code: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Prose fields keep the normal font; everything else an agent sends is closer to code. */
const prose = new Set(['description', 'prompt', 'query']);

export function editFields(tool: string, input: unknown): EditField[] {
  if (!isRecord(input)) return [];
  if (tool === 'Bash')
    return typeof input.command === 'string' ? [{ key: 'command', value: input.command, code: true }] : [];
  return Object.entries(input)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([key, value]) => ({ key, value, code: !prose.has(key) }));
}

/**
 * The input with the approver's edits, or null when nothing changed (then it is a plain
 * approval). Values for fields that were not editable strings are ignored.
 */
export function editedInput(
  tool: string,
  input: unknown,
  values: Readonly<Record<string, string>>,
): ToolInput | null {
  if (!isRecord(input)) return null;
  const edited: Record<string, unknown> = { ...input };
  let changed = false;
  for (const field of editFields(tool, input)) {
    const value = values[field.key];
    if (value === undefined || value === field.value) continue;
    edited[field.key] = value;
    changed = true;
  }
  return changed ? (edited as ToolInput) : null;
}
