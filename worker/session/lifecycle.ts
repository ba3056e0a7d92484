import type { PromptRef, RequestedAuthority, ToolPermissionResolution } from '../../shared/contract/index.ts';
import { approvalActions, expiredResolution } from './actions.ts';
import type { Commit } from './commit.ts';
import { offerFields } from './offer.ts';
import type { InteractionRecord, ToolCallRecord } from './records.ts';

// The interaction lifecycle of DESIGN §6, as synchronous steps inside one `Commit`: at most one
// interaction is active, the rest wait in FIFO order, each ends exactly once.

const iso = (ms: number) => new Date(ms).toISOString();

export const newInteractionId = () => `int_${crypto.randomUUID()}`;

/** An ask becomes the active interaction, or queues behind it. The caller checked the bound. */
export function openInteraction(
  commit: Commit,
  call: ToolCallRecord,
  timeoutSeconds: number,
  /** What the session's agent asked for and does not get, shown with the question. */
  requested: RequestedAuthority | null = null,
  /** The user's request the call belongs to ("Asked for: …"). */
  prompt: PromptRef | null = null,
): InteractionRecord {
  const { store, now } = commit;
  if (call.interactionId === null) throw new Error(`tool call ${call.id} has no interaction id`);
  const queued = store.activeInteraction() !== null;
  const expiresAt = queued ? null : now + timeoutSeconds * 1000;
  const interaction = store.insertInteraction({
    id: call.interactionId,
    toolCallId: call.id,
    state: queued ? 'queued' : 'active',
    timeoutSeconds,
    createdAt: now,
    activatedAt: queued ? null : now,
    expiresAt,
    resolvedAt: null,
    resolution: null,
  });
  commit.emit('tool_approval_request', {
    toolCallId: call.id,
    interactionId: interaction.id,
    tool: call.tool,
    input: call.input,
    decision: call.decision,
    actions: [...approvalActions],
    expiresAt: expiresAt === null ? null : iso(expiresAt),
    queuePosition: queued ? store.queuePosition(interaction.seq) : 0,
    ...(requested ? { requested } : {}),
    ...offerFields(call.offer),
    ...(prompt ? { prompt } : {}),
  });
  commit.viewChanged = true;
  if (!queued) commit.scheduleChanged = true;
  return interaction;
}

/** The first queued interaction becomes active; its timeout starts now. */
export function activateNext(commit: Commit): InteractionRecord | null {
  const { store, now } = commit;
  if (store.activeInteraction() !== null) return null;
  const [next] = store.queuedInteractions(1);
  if (!next) return null;
  const expiresAt = now + next.timeoutSeconds * 1000;
  store.activateInteraction(next.id, now, expiresAt);
  commit.emit('interaction_activated', {
    toolCallId: next.toolCallId,
    interactionId: next.id,
    expiresAt: iso(expiresAt),
  });
  commit.viewChanged = true;
  commit.scheduleChanged = true;
  return { ...next, state: 'active', activatedAt: now, expiresAt };
}

/** Ends an interaction (and its tool call) with `resolution`; when it was active, the next one activates. */
export function resolveInteraction(
  commit: Commit,
  interaction: InteractionRecord,
  resolution: ToolPermissionResolution,
  /** Stores the resolution's attestation, logged right after it (docs/attestation.md). */
  attest?: (commit: Commit) => void,
): void {
  const { store, now } = commit;
  store.resolveInteraction(interaction.id, now, resolution);
  commit.emit('tool_permission_resolution', resolution);
  attest?.(commit);
  commit.resolved.add(interaction.toolCallId);
  commit.viewChanged = true;
  if (interaction.state === 'active') {
    commit.scheduleChanged = true;
    activateNext(commit);
  }
}

/** The active interaction's time is up: deny (fail closed) and move the queue on. */
export function expireDue(commit: Commit): boolean {
  const active = commit.store.activeInteraction();
  if (!active || active.expiresAt === null || active.expiresAt > commit.now) return false;
  resolveInteraction(
    commit,
    active,
    expiredResolution({ toolCallId: active.toolCallId, interactionId: active.id }),
  );
  return true;
}
