import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GatehouseClient } from '../../sdk/index.ts';
import { removeStaleNotes } from '../stale-notes.ts';
import { type CopilotHookInput, sessionIdOf, toolCallIdOf } from './input.ts';

/**
 * Copilot asks its hooks twice about one file write: preToolUse (`create`, `edit`) and then, even
 * when preToolUse allowed it, permissionRequest as `edit` with a diff. The approver must see one
 * question. After the relay allows a write in preToolUse, the hook leaves a note — this session,
 * this file → the relay call that was allowed — and the permissionRequest for that file reads it
 * once and asks the relay for that call's state. The note is only a pointer: the relay's state
 * (allowed, a write, this file) decides, so a forged or stale note gains nothing, and a
 * permissionRequest without one is evaluated as a call of its own.
 */
export const defaultWritesDir = join(tmpdir(), 'gatehouse-copilot-writes');

/** The permissionRequest follows within a second; a note older than this is stale and cleared. */
export const writeNoteLifetimeMs = 10 * 60 * 1000;

const writeTools = new Set(['Write', 'Edit']);
export const isWrite = (tool: string) => writeTools.has(tool);

const noteOf = (dir: string, sessionId: string, filePath: string) =>
  join(dir, createHash('sha256').update(`${sessionId}\0${filePath}`).digest('hex').slice(0, 40));

interface WriteNote {
  timestamp: number | undefined;
  tool: string;
  input: Record<string, unknown>;
}

/** preToolUse, after the relay allowed a write: where its decision lives. */
export async function noteWrite(
  dir: string,
  input: CopilotHookInput,
  call: { tool: string; input: Record<string, unknown> },
): Promise<void> {
  const filePath = call.input.file_path;
  if (typeof filePath !== 'string') return;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await removeStaleNotes(dir, Date.now() - writeNoteLifetimeMs);
  const note: WriteNote = { timestamp: input.timestamp, tool: call.tool, input: call.input };
  await writeFile(noteOf(dir, input.sessionId, filePath), JSON.stringify(note), { mode: 0o600 });
}

/**
 * permissionRequest for a write: whether the relay allowed this very write (the same file, and
 * for a new file the same content) in the preToolUse just before. The note is read once.
 */
export async function allowedWrite(
  dir: string,
  client: GatehouseClient,
  input: CopilotHookInput,
  call: { tool: string; input: Record<string, unknown> },
): Promise<boolean> {
  const filePath = call.input.file_path;
  if (typeof filePath !== 'string') return false;
  const path = noteOf(dir, input.sessionId, filePath);
  const text = await readFile(path, 'utf8').catch(() => undefined);
  if (text === undefined) return false;
  await rm(path, { force: true });
  let note: WriteNote;
  try {
    note = JSON.parse(text) as WriteNote;
  } catch {
    return false;
  }
  if (!isWrite(note.tool) || note.input?.file_path !== filePath) return false;
  if (call.tool === 'Write' && note.tool === 'Write' && note.input.content !== call.input.content)
    return false;
  // The id is made from what the note says, so the relay's allow is for exactly that write.
  const toolCallId = toolCallIdOf({ ...input, timestamp: note.timestamp }, note);
  const state = await client.getToolCall(sessionIdOf(input), toolCallId).catch(() => undefined);
  return (
    state?.outcome === 'allow' && state.tool === note.tool && state.resolution?.updatedInput === undefined
  );
}
