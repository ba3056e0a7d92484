import {
  answersOf,
  flattenText,
  type ScriptedServer,
  sendEvents,
  sendJson,
  startScriptedModel,
} from './fake-server.ts';

// A stand-in for the Anthropic Messages API (`POST /v1/messages`, streaming SSE) that Claude Code
// talks to when ANTHROPIC_BASE_URL points here. Each request of the conversation (one that offers
// tools) gets the next scripted assistant turn — text, or tool_use blocks Claude Code then runs —
// and once the script is spent, a closing text turn. Every request body is recorded, so a test
// reads what Claude Code sent back as tool_result: the command's output, a hook's deny reason,
// the approver's comment.

export interface ScriptedToolUse {
  name: string;
  input: Record<string, unknown>;
  /** Default: `toolu_fake_<n>`, unique in this server. */
  id?: string;
}

export type AssistantTurn = { text: string } | { toolUses: ScriptedToolUse[]; text?: string };

/** One tool_result block as Claude Code sent it, its content flattened to text. */
export interface ToolResult {
  toolUseId: string;
  text: string;
  isError: boolean;
}

export interface FakeMessages extends ScriptedServer {
  /** Every tool_result Claude Code sent back, in order, each once. */
  toolResults(): ToolResult[];
  /** The tool_result for one scripted tool_use id; throws when there is none. */
  toolResult(id: string): ToolResult;
}

type Block = Record<string, unknown>;
type MessagesBody = {
  model?: string;
  stream?: boolean;
  tools?: unknown[];
  messages?: Array<{ content?: unknown }>;
};

const blocksOf = (turn: AssistantTurn, nextId: () => string): Block[] => {
  const blocks: Block[] = [];
  if (turn.text) blocks.push({ type: 'text', text: turn.text });
  if ('toolUses' in turn)
    for (const use of turn.toolUses)
      blocks.push({ type: 'tool_use', id: use.id ?? nextId(), name: use.name, input: use.input });
  return blocks;
};

const stopReasonOf = (blocks: Block[]) =>
  blocks.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn';

/** The SSE events of one assistant message, as the Messages API streams them. */
function messageEvents(id: string, model: string, blocks: Block[]): Array<[string, unknown]> {
  const usage = {
    input_tokens: 10,
    output_tokens: 1,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
  const events: Array<[string, unknown]> = [
    [
      'message_start',
      {
        type: 'message_start',
        message: {
          id,
          type: 'message',
          role: 'assistant',
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage,
        },
      },
    ],
  ];
  blocks.forEach((block, index) => {
    if (block.type === 'text') {
      events.push([
        'content_block_start',
        { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
      ]);
      events.push([
        'content_block_delta',
        { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } },
      ]);
    } else {
      events.push([
        'content_block_start',
        { type: 'content_block_start', index, content_block: { ...block, input: {} } },
      ]);
      events.push([
        'content_block_delta',
        {
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
        },
      ]);
    }
    events.push(['content_block_stop', { type: 'content_block_stop', index }]);
  });
  events.push([
    'message_delta',
    {
      type: 'message_delta',
      delta: { stop_reason: stopReasonOf(blocks), stop_sequence: null },
      usage: { output_tokens: 5 },
    },
  ]);
  events.push(['message_stop', { type: 'message_stop' }]);
  return events;
}

function* resultsIn(body: unknown): Iterable<[string, ToolResult]> {
  for (const message of (body as MessagesBody).messages ?? [])
    if (Array.isArray(message.content))
      for (const block of message.content as Block[])
        if (block.type === 'tool_result' && typeof block.tool_use_id === 'string')
          yield [
            block.tool_use_id,
            {
              toolUseId: block.tool_use_id,
              text: flattenText(block.content),
              isError: block.is_error === true,
            },
          ];
}

export async function startFakeMessages(script: AssistantTurn[]): Promise<FakeMessages> {
  let ids = 0;
  const nextId = () => `toolu_fake_${++ids}`;
  const server = await startScriptedModel<AssistantTurn, MessagesBody>({
    path: '/v1/messages',
    script,
    closingTurn: { text: 'Done.' },
    notFound: (path) => ({ type: 'error', error: { type: 'not_found_error', message: `no ${path} here` } }),
    // Side requests (titles, summaries) offer no tools: they get a short text, not a script turn.
    sideTurn: (body) => (Array.isArray(body.tools) && body.tools.length > 0 ? undefined : { text: 'ok' }),
    answer: (response, turn, body, n) => {
      const blocks = blocksOf(turn, nextId);
      const id = `msg_fake_${n}`;
      const model = body.model ?? 'claude-fake';
      if (body.stream !== false) {
        sendEvents(response, messageEvents(id, model, blocks));
        return;
      }
      sendJson(response, 200, {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: blocks,
        stop_reason: stopReasonOf(blocks),
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 5 },
      });
    },
  });
  const answers = answersOf(server.conversation, resultsIn);
  return { ...server, toolResults: answers.all, toolResult: answers.find };
}
