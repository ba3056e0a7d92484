import { Hono } from 'hono';
import {
  AgentaPermissions,
  ClaudeSettingsPermissions,
  NativePermissions,
  PermissionsConfig,
  WorkspacePermissions,
} from '../../shared/contract/index.ts';
import { compilePlan, PlanError } from '../../shared/plan/index.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requireRole } from '../http/auth.ts';
import { badRequest } from '../http/errors.ts';
import type { RouteDoc } from '../http/openapi.ts';
import { parseWith } from '../http/validate.ts';
import { ownWorkspace } from './stubs.ts';

/**
 * The workspace's default permissions: managed policy whose deny and ask rules bind every
 * session. The body is the config itself in any dialect; it must pass the schema and compile
 * (every rule parsed) before it is stored. Keys the schema does not know are dropped, so a
 * settings.json sent whole leaves nothing else (e.g. its `env`) behind.
 */
/**
 * The dialect a config is written in, told by shape as the plan normalizer tells it: no
 * `permissions` key → native; `permissions.default|rules` → agenta; else Claude Code settings.
 * Validating against that one schema (rather than the union) names the real problem, and keeps
 * the lenient settings schema from swallowing an agenta config by dropping its keys.
 */
function dialectOf(value: unknown) {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('permissions' in value))
    return NativePermissions;
  const inner = value.permissions;
  if (typeof inner === 'object' && inner !== null && ('default' in inner || 'rules' in inner))
    return AgentaPermissions;
  return ClaudeSettingsPermissions;
}

async function readJson(c: { req: { json(): Promise<unknown> } }): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw badRequest('permissions must be JSON');
  }
}

/** Schema first, then the compiler: every rule must parse before anything is stored. */
function validPermissions(value: unknown): PermissionsConfig {
  const permissions: PermissionsConfig = parseWith(dialectOf(value), value, 'permissions');
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
    const permissions = validPermissions(await readJson(c));
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
