import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { workspaceStub } from '../rpc.ts';

/** The caller's own WorkspaceDO: a principal only ever reaches the workspace its token belongs to. */
export const ownWorkspace = (c: Context<AppEnv>) => workspaceStub(c.env, c.var.principal.workspaceId);
