import { type PushRelay, startPushRelay } from '../support/push-relay.ts';
import { browserKeys, startPushService } from '../support/push-service.ts';

/**
 * Web Push latency on workerd (the relay under wrangler, as the e2e tests start it): from the
 * agent's ask leaving the client to the push POST arriving at a push service on 127.0.0.1. The
 * ask is committed before the relay answers the agent, and the push is sent after that commit,
 * so "ask sent → push received" bounds "ask committed → push received" from above.
 */
export interface PushFigures {
  runs: number;
  p50Ms: number;
  p99Ms: number;
  /** The agent's own round trip for the same asks, for comparison. */
  askP50Ms: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export async function benchPush(runs = 60): Promise<PushFigures> {
  const [relay, service]: [PushRelay, Awaited<ReturnType<typeof startPushService>>] = await Promise.all([
    startPushRelay({ quiet: true }),
    startPushService(),
  ]);
  try {
    const device = browserKeys();
    const approver = await relay.approver('bench');
    const res = await relay.call('POST', '/push/subscriptions', approver.token, {
      endpoint: service.endpoint('bench'),
      keys: device.keys,
    });
    if (res.status !== 201) throw new Error(`subscribe: ${res.status}`);
    const push: number[] = [];
    const ask: number[] = [];
    for (let run = 0; run < runs + 5; run++) {
      const sessionId = `bench-${run}`;
      const arrived = service.next('bench');
      const sent = performance.now();
      const submitted = await relay.agent.submit(sessionId, {
        tool_call_id: 'b',
        tool: 'Bash',
        input: { command: `git push origin bench-${run}` },
        wait: 0,
      });
      const answered = performance.now();
      const received = await arrived;
      // The first few warm the isolate and the object; they are not counted.
      if (run >= 5) {
        push.push(received.receivedAt - sent);
        ask.push(answered - sent);
      }
      await relay.agent.cancel(sessionId, submitted.toolCallId);
      await service.next('bench');
    }
    push.sort((a, b) => a - b);
    ask.sort((a, b) => a - b);
    return { runs, p50Ms: percentile(push, 50), p99Ms: percentile(push, 99), askP50Ms: percentile(ask, 50) };
  } finally {
    await service.close();
    await relay.stop();
  }
}
