import type { Context, MiddlewareHandler } from 'hono';
import type { Role } from '../../shared/contract/index.ts';
import { CredentialCache } from '../common/credential-cache.ts';
import { defaultWorkspaceId, looksLikeToken, parseCredential } from '../common/credentials.ts';
import { forbidden, rateLimited, unauthorized } from '../common/errors.ts';
import type { Principal } from '../common/principal.ts';
import type { AuthResult } from '../rpc.ts';

/** Query parameters that would put a bearer token in a URL (logs, history, Referer): always refused. */
const tokenParams = ['token', 'access_token', 'auth', 'authorization', 'bearer'];

const isWebSocketUpgrade = (c: Context) => c.req.header('upgrade')?.toLowerCase() === 'websocket';

function bearerOf(c: Context): string | null {
  const header = c.req.header('authorization');
  if (header === undefined) return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw unauthorized('the Authorization header must be "Bearer <token>"');
  return match[1];
}

/** Which workspace a credential belongs to: named in it, or `default` for the bootstrap token. */
const workspaceOf = (credential: string) => parseCredential(credential)?.workspaceId ?? defaultWorkspaceId;

function principalOf(result: AuthResult): Principal {
  if (result.ok) return result.principal;
  if (result.reason === 'rate_limited')
    throw rateLimited('too many requests for this token; slow down', result.retryAfterSeconds);
  throw unauthorized('the token is unknown, malformed or revoked');
}

/** This isolate's recent credential checks, reused on the agent's hot path (`requireRoleRecentlyChecked`). */
const credentials = new CredentialCache();

/**
 * Checks the caller's credential against its workspace and returns who it is (no role check).
 * With `reuse`, a bearer token checked by this isolate a moment ago is not checked again.
 */
export async function authenticate(c: Context<{ Bindings: Env }>, reuse = false): Promise<Principal> {
  const query = new URL(c.req.url).searchParams;
  if (tokenParams.some((name) => query.has(name)))
    throw unauthorized('tokens are never accepted in a URL; send "Authorization: Bearer <token>"');
  const ticket = query.get('ticket');
  if (ticket !== null && looksLikeToken(ticket))
    throw unauthorized('a token is not a ticket; get one from POST /api/v1/ws-tickets');
  const bearer = bearerOf(c);
  if (bearer !== null) {
    const now = Date.now();
    const recent = reuse ? credentials.use(bearer, now) : null;
    if (recent !== null) return recent;
    const served = credentials.settle(bearer);
    const result = await c.env.WORKSPACE.getByName(workspaceOf(bearer)).authenticate(bearer, served);
    if (reuse && result.ok)
      credentials.remember(bearer, { principal: result.principal, allowance: result.allowance }, now);
    return principalOf(result);
  }
  if (ticket !== null) {
    // Browsers cannot set headers on a WebSocket; a short-lived single-use ticket stands in.
    if (!isWebSocketUpgrade(c)) throw unauthorized('tickets are accepted on WebSocket upgrades only');
    const parsed = parseCredential(ticket);
    if (parsed?.kind !== 'ticket') throw unauthorized('the ticket is unknown, used or expired');
    const result = await c.env.WORKSPACE.getByName(parsed.workspaceId).redeemTicket(ticket);
    if (!result.ok && result.reason === 'invalid')
      throw unauthorized('the ticket is unknown, used or expired');
    return principalOf(result);
  }
  throw unauthorized();
}

/** May a principal of `role` use a route open to `roles`? Admin may use every route. */
export const roleAllows = (role: Role, roles: readonly Role[]) => role === 'admin' || roles.includes(role);

/** Refuses a principal whose role the route does not admit, else hands it to the route. */
function admit(c: Context<{ Bindings: Env }>, principal: Principal, roles: readonly Role[]): void {
  if (!roleAllows(principal.role, roles))
    throw forbidden(`this needs a token of role ${roles.join(' or ')}; this one is ${principal.role}`);
  c.set('principal', principal);
}

/**
 * Authenticates the caller and checks its role: 401 for no, bad or revoked credentials, 403 for
 * a role the route does not admit, 429 when the token is over its rate. Sets `c.var.principal`.
 * `admin` passes every check, so routes that answer interactions list `approver` only and
 * thereby stay closed to agent tokens.
 */
export const requireRole = (...roles: Role[]): MiddlewareHandler<{ Bindings: Env }> =>
  async function requireRole(c, next) {
    const principal = await authenticate(c);
    admit(c, principal, roles);
    await next();
    // An approver or admin may just have revoked a token or changed what the workspace allows:
    // this isolate's remembered checks of the workspace (and the policy version they carry) end.
    if (principal.role !== 'agent' && !readOnlyMethods.has(c.req.method))
      credentials.expireWorkspace(principal.workspaceId);
  };

const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `requireRole` for the agent's hot path (submitting and polling tool calls, the hooks): a bearer
 * token this isolate checked less than `credentialReuseMs` ago is taken as checked, so a burst of
 * tool calls crosses to the WorkspaceDO about once a second instead of once a call. The routes
 * that revoke tokens, change permissions or answer interactions use `requireRole` and always check.
 */
export const requireRoleRecentlyChecked = (...roles: Role[]): MiddlewareHandler<{ Bindings: Env }> =>
  async function requireRoleRecentlyChecked(c, next) {
    admit(c, await authenticate(c, true), roles);
    await next();
  };
