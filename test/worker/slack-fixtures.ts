import { exports } from 'cloudflare:workers';
import { expect, vi } from 'vitest';
import type { SlackCall, SlackEphemeral, SlackMessage, SlackView } from '../support/fake-slack.ts';
import { signSlackBody } from '../support/fake-slack-sign.ts';
import { workerdSlack } from '../support/workerd-slack.ts';
import { linkCode } from './chat-fixtures.ts';

/**
 * Slack from inside workerd: the fake Web API (test/support/fake-slack.ts) runs in the test
 * runner's process and is reached at https://slack.test; these helpers play Slack's side (make a
 * payload, sign it, post it to the relay) and read what the bot sent.
 */

const fakeUrl = (path: string) => `https://${workerdSlack.host}/__fake/${path}`;

export interface SlackLog {
  calls: SlackCall[];
  messages: SlackMessage[];
  ephemerals: SlackEphemeral[];
  views: SlackView[];
}

export async function slackLog(): Promise<SlackLog> {
  return (await (await fetch(fakeUrl('log'))).json()) as SlackLog;
}

export const control = async <T = Record<string, unknown>>(path: string, body: object): Promise<T> =>
  (await (await fetch(fakeUrl(path), { method: 'POST', body: JSON.stringify(body) })).json()) as T;

let users = 0;
/** A fresh Slack user id. */
export const slackUser = () =>
  `U${Date.now().toString(36).toUpperCase()}${(++users).toString(36).toUpperCase()}`;

export interface Delivery {
  /** Seconds since the epoch the signature is made at (default: now). */
  at?: number;
  /** Signed with this secret instead of the app's. */
  secret?: string;
  headers?: Record<string, string>;
  /** Leave out the signature headers entirely. */
  unsigned?: boolean;
}

/** Posts a form body to a Slack route of the relay, signed as Slack signs it. */
export async function deliverSlack(
  path: 'interactions' | 'commands',
  body: string,
  options: Delivery = {},
): Promise<Response> {
  const timestamp = String(options.at ?? Math.floor(Date.now() / 1000));
  const signature = await signSlackBody(options.secret ?? workerdSlack.signingSecret, timestamp, body);
  return exports.default.fetch(`http://relay/integrations/slack/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.unsigned ? {} : { 'x-slack-request-timestamp': timestamp, 'x-slack-signature': signature }),
      ...options.headers,
    },
    body,
  });
}

export const interactionBody = (payload: object) =>
  new URLSearchParams({ payload: JSON.stringify(payload) }).toString();

/** A click on a posted message's button, delivered; returns the payload and the relay's response. */
export async function pressSlack(
  user: string,
  message: Pick<SlackMessage, 'channel' | 'ts'>,
  action: string,
  options: Delivery & { team?: string } = {},
) {
  const payload = await control<{ trigger_id: string }>('press', {
    user,
    channel: message.channel,
    ts: message.ts,
    action,
    ...(options.team ? { team: options.team } : {}),
  });
  const body = interactionBody(payload);
  return { payload, body, response: await deliverSlack('interactions', body, options) };
}

/** Sends `/gatehouse <text>` as `user`; returns the relay's reply. */
export async function slashCommand(user: string, text: string, team?: string, options: Delivery = {}) {
  const { body } = await control<{ body: string }>('command', { user, text, ...(team ? { team } : {}) });
  return deliverSlack('commands', body, options);
}

/** Links a fresh Slack user to the approver of `token`; returns the user id. */
export async function linkSlack(token: string, user = slackUser()): Promise<string> {
  const { code } = await linkCode(token);
  const res = await slashCommand(user, `link ${code}`);
  expect(res.status).toBe(200);
  expect(((await res.json()) as { text: string }).text).toContain('Linked');
  return user;
}

/** The DM channel the fake opens for a user. */
export const dmOf = (user: string) => `D${user.slice(1)}`;

/** The messages the bot posted to one channel, once `ready` holds for them. */
export async function slackMessages(
  channel: string,
  ready: (messages: SlackMessage[]) => boolean = (messages) => messages.length > 0,
): Promise<SlackMessage[]> {
  return vi.waitFor(
    async () => {
      const messages = (await slackLog()).messages.filter((m) => m.channel === channel);
      if (!ready(messages)) throw new Error(`channel ${channel}: not yet (${messages.length} messages)`);
      return messages;
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** The message as it reads once edited `times` times. */
export async function editedSlack(message: SlackMessage, times = 1): Promise<SlackMessage> {
  const all = await slackMessages(
    message.channel,
    (messages) => (messages.find((m) => m.ts === message.ts)?.edits ?? 0) >= times,
  );
  return all.find((m) => m.ts === message.ts)!;
}

/** What `user` was told privately, once there is something. */
export async function ephemeralsOf(user: string, count = 1): Promise<SlackEphemeral[]> {
  return vi.waitFor(
    async () => {
      const found = (await slackLog()).ephemerals.filter((e) => e.user === user);
      if (found.length < count) throw new Error(`no ephemeral for ${user} yet`);
      return found;
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** Every string a message shows (its fallback text and every text in its blocks). */
export function shownText(message: Pick<SlackMessage, 'text' | 'blocks'>): string {
  return `${message.text}\n${JSON.stringify(message.blocks)}`;
}

/** The action ids of a message's buttons. */
export const buttonsOf = (message: SlackMessage) =>
  message.blocks.flatMap((block) =>
    block.type === 'actions' ? (block.elements ?? []).map((element) => String(element.action_id)) : [],
  );
