import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GatehouseClient } from '../../sdk/index.ts';
import { removeStaleNotes } from '../stale-notes.ts';
import { type CodexHookInput, toolCallIdOf } from './input.ts';

/**
 * An approval with an edited input, handed from PreToolUse to the PermissionRequest that follows.
 *
 * Codex runs PreToolUse's `updatedInput`, and then — where it would ask (an MCP tool in `codex
 * exec`) — fires PermissionRequest with the EDITED input. That input names another relay call
 * than the one the approver answered (the id is the turn and what the call runs), so the relay
 * would ask again and Codex wait on a question nobody expects. PreToolUse leaves a note: the
 * edited call's id → the call the approver answered. The note is only a pointer, not a decision:
 * PermissionRequest asks the relay for that call and reuses its answer only when the relay says
 * it was approved with exactly this input, in this session and this turn. A forged or stale note
 * therefore gains nothing; without a note the call is simply evaluated as usual.
 */
export const defaultEditsDir = join(tmpdir(), 'gatehouse-codex-edits');

/**
 * How long a note is kept: it only matters to the PermissionRequest of the same turn, which follows
 * within seconds. Most edited calls are never followed by one (Codex does not ask for them), so
 * each new note first clears the notes older than this.
 */
export const noteLifetimeMs = 60 * 60 * 1000;

const noteOf = (dir: string, sessionId: string, editedCallId: string) =>
  join(dir, createHash('sha256').update(`${sessionId}\0${editedCallId}`).digest('hex').slice(0, 40));

/** PreToolUse, after an edited approval of `originalCallId`: note where its decision lives. */
export async function noteEdit(
  dir: string,
  sessionId: string,
  input: CodexHookInput,
  tool: string,
  edited: Record<string, unknown>,
  originalCallId: string,
): Promise<void> {
  // Without a turn id a call has no stable id, so there is nothing a later event could match.
  if (input.turn_id === undefined) return;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await removeStaleNotes(dir, Date.now() - noteLifetimeMs);
  await writeFile(noteOf(dir, sessionId, toolCallIdOf(input, tool, edited)), originalCallId, { mode: 0o600 });
}

/**
 * PermissionRequest: whether this call is the edited input of a call the approver approved in
 * PreToolUse of the same turn. The note is read once and removed; the relay's state decides.
 */
export async function approvedEdit(
  dir: string,
  client: GatehouseClient,
  sessionId: string,
  input: CodexHookInput,
  tool: string,
  toolCallId: string,
): Promise<boolean> {
  if (input.turn_id === undefined) return false;
  const note = noteOf(dir, sessionId, toolCallId);
  const originalCallId = await readFile(note, 'utf8').catch(() => undefined);
  if (originalCallId === undefined) return false;
  await rm(note, { force: true });
  // Same turn: the original id carries the turn exactly as this call's does.
  const turnPrefix = toolCallId.slice(0, toolCallId.lastIndexOf('-') + 1);
  if (!originalCallId.startsWith(turnPrefix) || originalCallId === toolCallId) return false;
  // The relay unsure or unreachable: no reuse, the call is evaluated as usual. One read of the
  // state (until: 0), its attestation checked against the edited input when the client verifies.
  const state = await client.waitFor(sessionId, originalCallId, { until: 0 }).catch(() => undefined);
  const edited = state?.resolution?.updatedInput;
  return (
    state !== undefined &&
    state.outcome === 'allow' &&
    state.resolution?.behavior === 'allow' &&
    state.tool === tool &&
    edited !== undefined &&
    toolCallIdOf(input, tool, edited) === toolCallId
  );
}
