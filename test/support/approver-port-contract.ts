import { describe, expect, it } from 'vitest';
import type { ApproverPort, InboxState } from '../../extension/ui/port.ts';
import type { TestRelay } from '../e2e/client-relay.ts';

/**
 * The `ApproverPort` contract, one suite for every implementation (house style, as the
 * classifier contract does for reviewers): the popup's port over the background and /app's
 * direct port get the same inputs against the real relay and must give the same observable
 * results — the inbox, answers and their refusals, sessions, the timeline, batch answers,
 * declined suggestions, grants. docs/approver-ui.md: "The components never know which one they
 * have."
 */

export interface PortUnderTest {
  port: ApproverPort;
  close(): void | Promise<void>;
}

export interface PortContractOptions {
  relay: () => TestRelay;
  /** A port paired with `relay` by an approver token of its own (`token`). */
  make: (relay: TestRelay, token: string) => Promise<PortUnderTest>;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The port's states, and a way to wait for one that satisfies `test`. */
function watch(port: ApproverPort) {
  let latest: InboxState | null = null;
  const stop = port.subscribe((state) => {
    latest = state;
  });
  return {
    stop,
    async until(test: (state: InboxState) => boolean, what: string): Promise<InboxState> {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        if (latest && test(latest)) return latest;
        await sleep(50);
      }
      throw new Error(`the port never showed ${what}; last: ${JSON.stringify(latest)}`);
    },
  };
}

export function runApproverPortContract(name: string, { relay, make }: PortContractOptions): void {
  describe(`ApproverPort contract: ${name}`, () => {
    let runs = 0;
    /** A session id unique to this implementation's run. */
    const sid = (label: string) => `${name.replace(/\W+/g, '-')}-${label}-${++runs}`;

    async function world() {
      const r = relay();
      const { token } = await r.admin.issueToken({ role: 'approver', label: `contract ${name}` });
      const under = await make(r, token);
      return { r, ...under };
    }

    async function ask(r: TestRelay, session: string, command: string) {
      await r.agent.declareSession(session, { title: session, agent: 'contract', mode: 'default' });
      const state = await r.agent.submit(session, {
        tool_call_id: `${session}-call`,
        tool: 'Bash',
        input: { command },
        cwd: '/home/dev/app',
        wait: 0,
      });
      expect(state.outcome).toBe('pending');
      return state.interaction!.interactionId;
    }

    it('is live, names the relay, and shows a waiting question', async () => {
      const { r, port, close } = await world();
      const session = sid('inbox');
      const interactionId = await ask(r, session, 'mkdir -p contract/inbox');
      const states = watch(port);
      const state = await states.until(
        (s) => s.connection === 'live' && s.sessions.some((v) => v.sessionId === session),
        'the question',
      );
      expect(state.relayUrl).toBe(r.url);
      expect(state.sessions.find((v) => v.sessionId === session)?.activeInteraction?.interactionId).toBe(
        interactionId,
      );
      states.stop();
      await close();
    });

    it('answers once; a second answer is refused as answered elsewhere, with the resolution', async () => {
      const { r, port, close } = await world();
      const session = sid('answer');
      const interactionId = await ask(r, session, 'mkdir -p contract/answer');
      const answer = { decision: 'approve', scope: 'once' } as const;
      const first = await port.respond({ sessionId: session, interactionId: interactionId, answer: answer });
      expect(first.ok && first.value.resolution).toMatchObject({ behavior: 'allow', scope: 'once' });
      const second = await port.respond({ sessionId: session, interactionId: interactionId, answer: answer });
      expect(second).toMatchObject({ ok: false, refusal: 'answered_elsewhere' });
      expect(!second.ok && second.interaction?.resolution).toMatchObject({ behavior: 'allow' });
      await close();
    });

    it('refuses an answer the relay cannot take as invalid, and changes nothing', async () => {
      const { r, port, close } = await world();
      const session = sid('invalid');
      const interactionId = await ask(r, session, 'mkdir -p contract/invalid');
      const refused = await port.respond({
        sessionId: session,
        interactionId: interactionId,
        answer: {
          decision: 'approve',
          scope: 'once',
          rule: '',
        },
      });
      expect(refused).toMatchObject({ ok: false, refusal: 'invalid' });
      const waiting = (await r.approver.inbox()).find((v) => v.sessionId === session);
      expect(waiting?.activeInteraction?.interactionId).toBe(interactionId);
      await close();
    });

    it('lists the sessions and a session’s timeline', async () => {
      const { r, port, close } = await world();
      const session = sid('timeline');
      const interactionId = await ask(r, session, 'mkdir -p contract/timeline');
      await port.respond({
        sessionId: session,
        interactionId: interactionId,
        answer: { decision: 'reject', comment: 'not now' },
      });
      const sessions = await port.sessions();
      expect(sessions.ok && sessions.value.some((v) => v.sessionId === session)).toBe(true);
      const timeline = await port.timeline(session, 50);
      expect(timeline.ok).toBe(true);
      const names = timeline.ok ? timeline.value.map((event) => event.name) : [];
      expect(names).toEqual(expect.arrayContaining(['tool_approval_request', 'tool_permission_resolution']));
      await close();
    });

    it('answers a batch, each question on its own, each result in the order asked', async () => {
      const { r, port, close } = await world();
      const [a, b] = [sid('batch-a'), sid('batch-b')];
      const ia = await ask(r, a, 'mkdir -p contract/batch');
      const ib = await ask(r, b, 'mkdir -p contract/batch');
      const batch = await port.respondMany(
        [
          { sessionId: a, interactionId: ia },
          { sessionId: b, interactionId: ib },
          { sessionId: a, interactionId: 'int-no-such-question' },
        ],
        { decision: 'approve', scope: 'once' },
      );
      expect(batch.ok).toBe(true);
      const results = batch.ok ? batch.value : [];
      expect(results.map((item) => [item.sessionId, item.interactionId, item.result.ok])).toEqual([
        [a, ia, true],
        [b, ib, true],
        [a, 'int-no-such-question', false],
      ]);
      expect(results[2]?.result).toMatchObject({ ok: false, refusal: 'not_found' });
      await close();
    });

    it('declines a suggestion; an empty rule is refused as invalid', async () => {
      const { port, close } = await world();
      expect(await port.declineSuggestion('Bash(npm run contract:*)')).toEqual({ ok: true, value: null });
      expect(await port.declineSuggestion('')).toMatchObject({ ok: false, refusal: 'invalid' });
      await close();
    });

    it('grants nothing to an ended session, and revoking an unknown grant is not found', async () => {
      const { r, port, close } = await world();
      const session = sid('ended');
      await r.agent.declareSession(session, { title: session, agent: 'contract', mode: 'bypass' });
      const ended = await fetch(`${r.url}/api/v1/hooks/claude/session-end`, {
        method: 'POST',
        headers: { authorization: `Bearer ${r.agentToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ session_id: session, hook_event_name: 'SessionEnd' }),
      });
      expect(ended.status).toBe(200);
      expect(await port.grantRequested(session)).toMatchObject({
        ok: false,
        refusal: 'answered_elsewhere',
        message: expect.stringContaining('has ended'),
      });
      expect(await port.revokeGrant('grant-no-such', session)).toMatchObject({
        ok: false,
        refusal: 'not_found',
      });
      expect(await port.grants(session)).toEqual({ ok: true, value: [] });
      await close();
    });
  });
}
