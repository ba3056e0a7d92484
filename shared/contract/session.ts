import { z } from 'zod';
import { ActorRef, ModeChooser, RequestedAuthority } from './authority.ts';
import { SessionId } from './ids.ts';
import { Interaction } from './interaction.ts';
import { limits } from './limits.ts';
import { Mode, ModeName, PermissionsConfig } from './permissions.ts';

/**
 * A mode the agent declares (AstraBox: the agent's own names and descriptions). `id` is the
 * agent's name; `behaves_as` is the engine mode it maps to, defaulting to `id` itself when
 * that is an engine mode or a Claude Code alias.
 */
export const ModeDeclaration = z
  .object({
    id: z.string().min(1).max(limits.labelLength),
    label: z.string().min(1).max(limits.labelLength),
    description: z.string().max(limits.descriptionLength).optional(),
    behaves_as: ModeName.optional(),
  })
  .transform((declared, ctx) => {
    const mode = declared.behaves_as ?? ModeName.safeParse(declared.id).data;
    if (mode) return { id: declared.id, label: declared.label, description: declared.description, mode };
    ctx.addIssue({
      code: 'custom',
      path: ['behaves_as'],
      message: `mode "${declared.id}" is not an engine mode; say which one it behaves as`,
    });
    return z.NEVER;
  });
export type ModeDeclaration = z.output<typeof ModeDeclaration>;

/** `PUT /sessions/{sid}`: the agent declares (or updates) its session. */
export const SessionDeclaration = z.object({
  title: z.string().max(limits.titleLength).optional(),
  agent: z.string().max(limits.labelLength).optional(),
  /** A declared mode's `id`, or an engine mode name. */
  mode: z.string().min(1).max(limits.labelLength).optional(),
  modes: z.array(ModeDeclaration).max(limits.declaredModes).optional(),
  permissions: PermissionsConfig.optional(),
});
export type SessionDeclaration = z.infer<typeof SessionDeclaration>;

/** `PUT /sessions/{sid}/mode`: an approver switches mode. */
export const ModeChangeRequest = z.object({ mode: z.string().min(1).max(limits.labelLength) });

/**
 * The agent token a session belongs to (DESIGN §3): the first to declare it or send it a call.
 * Every other agent token finds no such session. `null` until an agent token touches it.
 */
export const SessionOwner = z.object({ tokenId: z.string(), label: z.string().nullable() });
export type SessionOwner = z.infer<typeof SessionOwner>;

/**
 * How the active question reached the approver's phones (docs/push.md "Known to arrive"), added
 * by the workspace to the views it serves: when a push service first took a push of it, and the
 * first device that showed it.
 */
export const PushDelivery = z.object({
  interactionId: z.string(),
  sentAt: z.string().nullable(),
  shown: z.object({ device: z.string(), at: z.string(), afterSeconds: z.number().int().min(0) }).nullable(),
});
export type PushDelivery = z.infer<typeof PushDelivery>;

/** What approvers see of a session. */
export const SessionView = z.object({
  sessionId: SessionId,
  /** Optional: views stored before sessions had owners lack it. */
  owner: SessionOwner.nullable().optional(),
  title: z.string().nullable(),
  agent: z.string().nullable(),
  /** The selected mode's id (a declared id or an engine mode). */
  mode: z.string(),
  /** The engine mode in force. */
  engineMode: Mode,
  modes: z.array(
    z.object({ id: z.string(), label: z.string(), description: z.string().optional(), mode: Mode }),
  ),
  activeInteraction: Interaction.nullable(),
  /** What the agent asked for beyond what it may take itself; null or absent when nothing. */
  requested: RequestedAuthority.nullable().optional(),
  /** Who chose the mode in force, when known. */
  modeSetBy: ModeChooser.nullable().optional(),
  /** The token that chose the mode in force, when known. */
  modeActor: ActorRef.optional(),
  /** An approver granted this session's own loosening permissions. */
  looseningGranted: z.boolean().optional(),
  queueLength: z.number().int().min(0),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the agent said the session ended (Claude Code's SessionEnd); null or absent while it runs. */
  endedAt: z.string().nullable().optional(),
  /** The active question's push delivery, when any push of it went out. */
  delivery: PushDelivery.nullable().optional(),
});
export type SessionView = z.infer<typeof SessionView>;
