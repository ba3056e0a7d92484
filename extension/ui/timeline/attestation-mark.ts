import type { SessionEvent } from '../../../shared/contract/index.ts';

/**
 * How an outcome proves itself (docs/attestation.md): `signed` by the relay's key, or `passkey`
 * when the attestation also carries the approver's passkey assertion. Read from the payload of
 * each `tool_call_attested` event, for display only: the agent's side is what verifies it.
 */
export type AttestationMark = 'signed' | 'passkey';

function payloadOf(jws: string): { webauthn?: unknown } | null {
  const part = jws.split('.')[1];
  if (!part) return null;
  try {
    const plain = part.replaceAll('-', '+').replaceAll('_', '/');
    const text = new TextDecoder().decode(
      Uint8Array.from(atob(plain + '='.repeat((4 - (plain.length % 4)) % 4)), (char) => char.charCodeAt(0)),
    );
    const payload = JSON.parse(text) as unknown;
    return typeof payload === 'object' && payload !== null ? (payload as { webauthn?: unknown }) : null;
  } catch {
    return null;
  }
}

/** The mark of each attested call, by tool call id. */
export function attestationMarks(events: readonly SessionEvent[]): Map<string, AttestationMark> {
  const marks = new Map<string, AttestationMark>();
  for (const event of events) {
    if (event.name !== 'tool_call_attested') continue;
    const payload = payloadOf(event.value.attestation);
    if (payload) marks.set(event.value.toolCallId, payload.webauthn ? 'passkey' : 'signed');
  }
  return marks;
}

export const markText: Record<AttestationMark, string> = {
  signed: 'Signed',
  passkey: 'Signed · passkey',
};
