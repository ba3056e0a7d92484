import { z } from 'zod';
import { Identifier } from '../../shared/contract/index.ts';

/** The chat link requests' shapes, checked by the background's door (`message-guard.ts`). */
export const chatRequestSchemas = [
  z.object({ type: z.literal('chatLinkCode') }).strict(),
  z.object({ type: z.literal('chatLinks') }).strict(),
  z.object({ type: z.literal('unlinkChat'), linkId: Identifier }).strict(),
] as const;
