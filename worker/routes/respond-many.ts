import { createRoute } from '@hono/zod-openapi';
import { InteractionRespondManyAnswer, InteractionRespondManyRequest } from '../../shared/contract/index.ts';
import { access, jsonAnswer, openApiRoutes, requestJson } from '../http/openapi.ts';
import { callerOf, sessionOf } from '../http/session-calls.ts';
import { recordApproval } from './suggestions.ts';

/**
 * One answer for several questions (docs/approver-ui.md "Answering together"): each is sent to
 * its session exactly as `POST /sessions/{sid}/interaction-respond` sends it, so each is checked,
 * recorded and resolved on its own with the same actor, and each may be refused on its own (not
 * active, already answered, expired, a session this token cannot see): the answer lists every
 * result in the order asked. Approver only, as one answer is.
 */
const respondMany = createRoute({
  method: 'post',
  path: '/interaction-respond-many',
  summary: 'Answer several questions with one answer; each answered as if alone, each result listed',
  ...access(['approver']),
  request: requestJson(InteractionRespondManyRequest),
  responses: { 200: jsonAnswer(InteractionRespondManyAnswer, 'one result per question, in order') },
});

export const respondManyRoutes = openApiRoutes().openapi(respondMany, async (c) => {
  const { interactions, answer } = c.req.valid('json');
  // One at a time: two questions of one session are answered in order, as two clicks would be.
  const results = [];
  for (const { session_id, interaction_id } of interactions) {
    const caller = callerOf(c, session_id);
    const result = await sessionOf(c, caller).respond(caller, {
      sessionId: session_id,
      interactionId: interaction_id,
      answer,
    });
    if (result.ok) await recordApproval(c, result.value);
    results.push(
      result.ok
        ? { session_id, interaction_id, ok: true as const, interaction: result.value }
        : {
            session_id,
            interaction_id,
            ok: false as const,
            status: result.status,
            error: { code: result.code, message: result.message },
          },
    );
  }
  return c.json({ results }, 200);
});
