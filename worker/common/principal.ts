import type { Role } from '../../shared/contract/index.ts';

/** Who is calling, once the bearer token (or a WebSocket ticket) checked out. */
export interface Principal {
  workspaceId: string;
  tokenId: string;
  role: Role;
  /** The token's label, e.g. "Chrome on Linux" or "Phone", named with what it does. */
  label?: string;
  /** Bumped by the WorkspaceDO on every change of workspace permissions or global grants. */
  policyVersion: number;
}

declare module 'hono' {
  interface ContextVariableMap {
    principal: Principal;
  }
}
