import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { denialText, unavailableText } from '../../shared/answers/index.ts';
import type { ToolCallState } from '../../shared/contract/index.ts';
import type { GatehouseClient } from '../sdk/index.ts';
import { decide } from './decide.ts';
import { describeCall } from './describe-call.ts';

export interface McpOptions {
  client: GatehouseClient | null;
  sessionId: string;
  /** Seconds to wait for a human before answering deny. */
  timeoutSeconds: number;
  version: string;
}

/** What `--permission-prompt-tool` expects back, as the text of the tool result. */
type PromptAnswer =
  | { behavior: 'allow'; updatedInput: Record<string, unknown> }
  | { behavior: 'deny'; message: string };

const ApproveArguments = {
  tool_name: z.string().describe('The tool Claude Code wants to run, e.g. Bash, Edit, mcp__server__tool'),
  input: z.record(z.string(), z.unknown()).describe("The tool's arguments"),
  tool_use_id: z
    .string()
    .optional()
    .describe("Claude Code's id for this tool use (the relay's idempotency key)"),
};

const progressEverySeconds = 5;

/**
 * The `approve` permission-prompt tool on a stdio MCP server. Every failure — relay down, bad
 * token, an answer that does not parse, no answer in time — is a deny: a permission prompt tool
 * has no "ask" to fall back on.
 */
export function createApprovalServer(options: McpOptions): McpServer {
  const server = new McpServer({ name: 'gatehouse', version: options.version });
  server.registerTool(
    'approve',
    {
      description:
        'Ask the Gatehouse relay whether a tool call may run; waits for a human when the relay asks one. ' +
        'For `claude -p --permission-prompt-tool mcp__gatehouse__approve`.',
      inputSchema: ApproveArguments,
    },
    async ({ tool_name, input, tool_use_id }, extra) => {
      const answer = await answerFor(
        options,
        { tool: tool_name, input, toolCallId: tool_use_id },
        async (message, elapsed) => {
          const progressToken = extra._meta?.progressToken;
          if (progressToken === undefined) return;
          await extra
            .sendNotification({
              method: 'notifications/progress',
              params: { progressToken, progress: elapsed, message },
            })
            .catch(() => undefined);
        },
        extra.signal,
      );
      return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
    },
  );
  return server;
}

async function answerFor(
  options: McpOptions,
  call: { tool: string; input: Record<string, unknown>; toolCallId: string | undefined },
  progress: (message: string, elapsedSeconds: number) => Promise<void>,
  signal: AbortSignal,
): Promise<PromptAnswer> {
  if (!options.client)
    return {
      behavior: 'deny',
      message: unavailableText('Gatehouse is not configured: set GATEHOUSE_URL and GATEHOUSE_TOKEN'),
    };
  const started = Date.now();
  let ticker: ReturnType<typeof setInterval> | undefined;
  const what = describeCall(call.tool, call.input);
  try {
    const state: ToolCallState = await decide(
      options.client,
      options.sessionId,
      {
        tool_call_id: call.toolCallId ?? `mcp-${randomUUID()}`,
        tool: call.tool,
        input: call.input,
        cwd: process.cwd(),
      },
      {
        timeoutSeconds: options.timeoutSeconds,
        signal,
        onPending: () => {
          if (ticker !== undefined) return;
          const tick = () => {
            const elapsed = Math.floor((Date.now() - started) / 1000);
            void progress(`waiting ${elapsed}s for an approver: ${what}`, elapsed);
          };
          tick();
          ticker = setInterval(tick, progressEverySeconds * 1000);
        },
      },
    );
    // The input the approver edited, when they did; else the call as the agent proposed it.
    if (state.outcome === 'allow')
      return { behavior: 'allow', updatedInput: state.resolution?.updatedInput ?? call.input };
    return { behavior: 'deny', message: denialText(state, options.timeoutSeconds) };
  } catch (error) {
    return {
      behavior: 'deny',
      message: unavailableText(error instanceof Error ? error.message : String(error)),
    };
  } finally {
    clearInterval(ticker);
  }
}

/** `gatehouse mcp`: serve until stdin closes. */
export async function runMcp(options: McpOptions): Promise<number> {
  const server = createApprovalServer(options);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((done) => {
    transport.onclose = () => done();
    process.stdin.once('end', () => done());
  });
  await server.connect(transport);
  await closed;
  await server.close();
  return 0;
}
