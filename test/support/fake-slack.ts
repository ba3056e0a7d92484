import { signSlackBody } from './fake-slack-sign.ts';
import { serveFetch } from './serve-fetch.ts';

/**
 * Slack's Web API for tests, outside the product (https://api.slack.com/web): it answers
 * `POST /api/<method>` as Slack does — HTTP 200 with `{ok: true, …}` or `{ok: false, error}` —
 * and checks what the bot sends as Slack would: `Authorization: Bearer <bot token>`, form or
 * JSON bodies, Block Kit within Slack's limits (≤ 50 blocks, section text ≤ 3,000 characters,
 * header ≤ 150, button text ≤ 75, values ≤ 2,000), mrkdwn with no live control sequence (`<@…>`,
 * `<!channel>`, `<http…>`: an agent's text must come escaped), `chat.update` only of messages it
 * posted, `views.open` only with a trigger id it issued, once. It records every call.
 *
 * It also plays Slack's side: `press()` makes the block_actions payload of a user's click on a
 * posted message's button (with a fresh trigger id), `submit()` the view_submission of an opened
 * modal, `command()` a slash command's form; `signed()` signs a body with the app's signing
 * secret as Slack does. Inside workerd (the worker test project) the same is reached over HTTP:
 * `POST /__fake/press`, `/__fake/submit`, `/__fake/close`, `/__fake/command`, `GET /__fake/log`.
 */

export interface SlackCall {
  method: string;
  args: Record<string, unknown>;
  ok: boolean;
  error?: string;
  /** The Authorization header as sent. */
  authorization: string | null;
}

export interface SlackBlock {
  type: string;
  block_id?: string;
  text?: { type: string; text: string };
  fields?: { type: string; text: string }[];
  elements?: Record<string, unknown>[];
}

export interface SlackMessage {
  channel: string;
  ts: string;
  text: string;
  blocks: SlackBlock[];
  edits: number;
}

export interface SlackEphemeral {
  channel: string;
  user: string;
  text: string;
}

export interface SlackView {
  id: string;
  triggerId: string;
  user: string | null;
  view: Record<string, unknown>;
}

/** Thrown inside a method: Slack's `{ok: false, error}`. */
class SlackError extends Error {}
const fail = (error: string): never => {
  throw new SlackError(error);
};

const limits = {
  blocks: 50,
  sectionText: 3000,
  field: 2000,
  header: 150,
  button: 75,
  value: 2000,
  actions: 25,
};

/** mrkdwn's control sequences a bot sends on purpose: only dates. Anything else is agent text left unescaped. */
const liveSequence = /<(?!!date\^\d+\^[^|>]*\|[^>]*>)[^>]*>/;

function checkText(text: unknown, max: number, where: string, kind?: 'plain_text' | 'mrkdwn'): void {
  const object = text as { type?: unknown; text?: unknown } | undefined;
  if (!object || typeof object.text !== 'string' || object.text.length === 0)
    fail(`invalid_blocks: ${where} text`);
  if (object!.type !== 'plain_text' && object!.type !== 'mrkdwn') fail(`invalid_blocks: ${where} text type`);
  if (kind && object!.type !== kind) fail(`invalid_blocks: ${where} must be ${kind}`);
  const value = object!.text as string;
  if (value.length > max) fail(`invalid_blocks: ${where} longer than ${max}`);
  if (object!.type === 'mrkdwn' && liveSequence.test(value))
    fail(`invalid_blocks: ${where} has a live <…> sequence`);
}

