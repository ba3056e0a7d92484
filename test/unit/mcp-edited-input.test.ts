import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { createApprovalServer } from '../../client/cli/mcp.ts';
import { createRelayGate } from '../../client/cli/mcp-proxy/relay-gate.ts';
import { createClient } from '../../client/sdk/index.ts';

// an input the approver edited reaches what runs the call — the MCP permission
// prompt tool's `updatedInput` and the MCP gateway's forwarded arguments — instead of the input
// the agent proposed.

const decision = {
  toolCallId: 'tc-1',
  behavior: 'ask',
  source: 'policy',
  reason: 'asks',
  reasonCode: 'default_ask',
  risk: 'medium',
};
const resolution = (updatedInput?: Record<string, unknown>) => ({
  toolCallId: 'tc-1',
  interactionId: 'int-1',
  behavior: 'allow',
  source: 'user',
  actionId: 'allow_once',
  scope: 'once',
  ...(updatedInput === undefined ? {} : { updatedInput }),
});
const allowed = (updatedInput?: Record<string, unknown>) => ({
  toolCallId: 'tc-1',
  tool: 'Bash',
  outcome: 'allow',
  decision,
  resolution: resolution(updatedInput),
});
const session = {
  sessionId: 's',
  title: 'fs',
  agent: 'mcp-proxy',
  mode: 'default',
  engineMode: 'default',
  modes: [],
  activeInteraction: null,
  queueLength: 0,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

/** A relay that answers every tool call with `state` (and a session declaration with a session). */
function relayAnswering(state: unknown) {
  const fetch = async (_input: RequestInfo | URL, init?: RequestInit) =>
    new Response(JSON.stringify(init?.method === 'PUT' ? session : state), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  return createClient({ url: 'http://relay.test', token: 't', fetch: fetch as typeof globalThis.fetch });
}

async function promptAnswer(state: unknown, input: Record<string, unknown>): Promise<unknown> {
  const server = createApprovalServer({
    client: relayAnswering(state),
    sessionId: 's',
    timeoutSeconds: 5,
    version: 'test',
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1' });
  await client.connect(clientSide);
  try {
    const result = await client.callTool({
      name: 'approve',
      arguments: { tool_name: 'Bash', input, tool_use_id: 'toolu_1' },
    });
    const [first] = result.content as { type: string; text: string }[];
    return JSON.parse(first!.text);
  } finally {
    await client.close();
    await server.close();
  }
}

describe('an edited input reaches what runs the call', () => {
  const proposed = { command: 'rm -rf build' };
  const edited = { command: 'rm -rf build/cache' };

  it('the MCP prompt tool answers allow with the edited input', async () => {
    expect(await promptAnswer(allowed(edited), proposed)).toEqual({
      behavior: 'allow',
      updatedInput: edited,
    });
  });

  it('the MCP prompt tool answers the proposed input when nothing was edited', async () => {
    expect(await promptAnswer(allowed(), proposed)).toEqual({ behavior: 'allow', updatedInput: proposed });
  });

  it('the MCP gateway forwards the edited arguments to the server, else the proposed ones', async () => {
    const gateOf = (state: unknown) =>
      createRelayGate({
        client: relayAnswering(state),
        name: 'fs',
        sessionId: 'sid',
        timeoutSeconds: 5,
        cwd: '/work',
        warn: () => {},
      });
    const call = { tool: 'write_file', arguments: { path: '/tmp/x', content: 'proposed' } };
    const context = { signal: new AbortController().signal };
    const changed = { path: '/tmp/x', content: 'edited' };
    expect(await gateOf(allowed(changed)).gate(call, context)).toEqual({ run: true, arguments: changed });
    expect(await gateOf(allowed()).gate(call, context)).toEqual({ run: true, arguments: call.arguments });
  });
});
