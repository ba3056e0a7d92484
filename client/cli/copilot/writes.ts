import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import canonicalize from 'canonicalize';
import type { GatehouseClient } from '../../sdk/index.ts';
import { removeStaleNotes } from '../stale-notes.ts';
import { type CopilotHookInput, sessionIdOf, toolCallIdOf } from './input.ts';

/**
 * Copilot asks its hooks twice about one file write, and about one MCP call: preToolUse (`create`,
 * `edit`, `<server>-<tool>`) and then, even when preToolUse allowed it, permissionRequest (as
 * `edit` with a diff, as `<server>/<tool>`). The approver must see one question. After the relay
 * allows such a call in preToolUse, the hook leaves a note — this session, this file (or this MCP
 * call) → the relay call that was allowed — and the permissionRequest for it reads it once and asks
 * the relay for that call's state (checked like any answer when the hook verifies attestations).
 * The note is only a pointer: the relay's state (allowed, the same call) decides, so a forged or
 * stale note gains nothing, and a permissionRequest without one is evaluated as a call of its own.
 */
export const defaultWritesDir = join(tmpdir(), 'gatehouse-copilot-writes');

/** The permissionRequest follows within a second; a note older than this is stale and cleared. */
export const writeNoteLifetimeMs = 10 * 60 * 1000;

const writeTools = new Set(['Write', 'Edit']);
const isMcp = (tool: string) => tool.startsWith('mcp__');
/** The calls Copilot asks its hooks about twice. */
export const isWrite = (tool: string) => writeTools.has(tool) || isMcp(tool);

/** What names the call in both events: a write's file, an MCP call's tool and arguments. */
function subjectOf(call: { tool: string; input: Record<string, unknown> }): string | undefined {
  if (isMcp(call.tool)) return `${call.tool}\0${canonicalize(call.input) ?? ''}`;
  return typeof call.input.file_path === 'string' ? call.input.file_path : undefined;
}

const noteOf = (dir: string, sessionId: string, subject: string) =>
  join(dir, createHash('sha256').update(`${sessionId}\0${subject}`).digest('hex').slice(0, 40));

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
  const subject = subjectOf(call);
  if (subject === undefined) return;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await removeStaleNotes(dir, Date.now() - writeNoteLifetimeMs);
  const note: WriteNote = { timestamp: input.timestamp, tool: call.tool, input: call.input };
  await writeFile(noteOf(dir, input.sessionId, subject), JSON.stringify(note), { mode: 0o600 });
}

/**
 * permissionRequest for a write or an MCP call: whether the relay allowed this very call (the
 * same file, and for a new file the same content; the same MCP tool and arguments) in the
 * preToolUse just before. The note is read once.
 */
export async function allowedWrite(
  dir: string,
  client: GatehouseClient,
  input: CopilotHookInput,
  call: { tool: string; input: Record<string, unknown> },
): Promise<boolean> {
  const subject = subjectOf(call);
  if (subject === undefined) return false;
  const path = noteOf(dir, input.sessionId, subject);
  const text = await readFile(path, 'utf8').catch(() => undefined);
  if (text === undefined) return false;
  await rm(path, { force: true });
  let note: WriteNote;
  try {
    note = JSON.parse(text) as WriteNote;
  } catch {
    return false;
  }
  if (!isWrite(note.tool) || typeof note.input !== 'object' || note.input === null) return false;
  if (isMcp(call.tool) || isMcp(note.tool)) {
    if (note.tool !== call.tool || subjectOf(note) !== subject) return false;
  } else {
    if (note.input.file_path !== call.input.file_path) return false;
    if (call.tool === 'Write' && note.tool === 'Write' && note.input.content !== call.input.content)
      return false;
  }
  // The id is made from what the note says, so the relay's allow is for exactly that call; one
  // read of its state (until: 0), checked against the noted input when the client verifies.
  const toolCallId = toolCallIdOf({ ...input, timestamp: note.timestamp }, note);
  const state = await client
    .waitFor(sessionIdOf(input), toolCallId, { until: 0, input: note.input })
    .catch(() => undefined);
  return (
    state?.outcome === 'allow' && state.tool === note.tool && state.resolution?.updatedInput === undefined
  );
}
