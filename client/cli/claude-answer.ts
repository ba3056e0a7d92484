import type { ClaudePermissionRequestOutput, ClaudePreToolUseOutput } from '../../shared/contract/index.ts';

/**
 * Whether the relay's answer to a Claude Code hook is the hook JSON Claude Code reads, checked
 * without zod so that `gatehouse hook` starts without loading it (it is most of the bundle). The
 * contract's schemas (ClaudePreToolUseOutput, ClaudePermissionRequestOutput, ClaudeHookAck) stay
 * the definition: test/unit/claude-answer.test.ts holds this check to them, answer by answer.
 */
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalObject = (value: unknown) => value === undefined || isObject(value);

function isPreToolUse(
  output: Record<string, unknown>,
): output is ClaudePreToolUseOutput['hookSpecificOutput'] {
  return (
    output.hookEventName === 'PreToolUse' &&
    (output.permissionDecision === 'allow' ||
      output.permissionDecision === 'deny' ||
      output.permissionDecision === 'ask') &&
    typeof output.permissionDecisionReason === 'string' &&
    optionalObject(output.updatedInput)
  );
}

function isPermissionRequest(
  output: Record<string, unknown>,
): output is ClaudePermissionRequestOutput['hookSpecificOutput'] {
  const decision = output.decision;
  if (output.hookEventName !== 'PermissionRequest' || !isObject(decision)) return false;
  if (decision.behavior === 'deny') return typeof decision.message === 'string';
  return (
    decision.behavior === 'allow' &&
    optionalObject(decision.updatedInput) &&
    (decision.updatedPermissions === undefined ||
      (Array.isArray(decision.updatedPermissions) && decision.updatedPermissions.every(isPermissionUpdate)))
  );
}

/** One `addRules` update (ClaudePermissionUpdate): rules with a tool name, a behaviour, where to keep them. */
function isPermissionUpdate(update: unknown): boolean {
  return (
    isObject(update) &&
    update.type === 'addRules' &&
    (update.behavior === 'allow' || update.behavior === 'deny' || update.behavior === 'ask') &&
    typeof update.destination === 'string' &&
    Array.isArray(update.rules) &&
    update.rules.length > 0 &&
    update.rules.every(
      (rule) => isObject(rule) && typeof rule.toolName === 'string' && optionalString(rule.ruleContent),
    )
  );
}

const optionalString = (value: unknown) => value === undefined || typeof value === 'string';

export function isClaudeHookAnswer(event: string, answer: unknown): boolean {
  if (!isObject(answer)) return false;
  if (event === 'PreToolUse' || event === 'PermissionRequest') {
    const output = answer.hookSpecificOutput;
    if (!isObject(output)) return false;
    return event === 'PreToolUse' ? isPreToolUse(output) : isPermissionRequest(output);
  }
  // The events that decide nothing are acknowledged with an object and nothing Claude Code acts on.
  return true;
}
