import { WorkspaceId } from '../../shared/contract/index.ts';

/**
 * Bearer tokens and WebSocket tickets carry the workspace they belong to, so the Worker knows
 * which WorkspaceDO to ask without a global lookup:
 *   token  `gh_<workspaceId>_<tokenId>_<secret>`
 *   ticket `gt_<workspaceId>_<ticketId>_<secret>`
 * Workspace and credential ids never contain `_`; the base64url secret may, so it comes last.
 * Anything else presented as a bearer token is checked against the bootstrap admin token of
 * the workspace `default` (GATEHOUSE_ADMIN_TOKEN is whatever string the operator chose).
 */
export type CredentialKind = 'token' | 'ticket';

export interface ParsedCredential {
  kind: CredentialKind;
  workspaceId: string;
  id: string;
  secret: string;
}

const prefixes: Record<CredentialKind, string> = { token: 'gh', ticket: 'gt' };

export const defaultWorkspaceId = 'default';

/** The id of the bootstrap admin token (GATEHOUSE_ADMIN_TOKEN), which lives in no table. */
export const bootstrapTokenId = 'bootstrap';

export function formatCredential(
  kind: CredentialKind,
  workspaceId: string,
  id: string,
  secret: string,
): string {
  return `${prefixes[kind]}_${workspaceId}_${id}_${secret}`;
}

export function parseCredential(text: string): ParsedCredential | null {
  const match = /^(gh|gt)_([a-z0-9-]+)_([a-z0-9-]+)_([A-Za-z0-9_-]{16,256})$/.exec(text);
  if (!match) return null;
  const [, prefix, workspaceId = '', id = '', secret = ''] = match;
  if (!WorkspaceId.safeParse(workspaceId).success) return null;
  return { kind: prefix === 'gh' ? 'token' : 'ticket', workspaceId, id, secret };
}

/** Does this string look like a relay token? (Used to refuse tokens placed in URLs.) */
export function looksLikeToken(text: string): boolean {
  return text.startsWith(`${prefixes.token}_`);
}
