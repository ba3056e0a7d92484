import { describe, expect, it } from 'vitest';
import type { PasskeyCalls } from '../../extension/ui/passkeys/passkey-calls.ts';
import { withPasskeyStepUp } from '../../extension/ui/passkeys/step-up-port.ts';
import type { Answer, ApproverPort, InboxState, PortResult } from '../../extension/ui/port.ts';

// /app's approvals with the passkey (docs/attestation.md "In the approver UI"): an answer the relay
// refuses for want of a passkey is sent again with the assertion over its own step-up options;
// anything else passes through untouched, and a cancelled ceremony is a refusal that says so.

const needsPasskey: PortResult<never> = {
  ok: false,
  refusal: 'forbidden',
  message: "approving this critical-risk call needs the approver's passkey (step-up at critical): …",
};

function fakePort(answers: PortResult<unknown>[]) {
  const sent: Answer[] = [];
  const port = {
    subscribe(listener: (state: InboxState) => void) {
      listener({ connection: 'live', relayUrl: 'http://relay', sessions: [] });
      return () => {};
    },
    async respond({ answer }: { answer: Answer }) {
      sent.push(answer);
      return answers.shift() ?? { ok: true, value: {} };
    },
  } as unknown as ApproverPort;
  return { port, sent };
}

function fakeCalls(passkeys = 1) {
  const asked: Answer[] = [];
  const calls = {
    list: async () => ({
      passkeys: Array.from({ length: passkeys }, (_, i) => ({ id: `p${i}`, name: 'x' })),
      stepUp: { minRisk: 'high' },
    }),
    stepUpOptions: async (_sid: string, _iid: string, answer: Answer) => {
      asked.push(answer);
      return { challenge: 'c' };
    },
  } as unknown as PasskeyCalls;
  return { calls, asked };
}

describe('withPasskeyStepUp', () => {
  it('sends the answer again with the assertion over the step-up options of that very answer', async () => {
    const { port, sent } = fakePort([needsPasskey]);
    const { calls, asked } = fakeCalls();
    const wrapped = withPasskeyStepUp(port, calls, async (options) => ({ id: 'cred', signed: options }));
    const answer: Answer = { decision: 'approve', scope: 'session' };
    expect((await wrapped.respond({ sessionId: 's', interactionId: 'i', answer: answer })).ok).toBe(true);
    expect(asked).toEqual([answer]);
    expect(sent).toEqual([answer, { ...answer, webauthn: { id: 'cred', signed: { challenge: 'c' } } }]);
    expect(wrapped.passkeys?.()).toMatchObject({ level: 'high', setting: 'high', count: 1 });
  });

  it('passes other refusals and successes through, without a ceremony', async () => {
    const conflict: PortResult<never> = {
      ok: false,
      refusal: 'answered_elsewhere',
      message: 'already resolved',
    };
    const forbidden: PortResult<never> = {
      ok: false,
      refusal: 'forbidden',
      message: 'only an approver can answer',
    };
    const { port, sent } = fakePort([conflict, forbidden]);
    const { calls, asked } = fakeCalls();
    const wrapped = withPasskeyStepUp(port, calls, async () => {
      throw new Error('no ceremony expected');
    });
    expect(
      await wrapped.respond({ sessionId: 's', interactionId: 'i', answer: { decision: 'approve' } }),
    ).toEqual(conflict);
    expect(
      await wrapped.respond({ sessionId: 's', interactionId: 'i', answer: { decision: 'approve' } }),
    ).toEqual(forbidden);
    expect(asked).toEqual([]);
    expect(sent).toHaveLength(2);
  });

  it('a cancelled ceremony is a refusal that says the approval needs the passkey; nothing more is sent', async () => {
    const { port, sent } = fakePort([needsPasskey]);
    const { calls } = fakeCalls();
    const wrapped = withPasskeyStepUp(port, calls, async () => {
      throw new Error('The operation either timed out or was not allowed.');
    });
    const result = await wrapped.respond({
      sessionId: 's',
      interactionId: 'i',
      answer: { decision: 'approve' },
    });
    expect(result).toMatchObject({
      ok: false,
      refusal: 'forbidden',
      message: expect.stringMatching(/needs your passkey/),
    });
    expect(sent).toHaveLength(1);
  });

  it('knows step-up is off while the workspace has no passkey', async () => {
    const { port } = fakePort([]);
    const wrapped = withPasskeyStepUp(port, fakeCalls(0).calls, async () => null);
    await new Promise((done) => setTimeout(done, 0));
    expect(wrapped.passkeys?.()).toMatchObject({ level: 'off', setting: 'high', count: 0 });
  });

  it('does not ask for a passkey on a page that cannot hold the ceremony: it names /app instead', async () => {
    const { port, sent } = fakePort([needsPasskey]);
    const { calls, asked } = fakeCalls();
    const place = (relayUrl: string | null) => ({
      elsewhere: { why: `the relay is ${relayUrl}`, app: 'http://localhost:1/app' },
    });
    const wrapped = withPasskeyStepUp(
      port,
      calls,
      async () => {
        throw new Error('no ceremony expected');
      },
      place,
    );
    const result = await wrapped.respond({
      sessionId: 's',
      interactionId: 'i',
      answer: { decision: 'approve' },
    });
    expect(result).toMatchObject({ ok: false, refusal: 'forbidden' });
    expect(result.ok || result.message).toMatch(
      /needs your passkey, and the relay is http:\/\/relay: approve it in \/app \(http:\/\/localhost:1\/app\)/,
    );
    expect(asked).toEqual([]);
    expect(sent).toHaveLength(1);
    expect(wrapped.passkeys?.().elsewhere?.app).toBe('http://localhost:1/app');
  });

  it('takes the standing the background pushes with the inbox over its own listing', async () => {
    const pushed = { level: 'critical', setting: 'critical', count: 2 } as const;
    const port = {
      subscribe(listener: (state: InboxState) => void) {
        listener({ connection: 'live', relayUrl: 'http://relay', sessions: [], passkeys: pushed });
        return () => {};
      },
    } as unknown as ApproverPort;
    const wrapped = withPasskeyStepUp(port, fakeCalls(0).calls, async () => null);
    await new Promise((done) => setTimeout(done, 0));
    expect(wrapped.passkeys?.()).toMatchObject(pushed);
  });

  it('lists again when the standing changes, and tells its subscribers', async () => {
    const { port } = fakePort([]);
    const wrapped = withPasskeyStepUp(port, fakeCalls(1).calls, async () => null);
    const seen: InboxState[] = [];
    wrapped.subscribe((state) => seen.push(state));
    await new Promise((done) => setTimeout(done, 0));
    // Once from the port itself, once more when the listing arrived.
    expect(seen.length).toBeGreaterThanOrEqual(2);
  });
});
