import { approvalText, denialText, refusedText, unansweredText } from '../../shared/answers/index.ts';
import type {
  ClaudePermissionRequestOutput,
  ClaudePermissionUpdate,
  ClaudePreToolUseOutput,
  ToolCallState,
  ToolInput,
} from '../../shared/contract/index.ts';
import type { HookOutcome } from './evaluate.ts';
import { exactRule } from './rules.ts';

const withNotes = (text: string, notes: readonly string[]) => [text, ...notes].join(' ');

/** Why a decided call went the way it did, in a sentence Claude (or the user) reads (shared/answers). */
function verdictText(state: ToolCallState): string {
  if (state.outcome !== 'allow') return denialText(state);
  return approvalText(state) ?? `Gatehouse allowed this: ${state.decision.reason}`;
}

/**
 * An approval "for this session" or "always" handed back to Claude Code, so it stops asking
 * too: session → its in-memory session rules, always → `.claude/settings.local.json` (the
 * user's own, uncommitted settings, like the relay's workspace grant). Only when a rule can
 * say exactly the approved call (see `exactRule`).
 */
function updatedPermissions(state: ToolCallState, tool: string, input: ToolInput): ClaudePermissionUpdate[] {
  const resolution = state.resolution;
  if (resolution?.source !== 'user' || resolution.behavior !== 'allow') return [];
  if (resolution.scope === 'once') return [];
  // A rule or a time box lives in the relay only: in Claude Code it could neither expire nor be
  // revoked. An edited input was approved once, for what the approver wrote.
  if (resolution.rule || resolution.rules || resolution.expiresAt || resolution.updatedInput) return [];
  const rule = exactRule(tool, input);
  if (!rule) return [];
  const destination = resolution.scope === 'session' ? 'session' : 'localSettings';
  return [{ type: 'addRules', rules: [rule], behavior: 'allow', destination }];
}

/** The PermissionRequest answer: allow (with rules to keep) or deny with a message; never silence. */
export function permissionRequestAnswer(
  outcome: HookOutcome,
  call: { tool: string; input: ToolInput; waitSeconds: number },
): ClaudePermissionRequestOutput {
  const answer = (decision: ClaudePermissionRequestOutput['hookSpecificOutput']['decision']) => ({
    hookSpecificOutput: { hookEventName: 'PermissionRequest' as const, decision },
  });
  if (outcome.kind === 'refused') {
    return answer({ behavior: 'deny', message: withNotes(refusedText(outcome.message), outcome.notes) });
  }
  if (outcome.kind === 'unanswered') {
    return answer({ behavior: 'deny', message: withNotes(unansweredText(call.waitSeconds), outcome.notes) });
  }
  const { state } = outcome;
  if (state.outcome !== 'allow') {
    return answer({ behavior: 'deny', message: withNotes(verdictText(state), outcome.notes) });
  }
  const updates = updatedPermissions(state, call.tool, call.input);
  const edited = state.resolution?.updatedInput;
  return answer({
    behavior: 'allow',
    ...(edited === undefined ? {} : { updatedInput: edited }),
    ...(updates.length > 0 ? { updatedPermissions: updates } : {}),
  });
}

/** The PreToolUse answer: allow / deny, or `ask` when no human answered in time (Claude Code's prompt decides). */
export function preToolUseAnswer(
  outcome: HookOutcome,
  call: { waitSeconds: number },
): ClaudePreToolUseOutput {
  const answer = (
    permissionDecision: 'allow' | 'deny' | 'ask',
    reason: string,
    notes: readonly string[],
  ) => ({
    hookSpecificOutput: {
      hookEventName: 'PreToolUse' as const,
      permissionDecision,
      permissionDecisionReason: withNotes(reason, notes),
    },
  });
  if (outcome.kind === 'refused') return answer('deny', refusedText(outcome.message), outcome.notes);
  const { state } = outcome;
  if (outcome.kind === 'unanswered') {
    const waited =
      call.waitSeconds > 0
        ? `no approver answered within ${call.waitSeconds} s`
        : 'the hook was told not to wait for an approver';
    return answer('ask', `Gatehouse asks a human (${state.decision.reason}); ${waited}.`, outcome.notes);
  }
  const verdict = answer(state.outcome === 'allow' ? 'allow' : 'deny', verdictText(state), outcome.notes);
  const edited = state.outcome === 'allow' ? state.resolution?.updatedInput : undefined;
  // Claude Code runs the input the approver edited (with `permissionDecision: "allow"`).
  return edited === undefined
    ? verdict
    : { hookSpecificOutput: { ...verdict.hookSpecificOutput, updatedInput: edited } };
}
