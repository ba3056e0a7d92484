import { type GatehouseClient, GatehouseError } from '../sdk/index.ts';
import { describeCall } from './describe-call.ts';
import { relayErrorText } from './relay-error.ts';

/**
 * `gatehouse status`: is the relay there, what can this token do, who is waiting. The role is
 * found by what the token may read: the token list (admin), the inbox (approver), else agent.
 */
export async function runStatus(client: GatehouseClient, print: (line: string) => void): Promise<number> {
  try {
    await client.health();
  } catch (error) {
    // Said once: the column names the relay, the client's error says why ("ECONNREFUSED …").
    const reason =
      error instanceof GatehouseError && error.code === 'unreachable'
        ? String((error.details as { reason?: unknown } | undefined)?.reason ?? error.message)
        : relayErrorText(error);
    print(`relay   ${client.root.origin} unreachable: ${reason}`);
    return 1;
  }
  print(`relay   ${client.root.origin} reachable`);
  let sessions: Awaited<ReturnType<GatehouseClient['inbox']>>;
  try {
    sessions = await client.inbox();
  } catch (error) {
    if (error instanceof GatehouseError && error.status === 403) {
      print('token   agent (may submit tool calls; cannot see the inbox or answer)');
      return 0;
    }
    print(`token   refused: ${relayErrorText(error)}`);
    return 1;
  }
  const admin = await client.tokens().then(
    () => true,
    () => false,
  );
  print(`token   ${admin ? 'admin' : 'approver'}`);
  print(`waiting ${sessions.length === 0 ? 'nothing' : `${sessions.length} session(s)`}`);
  for (const session of sessions) {
    const active = session.activeInteraction;
    const what = active ? describeCall(active.tool, (active.input ?? {}) as Record<string, unknown>) : '';
    const queued = session.queueLength > 0 ? ` (+${session.queueLength} queued)` : '';
    print(
      `  ${session.sessionId}${session.title ? ` "${session.title}"` : ''}: ${what} · risk ${active?.decision.risk ?? '?'}${queued}`,
    );
  }
  return 0;
}
