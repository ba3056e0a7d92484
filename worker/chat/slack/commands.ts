import { badRequest } from '../../common/errors.ts';
import { linkChat } from '../link.ts';
import { SlashCommand } from './payloads.ts';
import { slackUserId } from './users.ts';

/**
 * `/gatehouse link CODE` (docs/chat.md "Slack"): the Slack user who sends a link code answers as
 * the approver who made it. The answer is the command's own response, seen only by the sender
 * (`response_type: "ephemeral"`); linking is one call to the code's workspace, well inside
 * Slack's 3 s.
 */

export interface CommandReply {
  response_type: 'ephemeral';
  text: string;
}

const usage =
  'Gatehouse: make a link code in Gatehouse (/app: "Link Telegram or Slack"), then send `/gatehouse link CODE` here.';

const reply = (text: string): CommandReply => ({ response_type: 'ephemeral', text });

export async function runCommand(env: Env, raw: string): Promise<CommandReply> {
  const parsed = SlashCommand.safeParse(Object.fromEntries(new URLSearchParams(raw)));
  if (!parsed.success) throw badRequest('not a Slack slash command');
  const command = parsed.data;
  const [verb, code, ...rest] = command.text.trim().split(/\s+/);
  if (verb?.toLowerCase() !== 'link' || !code || rest.length > 0) return reply(usage);
  const result = await linkChat(env, {
    provider: 'slack',
    code,
    userId: slackUserId(command.team_id, command.user_id),
    // Where this user's questions go: a DM, opened for the bare user id when one is posted.
    chatId: command.user_id,
  });
  if (!result.ok) return reply(`Not linked: ${result.message}`);
  const label = result.approver.label ?? result.approver.tokenId;
  return reply(
    `Linked: you answer Gatehouse questions as ${label}. Questions come to you here as direct messages, or to the channel your workspace set.`,
  );
}
