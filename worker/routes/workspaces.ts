import { createRoute } from '@hono/zod-openapi';
import { CreatedWorkspace } from '../../shared/contract/index.ts';
import { bootstrapTokenId, defaultWorkspaceId } from '../common/credentials.ts';
import { forbidden } from '../common/errors.ts';
import { randomId } from '../common/secrets.ts';
import { access, jsonAnswer, openApiRoutes } from '../http/openapi.ts';

const createWorkspace = createRoute({
  method: 'post',
  path: '/workspaces',
  summary: 'Create a workspace and its first admin token (bootstrap admin token only)',
  ...access(['admin']),
  responses: { 201: jsonAnswer(CreatedWorkspace, 'the workspace and its admin token, shown this once') },
});

/**
 * `POST /workspaces`: only the operator's bootstrap token (GATEHOUSE_ADMIN_TOKEN) opens new
 * workspaces; each gets its own admin token, shown once, and shares nothing with the others.
 */
export const workspaceRoutes = openApiRoutes().openapi(createWorkspace, async (c) => {
  const { workspaceId, tokenId } = c.var.principal;
  if (workspaceId !== defaultWorkspaceId || tokenId !== bootstrapTokenId)
    throw forbidden('only the bootstrap admin token (GATEHOUSE_ADMIN_TOKEN) can create workspaces');
  const id = randomId('ws-');
  const issued = await c.env.WORKSPACE.getByName(id).issueToken({ role: 'admin', label: 'workspace admin' });
  const body: CreatedWorkspace = { workspaceId: id, tokenId: issued.id, token: issued.token };
  return c.json(body, 201);
});
