/**
 * How a Slack user is named in a link (docs/chat.md "Slack"): `<team id>:<user id>`, so a click
 * from another Slack workspace (a shared channel, a second install) never matches a link made in
 * this one, even if Slack reused the user id. The bare user id is where the DM goes.
 */
export function slackUserId(teamId: string, userId: string): string {
  return `${teamId}:${userId}`;
}
