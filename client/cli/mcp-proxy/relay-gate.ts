import { randomUUID } from 'node:crypto';
import { denialText } from '../../../shared/answers/index.ts';
import { type ToolCallState, ToolInput, ToolName } from '../../../shared/contract/index.ts';
import type { GatehouseClient } from '../../sdk/index.ts';
import { describeCall } from '../describe-call.ts';
import type { Gate, HeldCall, Verdict } from './gateway.ts';
import { gatedToolName, generatedSessionId, serverSlug, sessionTitle } from './names.ts';

export interface RelayGateOptions {
  /** Null when no token is configured: every call is refused (there is no other policy to fall back on). */
  client: GatehouseClient | null;
  /** `--name`; without it the wrapped server's own `serverInfo.name`, once it has said it. */
  name?: string;
  /** `--session`; without it one is generated for this process. */
  sessionId?: string;
  /** Seconds a held call waits for a human; then the question is withdrawn and the call refused. */
  timeoutSeconds: number;
  cwd: string;
  warn: (line: string) => void;
  /** How often a held call reports progress, in seconds. */
  progressEverySeconds?: number;
}

const refuse = (reason: string): Verdict => ({ run: false, reason });

/** The relay's final state → what the gateway does. Only `allow` runs; anything else is refused. */
function verdictOf(state: ToolCallState, call: HeldCall, waitedSeconds?: number): Verdict {
  if (state.outcome !== 'allow') return refuse(denialText(state, waitedSeconds));
  // An approver who edited the arguments approved those: the server gets them, not the proposal.
  return { run: true, arguments: state.resolution?.updatedInput ?? call.arguments };
}

/**
 * The relay as the gateway's gate: each call is submitted as `mcp__<name>__<tool>` with the
 * call's arguments as input, exactly, and waited on until a human answers. Every failure —
 * no token, relay down, a refused request, a name or input the relay cannot take, no answer in
 * time — refuses the call. The server's tool annotations (`readOnlyHint`, `destructiveHint`)
 * are never sent: the tool-call API has no field for display only, and what is evaluated must
 * stay the call itself.
 */
export function createRelayGate(options: RelayGateOptions) {
  const { client } = options;
  let displayName = options.name;
  let sessionId = options.sessionId;
  let declared: Promise<void> | undefined;

  const server = () => (displayName === undefined ? '' : serverSlug(displayName));
  const session = () => {
    sessionId ??= generatedSessionId(server());
    return sessionId;
  };

  /** PUT /sessions/{sid} once: titled with the server's name, agent `mcp-proxy`. Retried after a failure. */
  const declare = (): Promise<void> => {
    if (!client || displayName === undefined) return Promise.resolve();
    declared ??= client
      .declareSession(session(), { title: sessionTitle(displayName), agent: 'mcp-proxy' })
      .then(
        () => undefined,
        (error: unknown) => {
          declared = undefined;
          options.warn(
            `gatehouse mcp-proxy: could not declare the session: ${error instanceof Error ? error.message : String(error)}`,
          );
        },
      );
    return declared;
  };

  const gate: Gate = async (call, context) => {
    if (!client)
      return refuse(
        'Gatehouse is not configured (set GATEHOUSE_URL and GATEHOUSE_TOKEN): the call was not run.',
      );
    if (!server())
      return refuse(
        "Gatehouse does not know this MCP server's name (start the gateway with --name): the call was not run.",
      );
    const tool = gatedToolName(server(), call.tool);
    // An empty name would read as the server itself (`mcp__fs__`), which server-wide rules cover.
    if (call.tool === '' || !ToolName.safeParse(tool).success)
      return refuse(
        `Gatehouse cannot decide a tool named ${JSON.stringify(call.tool)}: the call was not run.`,
      );
    const input = ToolInput.safeParse(call.arguments);
    if (!input.success)
      return refuse(
        `Gatehouse cannot decide these arguments (${input.error.issues[0]?.message}): the call was not run.`,
      );

    await declare();
    const sid = session();
    const until = Date.now() + options.timeoutSeconds * 1000;
    // Not abortable: once the relay holds a question, the gateway must learn its id to withdraw it.
    const first = await client.submit(sid, {
      tool_call_id: `mcp-${randomUUID()}`,
      tool,
      input: call.arguments,
      cwd: options.cwd,
      wait: 0,
    });
    if (first.outcome !== 'pending') return verdictOf(first, call);

    const withdraw = () => client.cancel(sid, first.toolCallId).catch(() => first);
    if (context.signal.aborted) return verdictOf(await withdraw(), call);

    const started = Date.now();
    const what = describeCall(tool, call.arguments);
    const tick = () =>
      context.progress?.(`waiting ${Math.floor((Date.now() - started) / 1000)}s for an approver: ${what}`);
    tick();
    const ticker = setInterval(tick, (options.progressEverySeconds ?? 5) * 1000);
    try {
      const state = await client.waitFor(sid, first.toolCallId, {
        until,
        pollSeconds: 25,
        signal: context.signal,
        input: call.arguments,
      });
      if (state.outcome === 'pending') return verdictOf(await withdraw(), call, options.timeoutSeconds);
      return verdictOf(state, call);
    } catch (error) {
      await withdraw();
      throw error;
    } finally {
      clearInterval(ticker);
    }
  };

  return {
    gate,
    /** Called with the wrapped server's `serverInfo`; names the session when `--name` did not. */
    learnServerInfo(info: { name?: unknown }) {
      if (displayName === undefined && typeof info.name === 'string' && serverSlug(info.name)) {
        displayName = info.name;
      }
      void declare();
    },
    /** With `--name` the session can be declared before the server answers anything. */
    start: () => declare(),
    sessionId: () => (displayName === undefined ? undefined : session()),
  };
}
