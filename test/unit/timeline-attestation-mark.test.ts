import { describe, expect, it } from 'vitest';
import { attestationMarks } from '../../extension/ui/timeline/attestation-mark.ts';
import { timelineItems } from '../../extension/ui/timeline/timeline-items.ts';
import type { SessionEvent } from '../../shared/contract/index.ts';

// The timeline marks how an outcome proves itself (docs/attestation.md): signed by the relay, or
// with the approver's passkey too — read from each `tool_call_attested` event's payload.

const jws = (payload: object) =>
  `eyJhbGciOiJFZERTQSJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2ln`;

const decision = (toolCallId: string) => ({
  toolCallId,
  behavior: 'ask',
  source: 'policy',
  evaluator: 'policy',
  reason: 'asked',
  reasonCode: 'default_ask',
  risk: 'critical',
});

const events = [
  { seq: 1, ts: '2026-12-02T08:00:00.000Z', name: 'tool_permission_decision', value: decision('a') },
  { seq: 2, ts: '2026-12-02T08:00:00.000Z', name: 'tool_permission_decision', value: decision('b') },
  { seq: 3, ts: '2026-12-02T08:00:00.000Z', name: 'tool_permission_decision', value: decision('c') },
  {
    seq: 4,
    ts: '2026-12-02T08:00:01.000Z',
    name: 'tool_call_attested',
    value: { toolCallId: 'a', outcome: 'allow', attestation: jws({ tcid: 'a' }) },
  },
  {
    seq: 5,
    ts: '2026-12-02T08:00:01.000Z',
    name: 'tool_call_attested',
    value: {
      toolCallId: 'b',
      outcome: 'allow',
      attestation: jws({ tcid: 'b', webauthn: { credentialId: 'x' } }),
    },
  },
  {
    seq: 6,
    ts: '2026-12-02T08:00:01.000Z',
    name: 'tool_call_attested',
    value: { toolCallId: 'c', outcome: 'allow', attestation: 'not.base64!.jws' },
  },
] as unknown as SessionEvent[];

describe('attestation marks in the timeline', () => {
  it('marks a signed outcome, a passkey-approved one, and nothing for what it cannot read', () => {
    expect(Object.fromEntries(attestationMarks(events))).toEqual({ a: 'signed', b: 'passkey' });
    const items = timelineItems(events);
    expect(items.map((item) => [item.toolCallId, item.mark])).toEqual([
      ['c', undefined],
      ['b', 'passkey'],
      ['a', 'signed'],
    ]);
  });
});
