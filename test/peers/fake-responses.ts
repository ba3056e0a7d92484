import {
  type FakeServer,
  type RecordedRequest,
  sendEvents,
  sendJson,
  startFakeServer,
} from './fake-server.ts';

// A stand-in for the OpenAI Responses API (`POST /v1/responses`, streaming SSE) that Codex talks
// to through a custom model provider whose base_url points here. Each request gets the next
// scripted turn — a message, or function calls (`exec_command`, …) Codex then runs — and once the
// script is spent, a closing message. Every request body is recorded, so a test reads the
// `function_call_output` items Codex sent back: the command's output, or a hook's deny reason.

export interface ScriptedFunctionCall {
  name: string;
  /** Serialised as the call's JSON `arguments`. */
  arguments: Record<string, unknown>;
  /** Default: `call_fake_<n>`, unique in this server. */
  callId?: string;
}

export type ResponsesTurn = { text: string } | { calls: ScriptedFunctionCall[]; text?: string };

/** One function_call_output item as Codex sent it, its output flattened to text. */
export interface FunctionCallOutput {
  callId: string;
  text: string;
}

export interface FakeResponses extends FakeServer {
  /** The `POST /v1/responses` requests, in order. */
  turns(): RecordedRequest[];
  /** Every function_call_output Codex sent back, in order, each once. */
  outputs(): FunctionCallOutput[];
  /** The output for one scripted call id; throws when there is none. */
  output(callId: string): FunctionCallOutput;
}

const closingTurn: ResponsesTurn = { text: 'Done.' };

type Item = Record<string, unknown>;
type ResponsesBody = { model?: string; input?: Item[] };

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
  if ('calls' in turn)
    for (const call of turn.calls) {
      const n = nextId();
      items.push({
        type: 'function_call',
        id: `fc_fake_${n}`,
        call_id: call.callId ?? `call_fake_${n}`,
        name: call.name,
        arguments: JSON.stringify(call.arguments),
        status: 'completed',
      });
    }
  return items;
}

/** The SSE events of one response, as the Responses API streams them. */
function responseEvents(id: string, model: string, items: Item[]): Array<[string, unknown]> {
  const events: Array<[string, unknown]> = [
    [
      'response.created',
      { type: 'response.created', response: { id, object: 'response', model, status: 'in_progress' } },
    ],
  ];
  items.forEach((item, index) => {
    const opening = item.type === 'function_call' ? { ...item, arguments: '', status: 'in_progress' } : item;
    events.push([
      'response.output_item.added',
      { type: 'response.output_item.added', output_index: index, item: opening },
    ]);
    if (item.type === 'function_call')
      events.push([
        'response.function_call_arguments.delta',
        {
          type: 'response.function_call_arguments.delta',
          item_id: item.id,
          output_index: index,
          delta: item.arguments,
        },
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

const textOf = (output: unknown): string =>
  typeof output === 'string'
    ? output
    : Array.isArray(output)
      ? output.map((part: Item) => (typeof part.text === 'string' ? part.text : '')).join('')
      : JSON.stringify(output ?? '');

export async function startFakeResponses(script: ResponsesTurn[]): Promise<FakeResponses> {
  const pending = [...script];
  const turns: RecordedRequest[] = [];
  let ids = 0;
  const nextId = () => ++ids;

  const server = await startFakeServer((request, response) => {
    const path = request.path.split('?')[0];
    if (request.method !== 'POST' || path !== '/v1/responses') {
      sendJson(response, 404, { error: { type: 'not_found', message: `no ${path} here` } });
      return;
    }
    turns.push(request);
    const body = (request.body ?? {}) as ResponsesBody;
    const turn = pending.shift() ?? closingTurn;
    sendEvents(
      response,
      responseEvents(`resp_fake_${turns.length}`, body.model ?? 'gpt-fake', itemsOf(turn, nextId)),
    );
  });

  const outputs = (): FunctionCallOutput[] => {
    const seen = new Map<string, FunctionCallOutput>();
    for (const request of turns)
      for (const item of (request.body as ResponsesBody).input ?? [])
        if (
          item.type === 'function_call_output' &&
          typeof item.call_id === 'string' &&
          !seen.has(item.call_id)
        )
          seen.set(item.call_id, { callId: item.call_id, text: textOf(item.output) });
    return [...seen.values()];
  };

  return {
    ...server,
    turns: () => [...turns],
    outputs,
    output: (callId) => {
      const found = outputs().find((output) => output.callId === callId);
      if (!found)
        throw new Error(
          `no function_call_output for ${callId}; got ${JSON.stringify(outputs().map((o) => o.callId))}`,
        );
      return found;
    },
  };
}
