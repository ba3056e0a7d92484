import {
  answersOf,
  flattenText,
  type ScriptedServer,
  sendEvents,
  startScriptedModel,
} from './fake-server.ts';

// A stand-in for the OpenAI Responses API (`POST /v1/responses`, streaming SSE) that Codex talks
// to through a custom model provider whose base_url points here. Each request gets the next
// scripted turn — a message, or calls Codex then runs — and once the script is spent, a closing
// message. Every request body is recorded, so a test reads what Codex sent back: the command's
// output, a hook's deny reason, the tools a search found.

/** A function call (`exec_command`, an MCP tool Codex loaded): JSON arguments. */
export interface ScriptedFunctionCall {
  name: string;
  /** Serialised as the call's JSON `arguments`. */
  arguments: Record<string, unknown>;
  /** A tool of a namespace a tool search loaded (Codex's MCP tools: `mcp__<server>__`). */
  namespace?: string;
  /** Default: `call_fake_<n>`, unique in this server. */
  callId?: string;
}

/** A freeform tool call (`custom_tool_call`): Codex's apply_patch takes the patch text as input. */
export interface ScriptedCustomCall {
  name: string;
  input: string;
  callId?: string;
}

/** A client-side `tool_search_call`: Codex answers with the tool definitions that match. */
export interface ScriptedToolSearch {
  toolSearch: Record<string, unknown>;
  callId?: string;
}

export type ScriptedCall = ScriptedFunctionCall | ScriptedCustomCall | ScriptedToolSearch;

export type ResponsesTurn = { text: string } | { calls: ScriptedCall[]; text?: string };

/**
 * One answer Codex sent back for a call — `function_call_output`, `custom_tool_call_output` or
 * `tool_search_output` — its output flattened to text (a tool search's: its tools as JSON).
 */
export interface FunctionCallOutput {
  callId: string;
  type: string;
  text: string;
}

export interface FakeResponses extends ScriptedServer {
  /** The `POST /v1/responses` requests, in order. */
  turns(): ScriptedServer['requests'];
  /** Every answer Codex sent back for a call, in order, each once. */
  outputs(): FunctionCallOutput[];
  /** The answer for one scripted call id; throws when there is none. */
  output(callId: string): FunctionCallOutput;
}

type Item = Record<string, unknown>;
type ResponsesBody = { model?: string; input?: Item[] };

function itemOf(call: ScriptedCall, n: number): Item {
  const callId = call.callId ?? `call_fake_${n}`;
  if ('toolSearch' in call)
    return {
      type: 'tool_search_call',
      id: `ts_fake_${n}`,
      call_id: callId,
      execution: 'client',
      status: 'completed',
      arguments: call.toolSearch,
    };
  if ('input' in call)
    return {
      type: 'custom_tool_call',
      id: `ctc_fake_${n}`,
      call_id: callId,
      name: call.name,
      input: call.input,
      status: 'completed',
    };
  return {
    type: 'function_call',
    id: `fc_fake_${n}`,
    call_id: callId,
    name: call.name,
    ...(call.namespace === undefined ? {} : { namespace: call.namespace }),
    arguments: JSON.stringify(call.arguments),
    status: 'completed',
  };
}

function itemsOf(turn: ResponsesTurn, nextId: () => number): Item[] {
  const items: Item[] = [];
  if (turn.text)
    items.push({
      type: 'message',
      id: `msg_fake_${nextId()}`,
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: turn.text, annotations: [] }],
    });
  if ('calls' in turn) for (const call of turn.calls) items.push(itemOf(call, nextId()));
  return items;
}

/** Each streamed item's field its deltas carry, and the event that carries them. */
const streamed: Record<string, { field: string; delta: string }> = {
  function_call: { field: 'arguments', delta: 'response.function_call_arguments.delta' },
  custom_tool_call: { field: 'input', delta: 'response.custom_tool_call_input.delta' },
};

/** The SSE events of one response, as the Responses API streams them. */
function responseEvents(id: string, model: string, items: Item[]): Array<[string, unknown]> {
  const events: Array<[string, unknown]> = [
    [
      'response.created',
      { type: 'response.created', response: { id, object: 'response', model, status: 'in_progress' } },
    ],
  ];
  items.forEach((item, index) => {
    const stream = streamed[item.type as string];
    const opening = stream ? { ...item, [stream.field]: '', status: 'in_progress' } : item;
    events.push([
      'response.output_item.added',
      { type: 'response.output_item.added', output_index: index, item: opening },
    ]);
    if (stream)
      events.push([
        stream.delta,
        { type: stream.delta, item_id: item.id, output_index: index, delta: item[stream.field] },
      ]);
    events.push([
      'response.output_item.done',
      { type: 'response.output_item.done', output_index: index, item },
    ]);
  });
  events.push([
    'response.completed',
    {
      type: 'response.completed',
      response: {
        id,
        object: 'response',
        model,
        status: 'completed',
        output: items,
        usage: {
          input_tokens: 10,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: 5,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: 15,
        },
      },
    },
  ]);
  return events;
}

const outputTypes = new Set(['function_call_output', 'custom_tool_call_output', 'tool_search_output']);

function* outputsIn(body: unknown): Iterable<[string, FunctionCallOutput]> {
  for (const item of (body as ResponsesBody).input ?? [])
    if (outputTypes.has(item.type as string) && typeof item.call_id === 'string')
      yield [
        item.call_id,
        {
          callId: item.call_id,
          type: item.type as string,
          text: item.type === 'tool_search_output' ? JSON.stringify(item.tools) : flattenText(item.output),
        },
      ];
}

export async function startFakeResponses(script: ResponsesTurn[]): Promise<FakeResponses> {
  let ids = 0;
  const nextId = () => ++ids;
  const server = await startScriptedModel<ResponsesTurn, ResponsesBody>({
    path: '/v1/responses',
    script,
    closingTurn: { text: 'Done.' },
    notFound: (path) => ({ error: { type: 'not_found', message: `no ${path} here` } }),
    answer: (response, turn, body, n) =>
      sendEvents(response, responseEvents(`resp_fake_${n}`, body.model ?? 'gpt-fake', itemsOf(turn, nextId))),
  });
  const answers = answersOf(server.conversation, outputsIn);
  return { ...server, turns: server.conversation, outputs: answers.all, output: answers.find };
}
