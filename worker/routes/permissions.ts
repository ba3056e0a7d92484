import { createRoute } from '@hono/zod-openapi';
import {
  PermissionsBody,
  type PermissionsConfig,
  permissionsDialect,
  permissionsDialects,
  WorkspacePermissions,
} from '../../shared/contract/index.ts';
import { compilePlan, PlanError } from '../../shared/plan/index.ts';
import { badRequest } from '../http/errors.ts';
import { access, jsonAnswer, openApiRoutes, rejectInvalidAs, requestJson } from '../http/openapi.ts';
import { parseWith } from '../http/validate.ts';
import { ownWorkspace } from './stubs.ts';

/**
 * The workspace's default permissions: managed policy whose deny and ask rules bind every
 * session. The body is the config itself in any dialect; it must pass the schema of its dialect
 * and compile (every rule parsed) before it is stored. Keys the schema does not know are
 * dropped, so a settings.json sent whole leaves nothing else (e.g. its `env`) behind. Validating
 * against the one schema of the config's dialect, rather than the union the document shows,
 * names the real problem.
 */
function validPermissions(value: unknown): PermissionsConfig {
  const permissions: PermissionsConfig = parseWith(
    permissionsDialects[permissionsDialect(value)],
    value,
    'permissions',
  );
  try {
    compilePlan(permissions);
  } catch (error) {
    if (error instanceof PlanError) throw badRequest(`invalid permissions: ${error.message}`, error.problems);
    // Never a 500 for what a client sent; nothing is stored either way.
    console.error('permissions did not compile', error);
    throw badRequest('invalid permissions: the plan could not be compiled');
  }
  return permissions;
}

const getPermissions = createRoute({
  method: 'get',
  path: '/permissions',
  summary: 'Workspace default permissions',
  ...access(['admin']),
  responses: { 200: jsonAnswer(WorkspacePermissions, 'the permissions') },
});

const putPermissions = createRoute({
  method: 'put',
  path: '/permissions',
  summary: 'Replace the workspace default permissions (native, agenta or Claude Code settings dialect)',
  ...access(['admin']),
  request: requestJson(PermissionsBody),
  responses: { 200: jsonAnswer(WorkspacePermissions, 'the stored permissions') },
});

export const permissionRoutes = openApiRoutes()
  .openapi(getPermissions, async (c) => {
    const body: WorkspacePermissions = await ownWorkspace(c).getPermissions();
    return c.json(body, 200);
  })
  .openapi(
    putPermissions,
    async (c) => {
      // The JSON as sent (Hono keeps the parsed body), read through its own dialect's schema:
      // what is stored is that schema's output, not the union's.
      const permissions = validPermissions(await c.req.json());
      const body: WorkspacePermissions = await ownWorkspace(c).setPermissions(permissions);
      return c.json(body, 200);
    },
    rejectInvalidAs('permissions'),
  );
