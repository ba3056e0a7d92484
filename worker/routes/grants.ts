import { Hono } from 'hono';
import { GrantList } from '../../shared/contract/index.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requireRole } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import type { RouteDoc } from '../http/openapi.ts';
import { ownWorkspace } from './stubs.ts';

/** The workspace's "always allow" answers: visible, and removable by whoever may answer. */
export const grantRoutes = new Hono<AppEnv>()
  .get('/grants', requireRole('approver'), async (c) => {
    return c.json({ grants: await ownWorkspace(c).listGrants() });
  })
  .delete('/grants/:id', requireRole('approver'), async (c) => {
    if (!(await ownWorkspace(c).removeGrant(c.req.param('id'))))
      throw notFound('no such grant in this workspace');
    return c.body(null, 204);
  });

export const grantRouteDocs: RouteDoc[] = [
  { method: 'get', path: '/grants', role: 'approver', summary: 'List global grants', response: GrantList },
  {
    method: 'delete',
    path: '/grants/{id}',
    role: 'approver',
    summary: 'Remove a global grant; later identical calls are decided afresh',
    status: 204,
    errors: [404],
  },
];
