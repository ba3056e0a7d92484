import { Hono } from 'hono';
import { z } from 'zod';
import {
  PermissionsConfig,
  permissionsDialect,
  permissionsDialects,
  WorkspacePermissions,
} from '../../shared/contract/index.ts';
import { compilePlan, PlanError } from '../../shared/plan/index.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requireRole } from '../http/auth.ts';
import { badRequest } from '../http/errors.ts';
import type { RouteDoc } from '../http/openapi.ts';
import { jsonBody, parseWith } from '../http/validate.ts';
import { ownWorkspace } from './stubs.ts';

/**
 * The workspace's default permissions: managed policy whose deny and ask rules bind every
 * session. The body is the config itself in any dialect; it must pass the schema and compile
 * (every rule parsed) before it is stored. Keys the schema does not know are dropped, so a
 * settings.json sent whole leaves nothing else (e.g. its `env`) behind. Validating against the
 * one schema of the config's dialect, rather than the union, names the real problem. Schema
 * first, then the compiler: every rule must parse before anything is stored.
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

export const permissionRoutes = new Hono<AppEnv>()
  .get('/permissions', requireRole('admin'), async (c) => {
    const body: WorkspacePermissions = await ownWorkspace(c).getPermissions();
    return c.json(body);
  })
  .put('/permissions', requireRole('admin'), async (c) => {
    const permissions = validPermissions(await jsonBody(c, z.unknown(), 'permissions'));
    const body: WorkspacePermissions = await ownWorkspace(c).setPermissions(permissions);
    return c.json(body);
  });

export const permissionRouteDocs: RouteDoc[] = [
  {
    method: 'get',
    path: '/permissions',
    role: 'admin',
    summary: 'Workspace default permissions',
    response: WorkspacePermissions,
  },
  {
    method: 'put',
    path: '/permissions',
    role: 'admin',
    summary: 'Replace the workspace default permissions (native, agenta or Claude Code settings dialect)',
    request: PermissionsConfig,
    response: WorkspacePermissions,
  },
];
