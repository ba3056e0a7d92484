import { parseArgs } from 'node:util';
import type { ManifestParams } from 'slack-web-api-client';
import type { ChatIo } from './chat-telegram.ts';

/**
 * `gatehouse chat slack` (docs/chat.md "Slack"): prints the Slack app manifest to paste at
 * api.slack.com/apps (the relay's interactivity and slash command URLs, the bot's scopes) and
 * the `wrangler secret put` steps that give the relay the app's signing secret and bot token.
 * Slack has no call that could do this for the user without an app configuration token, so it
 * only prints; `--json` prints the manifest alone, for a file or a pipe.
 */

const usage = `gatehouse chat slack — make the relay a Slack app

Usage: gatehouse chat slack [--url RELAY_URL] [--name NAME] [--json]

  --url URL     the relay's public https URL (default $GATEHOUSE_URL)
  --name NAME   the app's name in Slack (default Gatehouse)
  --json        print the manifest only`;

/**
 * The bot's scopes, and only these: post and edit its own messages (`chat:write`, which covers
 * `chat.update`, `chat.postEphemeral` and `views.open`), open a DM with a linked approver
 * (`im:write`), and the `/gatehouse` command (`commands`).
 */
export const slackBotScopes = ['chat:write', 'im:write', 'commands'] as const;

export function slackManifest(relayUrl: string, name = 'Gatehouse'): ManifestParams {
  const base = relayUrl.replace(/\/+$/, '');
  return {
    display_information: {
      name,
      description: 'Approve or deny what your AI agents ask to run',
      background_color: '#1d2330',
    },
    features: {
      app_home: {
        home_tab_enabled: false,
        messages_tab_enabled: true,
        messages_tab_read_only_enabled: false,
      },
      bot_user: { display_name: name, always_online: true },
      slash_commands: [
        {
          command: '/gatehouse',
          url: `${base}/integrations/slack/commands`,
          description: 'Link your Slack user to your Gatehouse approver',
          usage_hint: 'link CODE',
          should_escape: false,
        },
      ],
    },
    oauth_config: { scopes: { bot: [...slackBotScopes] } },
    settings: {
      interactivity: { is_enabled: true, request_url: `${base}/integrations/slack/interactions` },
      org_deploy_enabled: false,
      socket_mode_enabled: false,
      token_rotation_enabled: false,
    },
  };
}

const stdio: ChatIo = {
  print: (line) => process.stdout.write(`${line}\n`),
  warn: (line) => process.stderr.write(`${line}\n`),
};

export async function runChatSlack(
  args: string[],
  io: ChatIo = stdio,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  let values: { url?: string; name?: string; json?: boolean; help?: boolean };
  try {
    values = parseArgs({
      args,
      options: {
        url: { type: 'string' },
        name: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    io.warn(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  if (values.help) {
    io.print(usage);
    return 0;
  }
  const relay = values.url ?? env.GATEHOUSE_URL;
  let url: URL;
  try {
    if (!relay) throw new Error('the relay URL is needed: --url https://… or $GATEHOUSE_URL');
    url = new URL(relay);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new Error(`not an http(s) URL: ${relay}`);
  } catch (error) {
    io.warn(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  const name = values.name?.trim() || 'Gatehouse';
  if ([...name].length > 35) {
    io.warn('--name: Slack allows at most 35 characters');
    return 2;
  }
  const manifest = JSON.stringify(slackManifest(url.href, name), null, 2);
  if (values.json) {
    io.print(manifest);
    return 0;
  }
  if (url.protocol !== 'https:')
    io.warn(
      `Slack sends requests only to https URLs; ${url.origin} works with a local fake Slack, not with Slack.`,
    );
  for (const line of [
    `1. Create the app: https://api.slack.com/apps?new_app=1 → "From a manifest" → your workspace → paste:`,
    '',
    manifest,
    '',
    '2. Install it to your workspace (the "Install App" page), then give the relay its secrets:',
    '',
    '   npx wrangler secret put SLACK_SIGNING_SECRET   # Basic Information → App Credentials → Signing Secret',
    '   npx wrangler secret put SLACK_BOT_TOKEN        # Install App → Bot User OAuth Token (xoxb-…)',
    '',
    '   (a relay on this machine reads them from .dev.vars instead; restart it after adding them)',
    '',
    '3. Link yourself: make a link code in Gatehouse (/app: "Link Telegram or Slack"),',
    '   then send it in Slack:  /gatehouse link CODE',
    '',
    "   Questions then come to each linked approver's DM. To have them posted once to a channel",
    '   instead, set it in the workspace permissions ({"chat": {"slackChannel": "C0123ABCD"}}',
    `   with PUT /api/v1/permissions) and invite the app there: /invite @${name}`,
  ])
    io.print(line);
  return 0;
}
