import type {
  Interaction,
  InteractionRef,
  Outcome,
  PromptRef,
  SessionGrant,
  SessionView,
  ToolCallState,
} from '../../shared/contract/index.ts';
import { approvalActions } from './actions.ts';
import { offerFields } from './offer.ts';
import type { GrantRecord, InteractionRecord, SessionMeta, ToolCallRecord } from './records.ts';
import type { SessionStore } from './storage.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function queuePosition(store: SessionStore, interaction: InteractionRecord): number {
  return interaction.state === 'queued' ? store.queuePosition(interaction.seq) : 0;
}

export function interactionRef(store: SessionStore, interaction: InteractionRecord): InteractionRef {
  return {
    interactionId: interaction.id,
    state: interaction.state,
    queuePosition: queuePosition(store, interaction),
    expiresAt: iso(interaction.expiresAt),
  };
}

/** What the agent must obey: the decision, or for an ask the human's (or the clock's) answer. */
export function outcomeOf(call: ToolCallRecord): Outcome {
  if (call.decision.behavior === 'allow') return 'allow';
  if (call.decision.behavior === 'deny') return 'deny';
  return call.resolution?.behavior ?? 'pending';
}

export function toolCallState(store: SessionStore, call: ToolCallRecord): ToolCallState {
  const interaction = call.interactionId === null ? null : store.interaction(call.interactionId);
  return {
    toolCallId: call.id,
    tool: call.tool,
    outcome: outcomeOf(call),
    decision: call.decision,
    ...(interaction ? { interaction: interactionRef(store, interaction) } : {}),
    ...(call.resolution ? { resolution: call.resolution } : {}),
    ...(call.attestation ? { attestation: call.attestation } : {}),
  };
}

export function interactionView(
  store: SessionStore,
  meta: SessionMeta,
  interaction: InteractionRecord,
  call: ToolCallRecord | null = store.toolCall(interaction.toolCallId),
): Interaction {
  if (!call) throw new Error(`interaction ${interaction.id} has no tool call`);
  return {
    interactionId: interaction.id,
    sessionId: meta.sessionId,
    toolCallId: call.id,
    tool: call.tool,
    input: call.input,
    decision: call.decision,
    actions: [...approvalActions],
    state: interaction.state,
    queuePosition: queuePosition(store, interaction),
    createdAt: new Date(interaction.createdAt).toISOString(),
    expiresAt: iso(interaction.expiresAt),
    ...(interaction.resolution ? { resolution: interaction.resolution } : {}),
    ...(meta.authority.requested && interaction.state !== 'resolved'
      ? { requested: meta.authority.requested }
      : {}),
    ...offerFields(call.offer),
    ...promptOf(store, call),
  };
}

/** The user's request a call belongs to, as a field to spread: `{prompt}` or nothing. */
export function promptOf(store: SessionStore, call: ToolCallRecord): { prompt?: PromptRef } {
  const prompt = call.promptId ? store.prompt(call.promptId) : null;
  return prompt ? { prompt } : {};
}

export function sessionView(store: SessionStore, meta: SessionMeta): SessionView {
  const active = store.activeInteraction();
  return {
    sessionId: meta.sessionId,
    owner: store.owner(),
    title: meta.title,
    agent: meta.agent,
    mode: meta.mode,
    engineMode: meta.engineMode,
    modes: meta.modes.map((mode) => ({
      id: mode.id,
      label: mode.label,
      ...(mode.description === undefined ? {} : { description: mode.description }),
      mode: mode.mode,
    })),
    activeInteraction: active ? interactionView(store, meta, active) : null,
    requested: meta.authority.requested,
    modeSetBy: meta.authority.modeSetBy,
    ...(meta.authority.modeActor ? { modeActor: meta.authority.modeActor } : {}),
    looseningGranted: meta.authority.looseningGranted,
    queueLength: store.queueLength(),
    createdAt: new Date(meta.createdAt).toISOString(),
    updatedAt: new Date(meta.updatedAt).toISOString(),
    endedAt: iso(store.endedAt()),
  };
}

export function sessionGrantView(grant: GrantRecord): SessionGrant {
  return {
    id: grant.id,
    kind: grant.kind,
    key: grant.kind === 'call' ? grant.key : null,
    rule: grant.rule,
    scope: 'session',
    tool: grant.tool,
    input: grant.input,
    interactionId: grant.interactionId,
    expiresAt: iso(grant.expiresAt),
    actor: grant.actor,
    createdAt: new Date(grant.createdAt).toISOString(),
  };
}
