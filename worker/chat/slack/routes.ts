import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { ApiError, tooLarge, unauthorized } from '../../common/errors.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { failures, jsonAnswer, open, openApiRoutes } from '../../http/openapi.ts';
import { runCommand } from './commands.ts';
import { type SlackConfig, slackClient, slackConfig } from './config.ts';
import { acceptInteraction } from './interactions.ts';
import { verifySlackSignature } from './signature.ts';

/**
 * The Slack app's request URLs (docs/chat.md "Slack"), outside `/api/v1`: Slack signs what it
 * sends with the app's signing secret, and that signature is the only credential. Unsigned,
 * stale or wrongly signed → 401, before anything is read or changed.
 */

/** Slack's payloads are a few kilobytes; a body past this is not one of them. */
const slackBodyBytes = 64 * 1024;

const interactions = createRoute({
  method: 'post',
  path: '/integrations/slack/interactions',
  summary: "Slack's interactivity URL: button presses and the Deny modal (signed by Slack; no token)",
  description:
    'A form body `payload=<JSON>` as Slack posts it, read raw: its `X-Slack-Signature` (v0, HMAC-SHA256 over `v0:{X-Slack-Request-Timestamp}:{body}`) must hold, within five minutes.',
  ...open,
  responses: {
    200: { description: 'acknowledged; the work finishes after the response' },
    ...failures(400, 401, 404, 413),
  },
});

const commands = createRoute({
  method: 'post',
  path: '/integrations/slack/commands',
  summary: 'The `/gatehouse` slash command: `/gatehouse link CODE` (signed by Slack; no token)',
  description:
    "Slack's slash command form (`team_id`, `user_id`, `text`, …), signed as the interactivity URL is.",
  ...open,
  responses: {
    200: jsonAnswer(
      z.object({ response_type: z.literal('ephemeral'), text: z.string() }),
      'the reply only the sender sees',
    ),
    ...failures(400, 401, 404, 413),
  },
});

/** Slack's configuration, or a 404 naming why: a relay without its secrets has no Slack app. */
function configured(c: Context<AppEnv>): SlackConfig {
  const config = slackConfig(c.env);
  if (!config)
    throw new ApiError(
      404,
      'not_found',
      'Slack is not configured on this relay (SLACK_SIGNING_SECRET, SLACK_BOT_TOKEN)',
    );
  return config;
}

/** The raw body, once Slack's signature over it holds. */
async function signedBody(c: Context<AppEnv>, config: SlackConfig): Promise<string> {
  const raw = await c.req.text();
  const check = await verifySlackSignature(config.signingSecret, c.req.raw.headers, raw, Date.now());
  if (!check.ok) throw unauthorized(`not a request signed by Slack (${check.reason})`);
  return raw;
}

const issuerOf = (c: Context<AppEnv>) =>
  c.env.GATEHOUSE_PUBLIC_URL?.replace(/\/+$/, '') || new URL(c.req.url).origin;

const routes = openApiRoutes();
routes.use(
  '/integrations/slack/*',
  bodyLimit({
    maxSize: slackBodyBytes,
    onError: () => {
      throw tooLarge(`Slack requests are limited to ${slackBodyBytes} bytes`);
    },
  }),
);

export const slackRoutes = routes
  .openapi(interactions, async (c) => {
    const config = configured(c);
    const raw = await signedBody(c, config);
    acceptInteraction(
      {
        env: c.env,
        client: slackClient(config),
        background: (work) => c.executionCtx.waitUntil(work),
        issuer: issuerOf(c),
      },
      raw,
    );
    return c.body(null, 200);
  })
  .openapi(commands, async (c) => {
    const config = configured(c);
    // Slack checks a command URL's certificate with an unsigned `ssl_check=1` POST from time to
    // time (https://api.slack.com/interactivity/slash-commands): a 200 that reads and changes nothing.
    if (new URLSearchParams(await c.req.text()).get('ssl_check') === '1')
      return c.json({ response_type: 'ephemeral' as const, text: '' }, 200);
    const raw = await signedBody(c, config);
    return c.json(await runCommand(c.env, raw), 200);
  });
