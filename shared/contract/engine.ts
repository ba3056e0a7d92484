import { z } from 'zod';
import { ToolCallId, ToolName } from './ids.ts';
import { limits } from './limits.ts';
import { Capability } from './permissions.ts';
import { ToolInput } from './tool-call.ts';

/** A tool call as the engine sees it (the wire's snake_case request, minus transport fields). */
export const EngineToolCall = z.object({
  toolCallId: ToolCallId,
  tool: ToolName,
  input: ToolInput,
  capability: Capability.optional(),
  cwd: z.string().max(limits.cwdLength).optional(),
});
export type EngineToolCall = z.infer<typeof EngineToolCall>;
