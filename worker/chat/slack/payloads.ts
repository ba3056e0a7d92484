import { z } from 'zod';

/**
 * What Slack sends the relay, as far as the relay reads it (https://api.slack.com/reference/interaction-payloads).
 * Slack's wire format, not the relay's contract, so it lives beside the code that reads it
 * rather than in shared/. Anything else in a payload is ignored; a payload without these fields
 * is answered 400 and changes nothing.
 */

const SlackId = z.string().regex(/^[A-Z0-9]{1,32}$/, 'a Slack id');
/** A message's `ts`: seconds and microseconds, e.g. "1733130000.000100". */
const MessageTs = z.string().regex(/^\d{1,12}\.\d{1,8}$/, 'a Slack message ts');

const Team = z.object({ id: SlackId });
const User = z.object({ id: SlackId });

export const BlockActions = z.object({
  type: z.literal('block_actions'),
  team: Team,
  user: User,
  trigger_id: z.string().min(1).max(200),
  container: z.object({
    type: z.literal('message'),
    channel_id: SlackId,
    message_ts: MessageTs,
  }),
  actions: z
    .array(z.object({ action_id: z.string().max(255), value: z.string().max(2000).optional() }))
    .min(1)
    .max(25),
});
export type BlockActions = z.infer<typeof BlockActions>;

export const ViewSubmission = z.object({
  type: z.literal('view_submission'),
  team: Team,
  user: User,
  trigger_id: z.string().min(1).max(200).optional(),
  view: z.object({
    id: z.string().max(64),
    callback_id: z.string().max(255),
    private_metadata: z.string().max(3000),
    state: z.object({
      values: z.record(
        z.string(),
        z.record(z.string(), z.object({ value: z.string().nullable().optional() })),
      ),
    }),
  }),
});
export type ViewSubmission = z.infer<typeof ViewSubmission>;

/** The Deny modal's `private_metadata`: the message whose Deny opened it. */
export const DenyTarget = z.object({ channel: SlackId, ts: MessageTs });
export type DenyTarget = z.infer<typeof DenyTarget>;

/** Every interaction payload the relay may be sent; only the two above do anything. */
export const InteractionType = z.object({ type: z.string().max(64) });

/** A slash command's form fields (https://api.slack.com/interactivity/slash-commands). */
export const SlashCommand = z.object({
  team_id: SlackId,
  user_id: SlackId,
  command: z.string().max(64),
  text: z.string().max(4000),
});
export type SlashCommand = z.infer<typeof SlashCommand>;
