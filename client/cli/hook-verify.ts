import { randomUUID } from 'node:crypto';
import { relayId } from '../../shared/digest/relay-id.ts';
import type { AttestationVerifier, GatehouseClient } from '../sdk/index.ts';

// The command hook's attestation check (docs/attestation.md "The agent's side"), loaded only when
// a hook verifies, so the plain hook's start-up stays as it was.

type HookInput = Record<string, unknown>;

/**
 * What the hook sends the relay: Claude Code's PermissionRequest carries no `tool_use_id`, so one
 * of the hook's own goes along, and the attestation that comes back must name it (no replay of
 * another call's).
 */
export function withToolUseId(event: string, hookInput: HookInput): HookInput {
  if (event !== 'PermissionRequest' || typeof hookInput.tool_use_id === 'string') return hookInput;
  return { ...hookInput, tool_use_id: `pr-${randomUUID()}` };
}

/** The allow in a hook answer, with the input Claude Code will run; null for anything else. */
function allowOf(event: string, answer: unknown): { updatedInput?: unknown } | null {
  const output = (answer as { hookSpecificOutput?: Record<string, unknown> } | null)?.hookSpecificOutput;
  if (!output) return null;
  if (event === 'PreToolUse')
    return output.permissionDecision === 'allow' ? { updatedInput: output.updatedInput } : null;
  const decision = output.decision as { behavior?: unknown; updatedInput?: unknown } | undefined;
  return decision?.behavior === 'allow' ? { updatedInput: decision.updatedInput } : null;
}

function denial(event: string, message: string): object {
  return event === 'PreToolUse'
    ? {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: message,
        },
      }
    : { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message } } };
}

/**
 * The relay's answer if it is not an allow, or an allow whose attestation checks out for this
 * very call and the input that will run; otherwise an explicit deny saying what failed. An answer
 * held for a human has no header: its stored attestation is read from the call's state.
 */
export async function verifiedHookAnswer(options: {
  client: GatehouseClient;
  verifier: AttestationVerifier;
  event: string;
  sent: HookInput;
  answer: unknown;
  attestation: string | null;
}): Promise<unknown> {
  const { event, sent } = options;
  const allow = allowOf(event, options.answer);
  if (!allow) return options.answer;
  const refuse = (reason: string) =>
    denial(event, `Gatehouse refused the relay's answer: ${reason}. The call was not run.`);
  const sessionId = sent.session_id;
  const toolUseId = sent.tool_use_id;
  if (typeof sessionId !== 'string' || typeof toolUseId !== 'string')
    return refuse('the hook input names no session or tool call to check the attestation against');
  const toolCallId = await relayId('tu-', toolUseId);
  let attestation = options.attestation;
  if (!attestation) {
    attestation =
      (await options.client.getToolCall(sessionId, toolCallId).catch(() => null))?.attestation ?? null;
  }
  const check = await options.verifier.check(attestation, {
    toolCallId,
    sessionId,
    input: allow.updatedInput ?? sent.tool_input,
    outcome: 'allow',
  });
  return check.ok ? options.answer : refuse(check.reason);
}
