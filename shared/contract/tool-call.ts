import { z } from 'zod';
import { CompactJws } from './attestation.ts';
import { ToolPermissionDecision, ToolPermissionResolution } from './decision.ts';
import { Identifier, ToolCallId, ToolName } from './ids.ts';
import { limits } from './limits.ts';
import { Capability } from './permissions.ts';

/** Nesting depth of a JSON value; stops counting past `max` so hostile input stays cheap. */
export function jsonDepth(value: unknown, max: number = limits.inputDepth + 1): number {
  if (value === null || typeof value !== 'object') return 0;
  if (max <= 0) return 1;
  let deepest = 0;
  for (const child of Object.values(value)) {
    deepest = Math.max(deepest, jsonDepth(child, max - 1));
    if (deepest >= max) break;
  }
  return deepest + 1;
}

/** A tool call's arguments: any JSON object, bounded in depth and size. */
export const ToolInput = z
  .record(z.string(), z.unknown())
  .refine((input) => jsonDepth(input) <= limits.inputDepth, {
    message: `input nests deeper than ${limits.inputDepth} levels`,
  })
  .refine((input) => JSON.stringify(input).length <= limits.inputChars, {
    message: `input is larger than ${limits.inputChars} characters of JSON`,
  });
export type ToolInput = z.infer<typeof ToolInput>;

/** The body of `POST /sessions/{sid}/tool-calls`. */
export const ToolCallRequest = z.object({
  tool_call_id: ToolCallId,
  tool: ToolName,
  input: ToolInput,
  capability: Capability.optional(),
  cwd: z.string().min(1).max(limits.cwdLength).optional(),
  wait: z.number().min(0).max(limits.waitSeconds).optional(),
  /** The user's request this call serves (a `user-prompt-submit` hook's `prompt_id`); else the session's latest. */
  prompt_id: Identifier.optional(),
});
export type ToolCallRequest = z.infer<typeof ToolCallRequest>;

export const InteractionState = z.enum(['active', 'queued', 'resolved']);

/** The part of a tool call's state that says where its interaction stands. */
export const InteractionRef = z.object({
  interactionId: z.string(),
  state: InteractionState,
  /** 0 when active; 1 for the first waiting behind it, and so on. */
  queuePosition: z.number().int().min(0),
  /** ISO time; set once the interaction is active. */
  expiresAt: z.string().nullable(),
});
export type InteractionRef = z.infer<typeof InteractionRef>;

/** What the agent must obey: `pending` only when `wait` ran out before a human answered. */
export const Outcome = z.enum(['allow', 'deny', 'pending']);
export type Outcome = z.infer<typeof Outcome>;

export const ToolCallState = z.object({
  toolCallId: ToolCallId,
  tool: ToolName,
  outcome: Outcome,
  decision: ToolPermissionDecision,
  interaction: InteractionRef.optional(),
  resolution: ToolPermissionResolution.optional(),
  /** The signed outcome (docs/attestation.md): a compact JWS, once the call is allowed or denied. */
  attestation: CompactJws.optional(),
});
export type ToolCallState = z.infer<typeof ToolCallState>;

/** The body of `POST /sessions/{sid}/tool-calls/{tcid}/result`. */
export const ToolCallResultRequest = z.object({
  status: z.enum(['ok', 'error']),
  output: z
    .string()
    .max(limits.displayStringChars * 4)
    .optional(),
  /** How long the call ran, when the agent knows. */
  duration_ms: z.number().min(0).max(86_400_000).optional(),
});
export type ToolCallResultRequest = z.infer<typeof ToolCallResultRequest>;
