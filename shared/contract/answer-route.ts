import type { InteractionAnswer } from './interaction.ts';

// Apart from the schemas, with no zod: /app's service worker answers a notification's button
// with it and loads nothing else of the contract.

/**
 * An answer on the wire: `POST {path}` (below `/api/v1/`) with `body`. Generic in the answer so a
 * client's input and the relay's parsed answer map alike.
 */
export const answerRoute = <A>({ sessionId, interactionId, answer }: Answering<A>) => ({
  path: `sessions/${encodeURIComponent(sessionId)}/interaction-respond`,
  body: { interaction_id: interactionId, answer },
});

/** The route's path parameter and body, as the answer they carry. */
export const answerFromRoute = <A>(
  sessionId: string,
  body: { interaction_id: string; answer: A },
): Answering<A> => ({
  sessionId,
  interactionId: body.interaction_id,
  answer: body.answer,
});

export type Answering<A> = Omit<InteractionAnswer, 'answer'> & { answer: A };
