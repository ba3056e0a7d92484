import { describe, expect, it } from 'vitest';
import {
  denialText,
  refusedText,
  unansweredText,
  unavailableText,
  userDenied,
} from '../../shared/answers/index.ts';
import type { ToolCallState } from '../../shared/contract/index.ts';

// The texts a model reads when Gatehouse does not let a call run (docs/agents.md, "Answers"),
// pinned word for word: every agent path prints these, and test/unit/agent-answers.test.ts checks
// that each one does.

const decision = (extra: Partial<ToolCallState['decision']> = {}): ToolCallState['decision'] => ({
  toolCallId: 'tc-1',
  behavior: 'deny',
  source: 'rule',
  reason: 'Denied by the rule Bash(git push:*).',
  reasonCode: 'normalized_rule_deny',
  risk: 'medium',
  matchedRule: 'Bash(git push:*)',
  ...extra,
});

const state = (extra: Partial<ToolCallState> = {}): ToolCallState => ({
  toolCallId: 'tc-1',
  tool: 'Bash',
  outcome: 'deny',
  decision: decision(),
  ...extra,
});

const resolution = (
  source: 'user' | 'timeout' | 'cancel',
  extra: Record<string, unknown> = {},
): ToolCallState['resolution'] => ({
  toolCallId: 'tc-1',
  behavior: 'deny',
  source,
  actionId: source === 'user' ? 'deny' : source === 'timeout' ? 'expired' : 'canceled',
  scope: 'once',
  ...extra,
});

describe('denialText', () => {
  it.each<[string, ToolCallState, number | undefined, string]>([
    [
      "a human's deny, with the comment",
      state({
        resolution: resolution('user', { comment: 'use pnpm here' }),
        decision: decision({ behavior: 'ask' }),
      }),
      undefined,
      "The user denied this call. Do not retry it; ask the user how to proceed. The user's comment: use pnpm here",
    ],
    [
      "a human's deny without a comment",
      state({ resolution: resolution('user', { comment: '  ' }) }),
      undefined,
      'The user denied this call. Do not retry it; ask the user how to proceed.',
    ],
    [
      "a rule's deny names the rule and says it will be denied again",
      state(),
      undefined,
      'Gatehouse denied this call: Denied by the rule Bash(git push:*). The same call will be denied again, so do not retry it; do it another way or ask the user.',
    ],
    [
      'a rule the reason does not name is named after it',
      state({ decision: decision({ reason: 'Pushing is off limits', matchedRule: 'Bash(git push:*)' }) }),
      undefined,
      'Gatehouse denied this call: Pushing is off limits. Rule: Bash(git push:*). The same call will be denied again, so do not retry it; do it another way or ask the user.',
    ],
    [
      "the engine's deny names its reason code",
      state({
        decision: decision({
          source: 'policy',
          reason: 'Denied: the call could not be evaluated.',
          reasonCode: 'evaluation_error',
          matchedRule: undefined,
        }),
      }),
      undefined,
      'Gatehouse denied this call (evaluation_error): Denied: the call could not be evaluated. The same call will be denied again, so do not retry it; do it another way or ask the user.',
    ],
    [
      'a question withdrawn at the end of the waiting side’s wait',
      state({ resolution: resolution('cancel') }),
      300,
      'No one answered within 300 s, so this call did not run; the user did not deny it. Retrying later may help when someone can answer; if it is urgent, ask the user.',
    ],
    [
      'a question still pending when the wait ran out',
      state({ outcome: 'pending' }),
      45,
      'No one answered within 45 s, so this call did not run; the user did not deny it. Retrying later may help when someone can answer; if it is urgent, ask the user.',
    ],
    [
      'a question the relay expired',
      state({ resolution: resolution('timeout') }),
      undefined,
      'No one answered before the question expired, so this call did not run; the user did not deny it. Retrying later may help when someone can answer; if it is urgent, ask the user.',
    ],
    [
      'a question withdrawn by someone else (the session ended)',
      state({ resolution: resolution('cancel') }),
      undefined,
      'The question about this call was withdrawn before anyone answered, so it did not run; the user did not deny it. Retrying puts it back to the approver.',
    ],
  ])('%s', (_name, given, waited, text) => {
    expect(denialText(given, waited)).toBe(text);
  });

  it('an unanswered question never says the user denied', () => {
    for (const given of [
      state({ resolution: resolution('timeout') }),
      state({ resolution: resolution('cancel') }),
      state({ outcome: 'pending' }),
    ]) {
      for (const waited of [undefined, 0, 300]) {
        const text = denialText(given, waited);
        expect(text).not.toContain(userDenied);
        expect(text).toMatch(/did not deny/);
      }
    }
  });

  it("the relay's refusal and the shim's own failure: a deny with the reason, and whether to retry", () => {
    expect(refusedText('the token is not valid.')).toBe(
      'Gatehouse could not evaluate this call (the token is not valid), so it is denied. Retrying the same call will fail the same way; tell the user.',
    );
    expect(unavailableText('connect ECONNREFUSED 127.0.0.1:9')).toBe(
      'Gatehouse could not be asked about this call (connect ECONNREFUSED 127.0.0.1:9), so it is denied. Retrying later may help once Gatehouse is reachable; tell the user if it persists.',
    );
    expect(unansweredText(undefined)).toMatch(/^No one answered before the question expired/);
  });
});
