import { createRoute } from '@hono/zod-openapi';
import {
  applicablePermissions,
  PermissionsAnswer,
  PermissionsBody,
  PermissionsConfig,
  WorkspacePermissions,
} from '../../shared/contract/index.ts';
import { compilePlan, PlanError } from '../../shared/plan/index.ts';
import { badRequest } from '../common/errors.ts';
import { access, jsonAnswer, openApiRoutes, rejectInvalidAs, requestJson } from '../http/openapi.ts';
import { parseWith } from '../http/validate.ts';
import { ownWorkspace } from './stubs.ts';

/**
 * The workspace's default permissions: managed policy whose deny and ask rules bind every
 * session. The body is the config itself in any dialect or a mix of them (DESIGN §5 "Authority
 * of declarations"): every key is applied, or refused with a 400 naming it, or — the other
 * settings of a Claude Code settings.json, agenta's legacy fields — accepted, not stored, and
 * listed in the answer's `ignored`, so a settings.json sent whole leaves nothing else (e.g. its
 * `env`) behind and nothing is dropped without saying so. It must compile (every rule parsed)
 * before it is stored.
 */
function validPermissions(value: unknown): { permissions: PermissionsConfig; ignored: string[] } {
  const { config: permissions, ignored } = applicablePermissions(
    parseWith(PermissionsConfig, value, 'permissions'),
  );
  try {
    compilePlan(permissions);
  } catch (error) {
    if (error instanceof PlanError) throw badRequest(`invalid permissions: ${error.message}`, error.problems);
    // Never a 500 for what a client sent; nothing is stored either way.
    console.error('permissions did not compile', error);
    throw badRequest('invalid permissions: the plan could not be compiled');
  }
  return { permissions, ignored };
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
  responses: {
    200: jsonAnswer(PermissionsAnswer, 'the stored permissions, and the keys accepted and not applied'),
  },
});

export const permissionRoutes = openApiRoutes()
  .openapi(getPermissions, async (c) => {
    const body: WorkspacePermissions = await ownWorkspace(c).getPermissions();
    return c.json(body, 200);
  })
  .openapi(
    putPermissions,
    async (c) => {
      // The JSON as sent (Hono keeps the parsed body), read again to know what it did not apply.
      const { permissions, ignored } = validPermissions(await c.req.json());
      const stored: WorkspacePermissions = await ownWorkspace(c).setPermissions(permissions);
      const body: PermissionsAnswer = { ...stored, ignored };
      return c.json(body, 200);
    },
    rejectInvalidAs('permissions'),
  );
