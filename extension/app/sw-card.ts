import { z } from 'zod';
import { Risk, ToolName } from '../../shared/contract/index.ts';

/** The part of `GET /sessions/{sid}` the service worker reads to show a card it was not sent. */
export const InteractionView = z.object({
  title: z.string().nullable(),
  activeInteraction: z
    .object({
      interactionId: z.string(),
      tool: ToolName,
      input: z.unknown(),
      decision: z.object({ risk: Risk }),
    })
    .nullable(),
});
