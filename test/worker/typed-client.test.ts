import { env } from 'cloudflare:workers';
import { testClient } from 'hono/testing';
import { describe, expect, it } from 'vitest';
import app from '../../worker/index.ts';
import { bootstrapToken } from './helpers.ts';

// The app's own types drive these calls: a route whose body or answer changed would not compile.
const client = testClient(app, env);
const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe('AppType through hono/testing', () => {
  it('issues a token, submits a call and reads the answer with the route types', async () => {
    const issued = await client.api.v1.tokens.$post(
      { json: { role: 'agent', label: 'typed' } },
      as(bootstrapToken),
    );
    expect(issued.status).toBe(201);
    const agent = await issued.json();
    expect(agent.role).toBe('agent');

    const submitted = await client.api.v1.sessions[':sid']['tool-calls'].$post(
      {
        param: { sid: 'typed-1' },
        json: { tool_call_id: 'tc-typed', tool: 'Read', input: { file_path: 'README.md' } },
      },
      as(agent.token),
    );
    // Narrowed by status: the route's 200 answer is a ToolCallState, its 404/409 the error body.
    if (submitted.status !== 200) throw new Error(`submit answered ${submitted.status}`);
    const state = await submitted.json();
    expect(state.outcome).toBe('allow');
    expect(state.decision.behavior).toBe('allow');

    const hook = await client.api.v1.hooks.claude['pre-tool-use'].$post(
      {
        query: { wait: '0' },
        json: {
          session_id: 'typed-1',
          hook_event_name: 'PreToolUse',
          tool_name: 'Read',
          tool_input: { file_path: 'README.md' },
          tool_use_id: 'toolu_typed',
        },
      },
      as(agent.token),
    );
    expect((await hook.json()).hookSpecificOutput.permissionDecision).toBe('allow');
  });
});
