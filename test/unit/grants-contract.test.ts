import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  GrantRecord,
  InteractionRespondRequest,
  ToolCallState,
  ToolPermissionResolution,
} from '../../shared/contract/index.ts';

const resolution = {
  toolCallId: 't',
  behavior: 'allow',
  source: 'user',
  actionId: 'allow_session',
  scope: 'session',
};

describe('the answer and the resolution carry rules, time boxes and edited input', () => {
  it('accepts an answer saving a rule for a time box with an edited input', () => {
    const answer = {
      decision: 'approve',
      scope: 'session',
      rule: 'Bash(npm install:*)',
      expires_at: '2025-06-01T15:00:00.000Z',
      updated_input: { command: 'npm install lodash@4' },
    };
    expect(InteractionRespondRequest.parse({ interaction_id: 'i', answer }).answer).toEqual(answer);
    const rules = { decision: 'approve', scope: 'global', rules: ['Bash(npm install:*)', 'Bash(npm test)'] };
    expect(InteractionRespondRequest.safeParse({ interaction_id: 'i', answer: rules }).success).toBe(true);
  });

  it.each([
    ['a time box that is not an ISO time', { decision: 'approve', expires_at: 'tomorrow' }],
    ['an edited input that is not an object', { decision: 'approve', updated_input: 'rm -rf ~' }],
    ['an empty list of rules', { decision: 'approve', rules: [] }],
    [
      'too many rules',
      { decision: 'approve', rules: Array.from({ length: 9 }, (_, at) => `Bash(npm test ${at})`) },
    ],
    ['a rule longer than a rule may be', { decision: 'approve', rule: `Bash(${'x'.repeat(1000)})` }],
  ])('refuses %s', (_name, answer) => {
    expect(InteractionRespondRequest.safeParse({ interaction_id: 'i', answer }).success).toBe(false);
  });

  it('keeps the edited input in the resolution as JSON, and nothing that is not', () => {
    const updatedInput = { command: 'ls', timeout: 5, nested: { list: [1, 'a', null, true] } };
    expect(ToolPermissionResolution.parse({ ...resolution, updatedInput }).updatedInput).toEqual(
      updatedInput,
    );
    expect(ToolPermissionResolution.safeParse({ ...resolution, updatedInput: { f: () => 1 } }).success).toBe(
      false,
    );
    expect(
      ToolPermissionResolution.safeParse({ ...resolution, updatedInput: { n: Number.NaN } }).success,
    ).toBe(false);
    expect(ToolPermissionResolution.safeParse({ ...resolution, updatedInput: ['ls'] }).success).toBe(false);
  });

  it('still has a JSON Schema for the API document', () => {
    for (const schema of [ToolCallState, InteractionRespondRequest]) {
      for (const io of ['input', 'output'] as const) {
        expect(() =>
          z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }),
        ).not.toThrow();
      }
    }
  });

  it('reads grant records as both stores keep them', () => {
    expect(
      GrantRecord.safeParse({ id: 'g', kind: 'rule', rule: 'Edit(src/**)', scope: 'global', expiresAt: 1 })
        .success,
    ).toBe(true);
    expect(
      GrantRecord.safeParse({
        id: 'g',
        kind: 'call',
        key: 'Bash:x',
        rule: null,
        scope: 'session',
        expiresAt: null,
        actor: null,
      }).success,
    ).toBe(true);
    expect(GrantRecord.safeParse({ id: 'g', kind: 'call', key: 'K', scope: 'everywhere' }).success).toBe(
      false,
    );
  });
});