/** Block Kit as Slack validates it, for the blocks this bot uses (https://api.slack.com/reference/block-kit/blocks). */
export function checkBlocks(blocks: unknown, max = limits.blocks): SlackBlock[] {
  if (!Array.isArray(blocks) || blocks.length === 0) return fail('invalid_blocks: not an array');
  if (blocks.length > max) fail('invalid_blocks: too many blocks');
  const ids = new Set<string>();
  blocks.forEach((block: Record<string, unknown>, index) => {
    const where = `blocks[${index}]`;
    if (typeof block.block_id === 'string') {
      if (block.block_id.length > 255 || ids.has(block.block_id)) fail(`invalid_blocks: ${where} block_id`);
      ids.add(block.block_id);
    }
    switch (block.type) {
      case 'header':
        checkText(block.text, limits.header, where, 'plain_text');
        break;
      case 'section': {
        if (block.text === undefined && block.fields === undefined)
          fail(`invalid_blocks: ${where} empty section`);
        if (block.text !== undefined) checkText(block.text, limits.sectionText, where);
        const fields = block.fields as unknown[] | undefined;
        if (fields !== undefined) {
          if (!Array.isArray(fields) || fields.length > 10) fail(`invalid_blocks: ${where} fields`);
          for (const [i, field] of fields.entries()) checkText(field, limits.field, `${where}.fields[${i}]`);
        }
        break;
      }
      case 'context': {
        const elements = block.elements as unknown[];
        if (!Array.isArray(elements) || elements.length === 0 || elements.length > 10)
          fail(`invalid_blocks: ${where} context`);
        for (const [i, element] of elements.entries())
          checkText(element, limits.sectionText, `${where}.elements[${i}]`);
        break;
      }
      case 'rich_text': {
        const text = JSON.stringify(block.elements ?? null);
        if (!Array.isArray(block.elements) || text.length > 4 * limits.sectionText)
          fail(`invalid_blocks: ${where} rich_text`);
        break;
      }
      case 'actions': {
        const elements = block.elements as Record<string, unknown>[];
        if (!Array.isArray(elements) || elements.length === 0 || elements.length > limits.actions)
          fail(`invalid_blocks: ${where} actions`);
        const actionIds = new Set<string>();
        elements.forEach((button, i) => {
          const at = `${where}.elements[${i}]`;
          if (button.type !== 'button') fail(`invalid_blocks: ${at} not a button`);
          checkText(button.text, limits.button, at, 'plain_text');
          const actionId = button.action_id;
          if (typeof actionId !== 'string' || actionId.length > 255 || actionIds.has(actionId))
            fail(`invalid_blocks: ${at} action_id`);
          actionIds.add(actionId as string);
          if (
            button.value !== undefined &&
            (typeof button.value !== 'string' || button.value.length > limits.value)
          )
            fail(`invalid_blocks: ${at} value`);
          if (button.style !== undefined && button.style !== 'primary' && button.style !== 'danger')
            fail(`invalid_blocks: ${at} style`);
        });
        break;
      }
      case 'input':
        checkText(block.label, 2000, where, 'plain_text');
        break;
      case 'divider':
        break;
      default:
        fail(`invalid_blocks: ${where} type ${String(block.type)}`);
    }
  });
  return blocks as SlackBlock[];
}

function checkView(view: unknown): Record<string, unknown> {
  const v = view as Record<string, unknown> | null;
  if (v?.type !== 'modal') return fail('invalid_arguments: view.type');
  checkText(v.title, 24, 'view.title', 'plain_text');
  if (v.submit !== undefined) checkText(v.submit, 24, 'view.submit', 'plain_text');
  if (v.close !== undefined) checkText(v.close, 24, 'view.close', 'plain_text');
  if (typeof v.private_metadata === 'string' && v.private_metadata.length > 3000)
    fail('invalid_arguments: private_metadata');
  if (typeof v.callback_id === 'string' && v.callback_id.length > 255) fail('invalid_arguments: callback_id');
  checkBlocks(v.blocks, 100);
  return v;
}

/** Slack's form fields that carry JSON. */
const jsonFields = new Set(['blocks', 'view', 'attachments', 'metadata']);

export class FakeSlack {
  readonly calls: SlackCall[] = [];
  readonly messages: SlackMessage[] = [];
  readonly ephemerals: SlackEphemeral[] = [];
  readonly views: SlackView[] = [];
  /** Channels by name (without #) → id; the bot is a member of these. */
  readonly channels = new Map<string, string>();
  readonly #triggers = new Map<string, { user: string; used: boolean }>();
  #clock = 1_733_130_000;
  #sequence = 0;

  readonly token: string;
  readonly signingSecret: string;
  readonly team: string;
  constructor(options: { token: string; signingSecret: string; team: string }) {
    this.token = options.token;
    this.signingSecret = options.signingSecret;
    this.team = options.team;
  }

  callsOf(method: string): SlackCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  /** A channel the bot was invited to; returns its id. */
  addChannel(name: string): string {
    const id = this.channels.get(name) ?? `C${String(this.channels.size + 1).padStart(8, '0')}`;
    this.channels.set(name, id);
    return id;
  }

