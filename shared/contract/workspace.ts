import { z } from 'zod';
import { Role } from './api.ts';
import { ActorRef } from './authority.ts';
import { Identifier, SessionId, ToolName } from './ids.ts';
import { DeliverySettings, PermissionsConfig, SuggestionSettings } from './permissions.ts';
import { SessionView } from './session.ts';

/**
 * Workspace ids travel inside tokens (`gh_<workspaceId>_…`) and pairing codes
 * (`<workspaceId>.<code>`), so they never contain `_` or `.`.
 */
export const WorkspaceId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'workspace ids use lowercase letters, digits and - only');

/** `POST /workspaces` (bootstrap admin only): a new workspace and its first admin token, shown once. */
export const CreatedWorkspace = z.object({
  workspaceId: WorkspaceId,
  tokenId: z.string(),
  token: z.string(),
});
export type CreatedWorkspace = z.infer<typeof CreatedWorkspace>;

/** A token as `GET /tokens` lists it: never its secret, never its hash. */
export const TokenInfo = z.object({
  id: z.string(),
  role: Role,
  label: z.string().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type TokenInfo = z.infer<typeof TokenInfo>;
export const TokenList = z.object({ tokens: z.array(TokenInfo) });

/** `POST /ws-tickets`: browsers cannot set headers on a WebSocket, so they connect with `?ticket=`. */
export const WsTicket = z.object({ ticket: z.string(), expiresAt: z.string() });

/**
 * `GET`/`PUT /permissions` answer: the workspace's default permissions exactly as written (the
 * `PUT` body is the config itself, in any dialect, so a Claude Code settings.json can be sent as is).
 */
export const WorkspacePermissions = z.object({
  permissions: PermissionsConfig.nullable(),
  policyVersion: z.number().int().min(0),
  updatedAt: z.string().nullable(),
  /** The delivery settings in force: those written, defaults for the rest. */
  delivery: DeliverySettings.optional(),
  /** The suggestion settings in force: those written, defaults for the rest. */
  suggestions: SuggestionSettings.optional(),
});
export type WorkspacePermissions = z.infer<typeof WorkspacePermissions>;

/**
 * `PUT /permissions` answer: what is stored, and the keys of the body that were accepted and not
 * applied (a Claude Code settings file's `env`, `hooks`, `model`…), so that nothing is dropped
 * without saying so.
 */
export const PermissionsAnswer = WorkspacePermissions.extend({ ignored: z.array(z.string()) });
export type PermissionsAnswer = z.infer<typeof PermissionsAnswer>;

/** What a grant covers: the exact call approved (by approval key), or a rule the approver saved. */
export const GrantKind = z.enum(['call', 'rule']);

/** An approver's "for this session" answer, kept by the session (`GET /sessions/{sid}/grants`). */
export const SessionGrant = z.object({
  id: z.string(),
  kind: GrantKind,
  /** The approval key (tool + canonical input hash) of an exact-call grant. */
  key: z.string().nullable(),
  /** The rule text of a rule grant. */
  rule: z.string().nullable(),
  scope: z.literal('session'),
  tool: ToolName,
  /** Redacted display copy of the input the human approved. */
  input: z.unknown(),
  interactionId: Identifier,
  expiresAt: z.string().nullable(),
  actor: ActorRef.nullable(),
  createdAt: z.string(),
});
export type SessionGrant = z.infer<typeof SessionGrant>;
export const SessionGrantList = z.object({ grants: z.array(SessionGrant) });

/** An "always allow" answer, kept by the workspace and applied to all its sessions. */
export const GlobalGrant = z.object({
  id: z.string(),
  kind: GrantKind.optional(),
  rule: z.string().nullable().optional(),
  scope: z.literal('global').optional(),
  expiresAt: z.string().nullable().optional(),
  /** Who approved it: token id, label and role. */
  actor: ActorRef.nullable().optional(),
  tool: ToolName,
  /** Redacted display copy of the input the human approved. */
  input: z.unknown(),
  sessionId: SessionId,
  interactionId: Identifier,
  /** Label (or id) of the token that approved it, when known. */
  approvedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type GlobalGrant = z.infer<typeof GlobalGrant>;
export const GrantList = z.object({ grants: z.array(GlobalGrant) });

/** `GET /sessions`: every session of the workspace, most recently changed first. */
export const SessionList = z.object({ sessions: z.array(SessionView) });
