import type { ServerResponse } from 'node:http';
import { answersOf, flattenText, type ScriptedServer, sendJson, startScriptedModel } from './fake-server.ts';

// A stand-in for an OpenAI-compatible Chat Completions API (`POST /v1/chat/completions`, streamed
// or not) that Copilot CLI (COPILOT_PROVIDER_BASE_URL) and OpenCode (a provider with
// `@ai-sdk/openai-compatible`) talk to. Each request gets the next scripted turn — a message, or
// tool calls the CLI then runs — and once the script is spent, a closing message. Every request
// body is recorded, so a test reads what the CLI sent back: a command's output, a hook's deny.

export interface ScriptedToolCall {
  name: string;
  arguments: Record<string, unknown>;
  /** Default: `call_fake_<n>`. */
  id?: string;
}

export type ChatTurn = { text: string } | { calls: ScriptedToolCall[]; text?: string };

/** One `role: "tool"` message the CLI sent back for a call, its content as text. */
export interface ToolAnswer {
  callId: string;
  text: string;
}

export interface FakeChat extends ScriptedServer {
  /** Every answer the CLI sent back for a call, in order, each once. */
  outputs(): ToolAnswer[];
  /** The answer for one scripted call id; throws when there is none. */
  output(callId: string): ToolAnswer;
  /** The tool names the CLI offered the model on its first conversation request. */
  toolNames(): string[];
}

type Message = { role?: string; content?: unknown; tool_call_id?: string };
type ChatBody = {
  model?: string;
  stream?: boolean;
  messages?: Message[];
  tools?: Array<{ function?: { name?: string } }>;
};

function toolCallsOf(turn: ChatTurn, nextId: () => number) {
  if (!('calls' in turn)) return [];
  return turn.calls.map((call, index) => ({
    index,
    id: call.id ?? `call_fake_${nextId()}`,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
}

function answer(response: ServerResponse, turn: ChatTurn, body: ChatBody, n: number, nextId: () => number) {
  const id = `chatcmpl-fake-${n}`;
  const model = body.model ?? 'fake-model';
  const created = Math.floor(Date.now() / 1000);
  const calls = toolCallsOf(turn, nextId);
  const text = turn.text ?? null;
  const finish = calls.length > 0 ? 'tool_calls' : 'stop';
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  if (!body.stream) {
    sendJson(response, 200, {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: text,
            ...(calls.length > 0 ? { tool_calls: calls.map(({ index: _, ...call }) => call) } : {}),
          },
          finish_reason: finish,
        },
      ],
      usage,
    });
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunk = (delta: Record<string, unknown>, finishReason: string | null, extra: object = {}) =>
    response.write(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra })}\n\n`,
    );
  chunk({ role: 'assistant', content: '' }, null);
  if (text) chunk({ content: text }, null);
  for (const call of calls) chunk({ tool_calls: [call] }, null);
  chunk({}, finish, { usage });
  response.write('data: [DONE]\n\n');
  response.end();
}

function* toolAnswersIn(body: unknown): Iterable<[string, ToolAnswer]> {
  for (const message of (body as ChatBody).messages ?? [])
    if (message.role === 'tool' && typeof message.tool_call_id === 'string')
      yield [message.tool_call_id, { callId: message.tool_call_id, text: flattenText(message.content) }];
}

/**
 * `sideTurn` answers requests that are not the conversation (a title, a summary) without using
 * the script: those carry no tools.
 */
export async function startFakeChat(script: ChatTurn[]): Promise<FakeChat> {
  let ids = 0;
  const nextId = () => ++ids;
  const server = await startScriptedModel<ChatTurn, ChatBody>({
    path: '/v1/chat/completions',
    script,
    closingTurn: { text: 'Done.' },
    notFound: (path) => ({ error: { type: 'not_found', message: `no ${path} here` } }),
    sideTurn: (body) => ((body.tools ?? []).length === 0 ? { text: 'A title' } : undefined),
    answer: (response, turn, body, n) => answer(response, turn, body, n, nextId),
  });
  const answers = answersOf(server.conversation, toolAnswersIn);
  return {
    ...server,
    outputs: answers.all,
    output: answers.find,
    toolNames: () =>
      ((server.conversation()[0]?.body as ChatBody | undefined)?.tools ?? []).map(
        (tool) => tool.function?.name ?? '',
      ),
  };
}
