import { Hono } from 'hono';
import { InboxResponse, SessionList, WsTicket } from '../../shared/contract/index.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requireRole } from '../http/auth.ts';
import type { RouteDoc } from '../http/openapi.ts';
import { principalHeader } from '../workspace/workspace-do.ts';
import { ownWorkspace } from './stubs.ts';

/**
 * What approvers watch: the inbox (JSON, or a WebSocket with a snapshot then one message per
 * session change), all sessions, and the tickets browsers need to open a WebSocket.
 */
export const inboxRoutes = new Hono<AppEnv>()
  .get('/inbox', requireRole('approver'), async (c) => {
    if (c.req.header('upgrade')?.toLowerCase() === 'websocket') {
      // The WorkspaceDO accepts the socket (hibernating); it trusts the principal we set here,
      // replacing whatever a client may have sent under the same header.
      const headers = new Headers(c.req.raw.headers);
      headers.delete('authorization');
      headers.set(principalHeader, JSON.stringify(c.var.principal));
      return ownWorkspace(c).fetch(new Request(c.req.url, { headers }));
    }
    return c.json({ sessions: await ownWorkspace(c).inbox() });
  })
  .get('/sessions', requireRole('approver'), async (c) => {
    return c.json({ sessions: await ownWorkspace(c).listSessions() });
  })
  .post('/ws-tickets', requireRole('agent', 'approver', 'admin'), async (c) => {
    return c.json(await ownWorkspace(c).issueTicket(c.var.principal), 201);
  });

export const inboxRouteDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/inbox',
    role: 'approver',
    summary:
      'Sessions with an active interaction, most urgent first; with Upgrade: websocket (and ?ticket=) a snapshot then updates',
    response: InboxResponse,
  },
  {
    method: 'get',
    path: '/sessions',
    role: 'approver',
    summary: 'Every session of the workspace, most recently changed first',
    response: SessionList,
  },
  {
    method: 'post',
    path: '/ws-tickets',
    role: ['agent', 'approver', 'admin'],
    summary: 'A single-use, 60-second ticket to open a WebSocket with ?ticket=',
    response: WsTicket,
    status: 201,
  },
];
