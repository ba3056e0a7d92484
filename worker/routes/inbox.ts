import { createRoute } from '@hono/zod-openapi';
import {
  InboxResponse,
  PresenceAnswer,
  PresenceBody,
  SessionList,
  WsTicket,
} from '../../shared/contract/index.ts';
import { access, jsonAnswer, openApiRoutes, requestJson } from '../http/openapi.ts';
import { principalHeader } from '../workspace/workspace-do.ts';
import { ownWorkspace } from './stubs.ts';

const inbox = createRoute({
  method: 'get',
  path: '/inbox',
  summary:
    'Sessions with an active interaction, most urgent first; with Upgrade: websocket (and ?ticket=) a snapshot then updates',
  ...access(['approver']),
  responses: {
    200: jsonAnswer(InboxResponse, 'the inbox'),
    101: { description: 'WebSocket: a snapshot, then one message per session change' },
  },
});

const sessions = createRoute({
  method: 'get',
  path: '/sessions',
  summary: 'Every session of the workspace, most recently changed first',
  ...access(['approver']),
  responses: { 200: jsonAnswer(SessionList, 'the sessions') },
});

const wsTicket = createRoute({
  method: 'post',
  path: '/ws-tickets',
  summary: 'A single-use, 60-second ticket to open a WebSocket with ?ticket=',
  ...access(['agent', 'approver', 'admin']),
  responses: { 201: jsonAnswer(WsTicket, 'the ticket') },
});

const presence = createRoute({
  method: 'post',
  path: '/presence',
  summary:
    'Report whether the approver is at this client (held 60 s); phones are pushed later while one is (docs/push.md)',
  ...access(['approver']),
  request: requestJson(PresenceBody),
  responses: { 200: jsonAnswer(PresenceAnswer, 'whether the workspace counts as present now') },
});

/**
 * What approvers watch: the inbox (JSON, or a WebSocket with a snapshot then one message per
 * session change), all sessions, and the tickets browsers need to open a WebSocket.
 */
export const inboxRoutes = openApiRoutes()
  .openapi(inbox, async (c) => {
    if (c.req.header('upgrade')?.toLowerCase() === 'websocket') {
      // The WorkspaceDO accepts the socket (hibernating); it trusts the principal we set here,
      // replacing whatever a client may have sent under the same header.
      const headers = new Headers(c.req.raw.headers);
      headers.delete('authorization');
      headers.set(principalHeader, JSON.stringify(c.var.principal));
      return ownWorkspace(c).fetch(new Request(c.req.url, { headers }));
    }
    return c.json({ sessions: await ownWorkspace(c).inbox() }, 200);
  })
  .openapi(sessions, async (c) => c.json({ sessions: await ownWorkspace(c).listSessions() }, 200))
  .openapi(wsTicket, async (c) => c.json(await ownWorkspace(c).issueTicket(c.var.principal), 201))
  .openapi(presence, async (c) =>
    c.json(await ownWorkspace(c).reportPresence(c.var.principal.tokenId, c.req.valid('json').active), 200),
  );
