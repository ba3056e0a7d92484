import type { SlackAPIClient } from 'slack-web-api-client';
import { limits } from '../../../shared/contract/index.ts';
import { badRequest } from '../../common/errors.ts';
import { workspaceStub } from '../../rpc.ts';
import { answerFromChat } from '../answer.ts';
import { chatDirectory } from '../directory.ts';
import type { ChatAnswer, ChatAnswerResult } from '../port.ts';
import { denyModal, denyView, slackActions } from './blocks.ts';
import { BlockActions, DenyTarget, InteractionType, ViewSubmission } from './payloads.ts';
import { slackErrorText } from './provider.ts';
import { slackUserId } from './users.ts';

/**
 * Button presses and the Deny modal (docs/chat.md "Slack"). The route has already checked the
 * signature; here the payload is parsed, and what it asks for runs after the response (Slack
 * wants an answer within 3 s, and an approval waits on a session and a workspace). A press from
 * someone not linked to the message's workspace changes nothing and is told so, privately.
 */

export interface InteractionContext {
  env: Env;
  client: SlackAPIClient;
  /** Runs work after the response has gone (the request's `waitUntil`). */
  background(work: Promise<void>): void;
  /** The relay's public URL, the `iss` of the answer's attestation. */
  issuer: string;
}

const unknownButton = 'This button is not one of Gatehouse’s: nothing changed.';

const linkHint = 'To answer here, make a link code in Gatehouse and send `/gatehouse link CODE`.';

const approvals: Record<string, ChatAnswer> = {
  [slackActions.approveOnce]: { decision: 'approve', scope: 'once' },
  [slackActions.approveSession]: { decision: 'approve', scope: 'session' },
};

function parsePayload(raw: string): unknown {
  const text = new URLSearchParams(raw).get('payload');
  if (text === null) throw badRequest('a Slack interaction carries a `payload` form field');
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('the `payload` field is not JSON');
  }
}

/**
 * Acknowledges an interaction at once (an empty 200, which also closes a submitted modal) and
 * leaves the work to `background`. A payload the relay cannot read is a 400; one it has no use
 * for (another app's shortcut, a modal of its own closed) is a 200 that changes nothing.
 */
export function acceptInteraction(context: InteractionContext, raw: string): void {
  const payload = parsePayload(raw);
  const kind = InteractionType.safeParse(payload);
  if (!kind.success) throw badRequest('the payload has no `type`');
  if (kind.data.type === 'block_actions') {
    const parsed = BlockActions.safeParse(payload);
    if (!parsed.success) throw badRequest('not a block_actions payload on a message');
    // The relay's messages carry only its own buttons: any other action on them is refused, out loud.
    const action =
      parsed.data.actions.find(
        (each) => each.action_id === slackActions.deny || Object.hasOwn(approvals, each.action_id),
      ) ?? parsed.data.actions[0]!;
    context.background(guarded(onPress(context, parsed.data, action.action_id)));
    return;
  }
  if (kind.data.type === 'view_submission') {
    const parsed = ViewSubmission.safeParse(payload);
    if (!parsed.success) throw badRequest('not a view_submission payload');
    if (parsed.data.view.callback_id === denyModal.callbackId)
      context.background(guarded(onDenySubmitted(context, parsed.data)));
  }
  // view_closed and everything else: closing the modal decides nothing.
}

function guarded(work: Promise<void>): Promise<void> {
  return work.catch((error) => console.error('slack: interaction not handled', slackErrorText(error)));
}

async function ephemeral(
  context: InteractionContext,
  channel: string,
  user: string,
  text: string,
): Promise<void> {
  try {
    await context.client.chat.postEphemeral({ channel, user, text });
  } catch (error) {
    console.warn('slack: ephemeral reply not sent', slackErrorText(error));
  }
}

/** What an unanswered press is told; an unlinked presser also learns how to link. */
function refusal(result: Exclude<ChatAnswerResult, { kind: 'answered' }>): string {
  return result.kind === 'unlinked' ? `${result.message} ${linkHint}` : result.message;
}

async function onPress(context: InteractionContext, payload: BlockActions, actionId: string): Promise<void> {
  const { env } = context;
  const channel = payload.container.channel_id;
  const ts = payload.container.message_ts;
  const userId = slackUserId(payload.team.id, payload.user.id);
  const directory = chatDirectory(env, 'slack', channel);
  // A retried delivery of the same press (X-Slack-Retry-Num) carries the same trigger id.
  if (!(await directory.firstSight(`slack:trigger:${payload.trigger_id}`))) return;
  if (actionId === slackActions.deny) {
    await openDenyModal(context, payload, userId);
    return;
  }
  const answer = Object.hasOwn(approvals, actionId) ? approvals[actionId] : undefined;
  if (!answer) {
    await ephemeral(context, channel, payload.user.id, unknownButton);
    return;
  }
  const result = await answerFromChat(
    env,
    { provider: 'slack', chatId: channel, messageId: ts, userId, answer },
    context.issuer,
  );
  // Answered: the core edits every message of the question to the outcome (ChatProvider.close).
  if (result.kind !== 'answered') await ephemeral(context, channel, payload.user.id, refusal(result));
}

/**
 * Deny asks for a comment first: the modal opens only for someone who could deny (linked to the
 * message's workspace), and denies nothing by itself — the deny happens on its submission.
 */
async function openDenyModal(
  context: InteractionContext,
  payload: BlockActions,
  userId: string,
): Promise<void> {
  const { env } = context;
  const channel = payload.container.channel_id;
  const entry = await chatDirectory(env, 'slack', channel).find(payload.container.message_ts);
  if (!entry) {
    await ephemeral(context, channel, payload.user.id, 'This question is not known here any more.');
    return;
  }
  const approver = await workspaceStub(env, entry.workspaceId).chatApprover('slack', userId);
  if (!approver) {
    await ephemeral(
      context,
      channel,
      payload.user.id,
      `You are not linked to this Gatehouse workspace: nothing changed. ${linkHint}`,
    );
    return;
  }
  await context.client.views.open({
    trigger_id: payload.trigger_id,
    view: denyView({ channel, ts: payload.container.message_ts }, limits.commentLength),
  });
}

async function onDenySubmitted(context: InteractionContext, payload: ViewSubmission): Promise<void> {
  let target: DenyTarget;
  try {
    target = DenyTarget.parse(JSON.parse(payload.view.private_metadata));
  } catch {
    console.warn('slack: a Deny modal without its message');
    return;
  }
  const directory = chatDirectory(context.env, 'slack', target.channel);
  if (payload.trigger_id && !(await directory.firstSight(`slack:trigger:${payload.trigger_id}`))) return;
  const comment = payload.view.state.values[denyModal.block]?.[denyModal.action]?.value?.trim();
  const result = await answerFromChat(
    context.env,
    {
      provider: 'slack',
      chatId: target.channel,
      messageId: target.ts,
      userId: slackUserId(payload.team.id, payload.user.id),
      answer: { decision: 'reject', ...(comment ? { comment } : {}) },
    },
    context.issuer,
  );
  if (result.kind !== 'answered') await ephemeral(context, target.channel, payload.user.id, refusal(result));
}
