// The Worker's Slack settings (docs/chat.md "Slack"), merged into the bindings of worker/env.d.ts.
declare namespace Cloudflare {
  interface Env {
    /** The Slack app's signing secret: every request from Slack is checked with it. Slack is off without it. */
    SLACK_SIGNING_SECRET?: string;
    /** The bot token (xoxb-…) the relay calls Slack's Web API with. Slack is off without it. */
    SLACK_BOT_TOKEN?: string;
    /** The Web API base (default https://slack.com/api/, the method name appended); tests point it at a local fake. */
    SLACK_API_URL?: string;
  }
}