  #ts(): string {
    this.#sequence += 1;
    return `${this.#clock}.${String(this.#sequence).padStart(6, '0')}`;
  }

  #trigger(user: string): string {
    const id = `${this.#sequence + 1}.${Date.now()}.${Math.random().toString(16).slice(2, 14)}`;
    this.#sequence += 1;
    this.#triggers.set(id, { user, used: false });
    return id;
  }

  message(channel: string, ts: string): SlackMessage | undefined {
    return this.messages.find((m) => m.channel === channel && m.ts === ts);
  }

  /** The block_actions payload of `user` clicking the button `actionId` on a posted message. */
  press(user: string, ref: { channel: string; ts: string }, actionId: string, team = this.team) {
    const message = this.message(ref.channel, ref.ts);
    const button = message?.blocks
      .flatMap((block) => (block.type === 'actions' ? (block.elements ?? []) : []))
      .find((element) => element.action_id === actionId);
    return {
      type: 'block_actions',
      team: { id: team, domain: 'gatehouse-test' },
      user: { id: user, username: `user-${user}`, team_id: team },
      api_app_id: 'A0GATEHOUSE',
      trigger_id: this.#trigger(user),
      container: { type: 'message', message_ts: ref.ts, channel_id: ref.channel, is_ephemeral: false },
      channel: { id: ref.channel },
      message: message ? { ts: message.ts, text: message.text, blocks: message.blocks } : undefined,
      actions: [
        {
          type: 'button',
          action_id: actionId,
          block_id: 'gatehouse_answer',
          value: typeof button?.value === 'string' ? button.value : 'x',
          action_ts: `${Math.floor(Date.now() / 1000)}.000001`,
        },
      ],
    };
  }

  /** The view_submission of the modal `viewId` with `comment` typed into its comment field. */
  submit(viewId: string, user: string, comment: string | null, team = this.team) {
    const opened = this.views.find((view) => view.id === viewId);
    if (!opened) throw new Error(`no view ${viewId}`);
    const values: Record<string, Record<string, { type: string; value: string | null }>> = {};
    for (const block of (opened.view.blocks as {
      type: string;
      block_id?: string;
      element?: { action_id?: string };
    }[]) ?? []) {
      if (block.type === 'input' && block.block_id && block.element?.action_id)
        values[block.block_id] = { [block.element.action_id]: { type: 'plain_text_input', value: comment } };
    }
    return {
      type: 'view_submission',
      team: { id: team, domain: 'gatehouse-test' },
      user: { id: user, team_id: team },
      api_app_id: 'A0GATEHOUSE',
      trigger_id: this.#trigger(user),
      view: {
        id: opened.id,
        type: 'modal',
        callback_id: opened.view.callback_id,
        private_metadata: opened.view.private_metadata ?? '',
        hash: `${Date.now()}.abc`,
        state: { values },
      },
    };
  }

  /** The view_closed payload (sent only when the app asked for it with notify_on_close). */
  close(viewId: string, user: string, team = this.team) {
    const opened = this.views.find((view) => view.id === viewId);
    return {
      type: 'view_closed',
      team: { id: team },
      user: { id: user },
      view: {
        id: viewId,
        callback_id: opened?.view.callback_id,
        private_metadata: opened?.view.private_metadata,
      },
      is_cleared: false,
    };
  }

  /** A slash command's form body, as Slack posts it to the command's URL. */
  command(user: string, text: string, team = this.team, command = '/gatehouse'): string {
    return new URLSearchParams({
      token: 'deprecated-verification-token',
      team_id: team,
      team_domain: 'gatehouse-test',
      channel_id: 'C0COMMANDS',
      channel_name: 'general',
      user_id: user,
      user_name: `user-${user}`,
      command,
      text,
      api_app_id: 'A0GATEHOUSE',
      response_url: `https://hooks.slack.test/commands/${team}/1/x`,
      trigger_id: this.#trigger(user),
    }).toString();
  }

  /** An interaction payload as the form body Slack posts. */
  static form(payload: object): string {
    return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  }

  /** The headers Slack sends with `body`, signed with the app's signing secret at `atSeconds`. */
  async signed(body: string, atSeconds = Math.floor(Date.now() / 1000)): Promise<Record<string, string>> {
    const timestamp = String(atSeconds);
    return {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': await signSlackBody(this.signingSecret, timestamp, body),
    };
  }

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/__fake/')) return this.#control(url.pathname.slice(8), request);
    const match = /^\/api\/([\w.]+)$/.exec(url.pathname);
    if (!match) return new Response('not found', { status: 404 });
    const method = match[1]!;
    const authorization = request.headers.get('authorization');
    let args: Record<string, unknown> = {};
    try {
      if (request.method !== 'POST') fail('invalid_request: the bot sends POST');
      args = await this.#args(request);
      if (authorization === null) fail('not_authed');
      if (authorization !== `Bearer ${this.token}`) fail('invalid_auth');
      const result = this.#method(method, args);
      this.calls.push({ method, args, ok: true, authorization });
      return Response.json({ ok: true, ...result });
    } catch (error) {
      if (!(error instanceof SlackError)) throw error;
      this.calls.push({ method, args, ok: false, error: error.message, authorization });
      return Response.json({ ok: false, error: error.message.split(':')[0] });
    }
  }

  async #args(request: Request): Promise<Record<string, unknown>> {
    const type = request.headers.get('content-type') ?? '';
    if (type.startsWith('application/json')) return (await request.json()) as Record<string, unknown>;
    if (!type.startsWith('application/x-www-form-urlencoded')) return fail('invalid_form_data');
    const args: Record<string, unknown> = {};
    for (const [key, value] of new URLSearchParams(await request.text())) {
      try {
        args[key] = jsonFields.has(key) ? JSON.parse(value) : value;
      } catch {
        fail(`invalid_arguments: ${key} is not JSON`);
      }
    }
    return args;
  }

  #channel(value: unknown): string {
    if (typeof value !== 'string' || value.length === 0) return fail('channel_not_found');
    if (value.startsWith('#')) return this.channels.get(value.slice(1)) ?? fail('channel_not_found');
    if (/^D[A-Z0-9]+$/.test(value)) return value;
    if ([...this.channels.values()].includes(value)) return value;
    return fail('channel_not_found');
  }

  #method(method: string, args: Record<string, unknown>): Record<string, unknown> {
    switch (method) {
      case 'auth.test':
        return { team_id: this.team, user_id: 'U0GATEBOT', bot_id: 'B0GATEBOT' };
      case 'conversations.open': {
        const users = String(args.users ?? '');
        if (!/^[UW][A-Z0-9]+$/.test(users)) fail('user_not_found');
        return { channel: { id: `D${users.slice(1)}` } };
      }
      case 'chat.postMessage': {
        const channel = this.#channel(args.channel);
        const blocks = checkBlocks(args.blocks);
        if (typeof args.text !== 'string' || args.text.length === 0) fail('no_text');
        if ((args.text as string).length > 40_000) fail('msg_too_long');
        const ts = this.#ts();
        this.messages.push({ channel, ts, text: args.text as string, blocks, edits: 0 });
        return { channel, ts, message: { ts, text: args.text, blocks } };
      }
      case 'chat.update': {
        const channel = this.#channel(args.channel);
        const message = this.message(channel, String(args.ts ?? '')) ?? fail('message_not_found');
        const blocks = checkBlocks(args.blocks);
        if (typeof args.text !== 'string' || args.text.length === 0) fail('no_text');
        Object.assign(message, { text: args.text, blocks, edits: message.edits + 1 });
        return { channel, ts: message.ts, text: message.text };
      }
      case 'chat.postEphemeral': {
        const channel = this.#channel(args.channel);
        if (typeof args.user !== 'string' || !/^[UW][A-Z0-9]+$/.test(args.user)) fail('user_not_found');
        if (typeof args.text !== 'string' || args.text.length === 0) fail('no_text');
        this.ephemerals.push({ channel, user: args.user as string, text: args.text as string });
        return { message_ts: this.#ts() };
      }
      case 'views.open': {
        const triggerId = String(args.trigger_id ?? '');
        const trigger = this.#triggers.get(triggerId) ?? fail('invalid_trigger_id');
        if (trigger.used) fail('expired_trigger_id');
        const view = checkView(args.view);
        trigger.used = true;
        const id = `V${String(this.views.length + 1).padStart(8, '0')}`;
        this.views.push({ id, triggerId, user: trigger.user, view });
        return { view: { id, ...view } };
      }
      default:
        return fail('unknown_method');
    }
  }

  async #control(action: string, request: Request): Promise<Response> {
    if (action === 'log')
      return Response.json({
        calls: this.calls,
        messages: this.messages,
        ephemerals: this.ephemerals,
        views: this.views,
      });
    const body = (await request.json()) as Record<string, unknown>;
    const team = typeof body.team === 'string' ? body.team : this.team;
    switch (action) {
      case 'press':
        return Response.json(
          this.press(
            String(body.user),
            { channel: String(body.channel), ts: String(body.ts) },
            String(body.action),
            team,
          ),
        );
      case 'submit':
        return Response.json(
          this.submit(
            String(body.view),
            String(body.user),
            body.comment === null ? null : String(body.comment),
            team,
          ),
        );
      case 'close':
        return Response.json(this.close(String(body.view), String(body.user), team));
      case 'command':
        return Response.json({ body: this.command(String(body.user), String(body.text), team) });
      case 'channel':
        return Response.json({ id: this.addChannel(String(body.name)) });
      default:
        return new Response('unknown control', { status: 404 });
    }
  }

  /** Serves the fake on 127.0.0.1 (for the relay under wrangler): `{ url, close }`; the Web API is `${url}/api/`. */
  listen(): Promise<{ url: string; close: () => Promise<void> }> {
    return serveFetch((request) => this.handle(request));
  }
}
