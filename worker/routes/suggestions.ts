import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { type Interaction, RuleText } from '../../shared/contract/index.ts';
import type { AppEnv } from '../http/app-env.ts';
import { access, jsonAnswer, openApiRoutes, requestJson } from '../http/openapi.ts';
import { ownWorkspace } from './stubs.ts';

/**
 * Learn from the approver (docs/approver-ui.md "Learned rules"): every approval an approver
 * gives counts for the rule the relay suggested for that call; `POST /suggestions/decline`
 * stops the offer of one rule in the workspace.
 */

/** After an answer: an approval counts for its suggested rule. Counting never fails the answer. */
export async function recordApproval(c: Context<AppEnv>, interaction: Interaction): Promise<void> {
  if (interaction.resolution?.behavior !== 'allow' || interaction.resolution.source !== 'user') return;
  await ownWorkspace(c)
    .approvalRecorded(interaction)
    .catch((error: unknown) => console.error('approval not counted', error));
}

const Decline = z.strictObject({ rule: RuleText });

const decline = createRoute({
  method: 'post',
  path: '/suggestions/decline',
  summary: 'Stop offering a learned rule in this workspace',
  ...access(['approver']),
  request: requestJson(Decline),
  responses: { 200: jsonAnswer(z.object({ rule: z.string(), declined: z.literal(true) }), 'declined') },
});

export const suggestionRoutes = openApiRoutes().openapi(decline, async (c) => {
  const { rule } = c.req.valid('json');
  await ownWorkspace(c).declineSuggestion(rule);
  return c.json({ rule, declined: true as const }, 200);
});
