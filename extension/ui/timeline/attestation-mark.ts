import type { SessionEvent } from '../../../shared/contract/index.ts';

/**
 * How an outcome proves itself (docs/attestation.md): `signed` by the relay's key, or `passkey`
 * when the attestation also carries the approver's passkey assertion. Read from the payload of
 * each `tool_call_attested` event, for display only: the agent's side is what verifies it. A
 * payload is JSON, where `"webauthn":` unescaped can only be a member's name.
 */
export type AttestationMark = 'signed' | 'passkey';

function markOf(jws: string): AttestationMark | null {
  try {
    const part = (jws.split('.')[1] ?? '').replaceAll('-', '+').replaceAll('_', '/');
    return atob(part).includes('"webauthn":') ? 'passkey' : 'signed';
  } catch {
    return null;
  }
}

/** The mark of each attested call, by tool call id. */
export function attestationMarks(events: readonly SessionEvent[]): Map<string, AttestationMark> {
  const marks = new Map<string, AttestationMark>();
  for (const event of events) {
    const mark = event.name === 'tool_call_attested' && markOf(event.value.attestation);
    if (mark) marks.set(event.value.toolCallId, mark);
  }
  return marks;
}
