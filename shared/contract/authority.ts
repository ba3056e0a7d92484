import { z } from 'zod';
import { Role } from './api.ts';
import { limits } from './limits.ts';
import { Mode } from './permissions.ts';

/**
 * What the session's agent asked for and does not get (DESIGN §5 "Layering"): a looser mode,
 * loosening permissions. The session runs without them until an approver grants them for this
 * session (`POST /sessions/{sid}/grant-requested`).
 */
export const RequestedAuthority = z.object({
  /** The mode as the agent named it, e.g. `acceptEdits`, and the engine mode it maps to. */
  mode: z.string().optional(),
  engineMode: Mode.optional(),
  /** Each loosening permission left out, e.g. `allow rule Bash(npm test)`, `tools.Bash: allow`. */
  permissions: z.array(z.string()).optional(),
  /** One line for people, e.g. "Claude Code runs in acceptEdits: not applied". */
  label: z.string(),
});
export type RequestedAuthority = z.infer<typeof RequestedAuthority>;

/** Who chose the mode in force: an agent's choice never undoes an approver's. */
export const ModeChooser = z.enum(['agent', 'approver', 'admin']);

/**
 * Who made a change: the token (and its label, e.g. "Chrome on Linux", "Phone") and its role.
 * Recorded on every resolution, mode change and grant beside the older `by` role strings.
 */
export const ActorRef = z.object({
  tokenId: z.string().max(limits.idLength),
  label: z.string().max(limits.labelLength).optional(),
  role: Role,
});
export type ActorRef = z.infer<typeof ActorRef>;
