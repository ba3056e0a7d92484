import { z } from 'zod';
import { limits } from './limits.ts';

/** Opaque identifiers chosen by agents (session ids, tool call ids): printable, no spaces. */
export const Identifier = z
  .string()
  .min(1)
  .max(limits.idLength)
  .regex(/^[A-Za-z0-9._:@-]+$/, 'only letters, digits and . _ : @ - are allowed');

export const SessionId = Identifier;
export const ToolCallId = Identifier;
export const InteractionId = Identifier;

/** Tool names: `Bash`, `Edit`, `mcp__server__tool`, … */
export const ToolName = z
  .string()
  .min(1)
  .max(limits.toolNameLength)
  .regex(/^[A-Za-z0-9_.:/-]+$/, 'tool names use letters, digits and _ . : / - only');
