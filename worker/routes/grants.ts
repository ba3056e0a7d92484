import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { GrantList } from '../../shared/contract/index.ts';
import { notFound } from '../common/errors.ts';
import { access, failures, jsonAnswer, openApiRoutes } from '../http/openapi.ts';
import { ownWorkspace } from './stubs.ts';

const listGrants = createRoute({
  method: 'get',
  path: '/grants',
  summary: "The workspace's global (always) grants: what each covers, who made it, when",
  ...access(['approver']),
  responses: { 200: jsonAnswer(GrantList, 'the grants') },
});

const removeGrant = createRoute({
  method: 'delete',
  path: '/grants/{id}',
  summary: 'Remove a global grant; later identical calls are decided afresh',
  ...access(['approver']),
  request: { params: z.object({ id: z.string() }) },
  responses: { 204: { description: 'removed' }, ...failures(404) },
});

/** The workspace's "always allow" answers: visible, and removable by whoever may answer. */
export const grantRoutes = openApiRoutes()
  .openapi(listGrants, async (c) => c.json({ grants: await ownWorkspace(c).listGrants() }, 200))
  .openapi(removeGrant, async (c) => {
    if (!(await ownWorkspace(c).removeGrant(c.req.valid('param').id)))
      throw notFound('no such grant in this workspace');
    return c.body(null, 204);
  });
