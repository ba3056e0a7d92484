import { SlackAPIClient } from 'slack-web-api-client';

/**
 * Slack is on when both of its secrets are set (docs/chat.md "Slack"): the signing secret that
 * proves a request came from Slack, and the bot token the relay calls the Web API with.
 * `SLACK_API_URL` is the Web API base, the method name appended (tests and staging point it at
 * a local server).
 */
export interface SlackConfig {
  signingSecret: string;
  botToken: string;
  apiUrl: string;
}

export const defaultSlackApiUrl = 'https://slack.com/api/';

export function slackConfig(env: Env): SlackConfig | null {
  const signingSecret = env.SLACK_SIGNING_SECRET?.trim();
  const botToken = env.SLACK_BOT_TOKEN?.trim();
  if (!signingSecret || !botToken) return null;
  const base = env.SLACK_API_URL?.trim() || defaultSlackApiUrl;
  return { signingSecret, botToken, apiUrl: base.endsWith('/') ? base : `${base}/` };
}

/**
 * The Web API client slack-edge itself uses (slack-web-api-client), pointed at `apiUrl`: every
 * call a form POST with `Authorization: Bearer <bot token>`, an `ok: false` answer thrown as an
 * error, a 429 retried after Slack's `Retry-After`.
 */
export function slackClient(config: SlackConfig): SlackAPIClient {
  return new SlackAPIClient(config.botToken, { baseUrl: config.apiUrl, logLevel: 'WARN' });
}
