import type { ToolCallState } from '../contract/index.ts';

/**
 * What an agent's model reads when a call may not run, in one place for every agent path (Claude
 * Code's hooks and MCP prompt tool, Codex, Copilot CLI, OpenCode, Cursor, Amp, the MCP gateway,
 * the SDK). Users of remote approval report that a bare "denied" makes the model retry the same
 * call, and that a timeout read as "the user denied" misleads it; so each text says who stopped
 * the call, whether the same call will be stopped again, and what to do instead.
 */

/** A human's deny, first words of the text: it says so, and what to do. */
export const userDenied = 'The user denied this call. Do not retry it; ask the user how to proceed.';

/** A human's deny, with the approver's comment when there is one. */
export function userDenialText(comment: string | undefined): string {
  const said = comment?.trim();
  return said ? `${userDenied} The user's comment: ${said}` : userDenied;
}

/** A rule's or the engine's deny: what decided, and that the same call meets the same answer. */
export function policyDenialText(decision: ToolCallState['decision']): string {
  const reason = sentence(decision.reason);
  const rule = decision.matchedRule;
  const by = rule
    ? `Gatehouse denied this call: ${reason}${reason.includes(rule) ? '' : ` Rule: ${rule}.`}`
    : `Gatehouse denied this call (${decision.reasonCode}): ${reason}`;
  return `${by} The same call will be denied again, so do not retry it; do it another way or ask the user.`;
}

/**
 * A question nobody answered: within `seconds` when the waiting side knows how long it waited.
 * Never "the user denied": nobody did, and asking again later may find someone.
 */
export function unansweredText(seconds: number | undefined): string {
  const within = seconds === undefined ? 'before the question expired' : `within ${seconds} s`;
  return (
    `No one answered ${within}, so this call did not run; the user did not deny it. ` +
    'Retrying later may help when someone can answer; if it is urgent, ask the user.'
  );
}

/** A question withdrawn before anyone answered (the session ended, the waiting side went away). */
export const withdrawnText =
  'The question about this call was withdrawn before anyone answered, so it did not run; the user did not deny it. ' +
  'Retrying puts it back to the approver.';

/** The relay refused the request or could not evaluate the call: the same call fails the same way. */
export function refusedText(reason: string): string {
  return (
    `Gatehouse could not evaluate this call (${trimStop(reason)}), so it is denied. ` +
    'Retrying the same call will fail the same way; tell the user.'
  );
}

/** The shim's own failure (relay unreachable, bad answer, crash): denied, not run unseen. */
export function unavailableText(reason: string): string {
  return (
    `Gatehouse could not be asked about this call (${trimStop(reason)}), so it is denied. ` +
    'Retrying later may help once Gatehouse is reachable; tell the user if it persists.'
  );
}

const scopeWords = { once: 'once', session: 'for this session', global: 'always' } as const;

/** What an approval says, where the agent shows one (Codex's PermissionRequest, the MCP tool). */
export function approvalText(state: ToolCallState): string | undefined {
  const resolution = state.resolution;
  if (resolution?.source !== 'user' || resolution.behavior !== 'allow') return undefined;
  const edited = resolution.updatedInput ? ', with the input they edited' : '';
  return `The user approved this call (${scopeWords[resolution.scope]}${edited}).`;
}

/**
 * Why the relay's final (or still pending) state does not let the call run. `waitedSeconds`:
 * how long the waiting side held the question before withdrawing it, when it did.
 */
export function denialText(state: ToolCallState, waitedSeconds?: number): string {
  const { resolution } = state;
  if (state.outcome === 'pending') return unansweredText(waitedSeconds);
  if (resolution?.source === 'user') return userDenialText(resolution.comment);
  if (resolution?.source === 'timeout') return unansweredText(undefined);
  // A withdrawal the waiting side made itself, at the end of its wait, is an unanswered question.
  if (resolution?.source === 'cancel')
    return waitedSeconds === undefined ? withdrawnText : unansweredText(waitedSeconds);
  return policyDenialText(state.decision);
}

/** A reason as a sentence: ends with a stop. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

const trimStop = (text: string) => text.trim().replace(/\.$/, '');
