import { describe, expect, it } from 'vitest';
import { isClaudeHookAnswer } from '../../client/cli/claude-answer.ts';
import {
  ClaudeHookAck,
  ClaudePermissionRequestOutput,
  ClaudePreToolUseOutput,
} from '../../shared/contract/index.ts';

// `gatehouse hook` checks the relay's answer without zod (so it starts without loading it); the
// contract's schemas stay the definition, and this holds the check to them answer by answer. What
// the packed hook loads is test/unit/client-hook-bundle.test.ts's.

const pre = (output: Record<string, unknown>) => ({
  hookSpecificOutput: { hookEventName: 'PreToolUse', ...output },
});
const request = (decision: unknown) => ({
  hookSpecificOutput: { hookEventName: 'PermissionRequest', decision },
});
const update = (extra: Record<string, unknown> = {}) => ({
  type: 'addRules',
  rules: [{ toolName: 'Bash', ruleContent: 'npm test' }],
  behavior: 'allow',
  destination: 'session',
  ...extra,
});

const cases: Array<[string, 'PreToolUse' | 'PermissionRequest', unknown]> = [
  ['allow', 'PreToolUse', pre({ permissionDecision: 'allow', permissionDecisionReason: 'ok' })],
  ['deny', 'PreToolUse', pre({ permissionDecision: 'deny', permissionDecisionReason: 'no' })],
  ['ask', 'PreToolUse', pre({ permissionDecision: 'ask', permissionDecisionReason: 'who?' })],
  [
    'edited',
    'PreToolUse',
    pre({ permissionDecision: 'allow', permissionDecisionReason: 'ok', updatedInput: { command: 'ls' } }),
  ],
  ['no reason', 'PreToolUse', pre({ permissionDecision: 'allow' })],
  ['reason not text', 'PreToolUse', pre({ permissionDecision: 'deny', permissionDecisionReason: 3 })],
  ['unknown decision', 'PreToolUse', pre({ permissionDecision: 'maybe', permissionDecisionReason: 'x' })],
  [
    'edited input not an object',
    'PreToolUse',
    pre({ permissionDecision: 'allow', permissionDecisionReason: 'ok', updatedInput: ['ls'] }),
  ],
  ['another event’s answer', 'PreToolUse', request({ behavior: 'allow' })],
  ['no hookSpecificOutput', 'PreToolUse', { permissionDecision: 'allow' }],
  ['null', 'PreToolUse', null],
  ['a list', 'PreToolUse', [pre({ permissionDecision: 'allow', permissionDecisionReason: 'ok' })]],
  ['allow', 'PermissionRequest', request({ behavior: 'allow' })],
  [
    'allow, edited, with rules',
    'PermissionRequest',
    request({ behavior: 'allow', updatedInput: { a: 1 }, updatedPermissions: [update()] }),
  ],
  ['deny with message', 'PermissionRequest', request({ behavior: 'deny', message: 'no' })],
  ['deny without message', 'PermissionRequest', request({ behavior: 'deny' })],
  ['ask is not an answer here', 'PermissionRequest', request({ behavior: 'ask' })],
  [
    'rules of another kind',
    'PermissionRequest',
    request({ behavior: 'allow', updatedPermissions: [update({ type: 'setMode' })] }),
  ],
  [
    'no rules',
    'PermissionRequest',
    request({ behavior: 'allow', updatedPermissions: [update({ rules: [] })] }),
  ],
  [
    'a rule without a tool',
    'PermissionRequest',
    request({ behavior: 'allow', updatedPermissions: [update({ rules: [{ ruleContent: 'x' }] })] }),
  ],
  ['decision missing', 'PermissionRequest', { hookSpecificOutput: { hookEventName: 'PermissionRequest' } }],
];

const schemas = { PreToolUse: ClaudePreToolUseOutput, PermissionRequest: ClaudePermissionRequestOutput };

describe('isClaudeHookAnswer agrees with the contract', () => {
  it.each(cases)('%s (%s)', (_name, event, answer) => {
    expect(isClaudeHookAnswer(event, answer)).toBe(schemas[event].safeParse(answer).success);
  });

  it('the events that decide nothing: an object, as ClaudeHookAck', () => {
    for (const answer of [{}, { extra: 1 }, null, 'ok'])
      expect(isClaudeHookAnswer('PostToolUse', answer)).toBe(ClaudeHookAck.safeParse(answer).success);
  });
});
