import { serveFetch } from './serve-fetch.ts';

/**
 * A Telegram Bot API for tests, outside the product (core.telegram.org/bots/api): it answers
 * `POST /bot<token>/<method>` as Telegram does — `{ok: true, result}` or `{ok: false,
 * error_code, description}` — and checks what the bot sends as Telegram would: the token in the
 * path, JSON bodies, HTML entities that parse (only Telegram's tags, every `<`, `>` and `&`
 * escaped), text of 1–4,096 characters after parsing, `callback_data` of 1–64 bytes, editing only
 * messages it sent, each callback query answered once. It records every call.
 *
 * It also plays the Telegram side of the conversation: `message()` and `press()` make the
 * updates a user's `/start` or button press would make (a press gets a callback query id the
 * fake will accept once), and `deliver()` posts an update to the webhook registered with
 * setWebhook, with its secret token, as Telegram does. Inside workerd (the worker test project)
 * the same is reached over HTTP: `POST /__fake/message`, `/__fake/press`, `GET /__fake/log`.
 */

export interface RecordedCall {
  method: string;
  body: Record<string, unknown>;
  /** The answer the fake gave: ok, or the error code. */
  ok: boolean;
  errorCode?: number;
}

export interface FakeMessage {
  chatId: number;
  messageId: number;
  /** The text as Telegram shows it (tags removed, entities decoded). */
  text: string;
  /** The HTML the bot sent. */
  html: string;
  keyboard: { text: string; callback_data: string }[][] | null;
  edits: number;
}

const allowedTags = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'tg-spoiler',
  'a',
  'code',
  'pre',
  'blockquote',
]);

/** Telegram's HTML parse mode, as strictly as Telegram: returns the shown text or an error. */
export function parseTelegramHtml(html: string): { text: string } | { error: string } {
  let text = '';
  const open: string[] = [];
  let i = 0;
  while (i < html.length) {
    const char = html[i]!;
    if (char === '<') {
      const end = html.indexOf('>', i);
      if (end === -1) return { error: `Unsupported start tag at byte offset ${i}` };
      const tag = html.slice(i + 1, end);
      const closing = tag.startsWith('/');
      const name = (closing ? tag.slice(1) : tag).split(/\s/)[0]!.toLowerCase();
      if (!allowedTags.has(name)) return { error: `Unsupported start tag "${name}" at byte offset ${i}` };
      if (closing) {
        if (open.pop() !== name) return { error: `Can't find end tag corresponding to start tag "${name}"` };
      } else open.push(name);
      i = end + 1;
      continue;
    }
    if (char === '>') return { error: `Character '>' is reserved and must be escaped at byte offset ${i}` };
    if (char === '&') {
      const entity = /^&(lt|gt|amp|quot|#\d+|#x[0-9a-f]+);/i.exec(html.slice(i));
      if (!entity) return { error: `Character '&' is reserved and must be escaped at byte offset ${i}` };
      const name = entity[1]!.toLowerCase();
      text +=
        name === 'lt'
          ? '<'
          : name === 'gt'
            ? '>'
            : name === 'amp'
              ? '&'
              : name === 'quot'
                ? '"'
                : String.fromCodePoint(
                    name.startsWith('#x') ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)),
                  );
      i += entity[0].length;
      continue;
    }
    text += char;
    i++;
  }
  if (open.length > 0) return { error: `Can't find end tag corresponding to start tag "${open.at(-1)}"` };
  return { text };
}

class BadRequest extends Error {
  readonly code: number;
  constructor(code: number, description: string) {
    super(description);
    this.code = code;
  }
}

const fail = (code: number, description: string): never => {
  throw new BadRequest(code, description);
};

export class FakeTelegram {
  readonly calls: RecordedCall[] = [];
  readonly messages: FakeMessage[] = [];
  /** Chats that blocked the bot: sendMessage there answers 403, as Telegram does. */
  readonly blocked = new Set<number>();
  webhook: { url: string; secret: string | null } | null = null;
  readonly #callbacks = new Map<string, { answered: boolean }>();
  #nextUpdate = 1000;
  #nextCallback = 1;

  readonly token: string;
  constructor(token: string) {
    this.token = token;
  }

  /** What one chat was sent, in order. */
  messagesIn(chatId: number | string): FakeMessage[] {
    return this.messages.filter((message) => message.chatId === Number(chatId));
  }

  callsOf(method: string): RecordedCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  /** A user's text message in a chat (private unless told), as the Update Telegram would send. */
  message(from: number, text: string, chat: { id?: number; type?: string } = {}) {
    return {
      update_id: this.#nextUpdate++,
      message: {
        message_id: 1_000_000 + this.#nextUpdate,
        date: Math.floor(Date.now() / 1000),
        from: { id: from, is_bot: false, first_name: `user ${from}` },
        chat: { id: chat.id ?? from, type: chat.type ?? 'private' },
        text,
      },
    };
  }

  /** A user's press of a button on a message the bot sent, with a fresh callback query id. */
  press(from: number, message: Pick<FakeMessage, 'chatId' | 'messageId'>, data: string) {
    const id = `cq${this.#nextCallback++}`;
    this.#callbacks.set(id, { answered: false });
    const sent = this.messages.find((m) => m.chatId === message.chatId && m.messageId === message.messageId);
    return {
      update_id: this.#nextUpdate++,
      callback_query: {
        id,
        from: { id: from, is_bot: false, first_name: `user ${from}` },
        chat_instance: String(message.chatId),
        data,
        message: {
          message_id: message.messageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: message.chatId, type: 'private' },
          text: sent?.text ?? '',
        },
      },
    };
  }

  /** Posts an update to the registered webhook as Telegram does (its secret token in the header). */
  async deliver(update: object, secret = this.webhook?.secret ?? undefined): Promise<Response> {
    if (!this.webhook) throw new Error('no webhook registered (setWebhook)');
    return fetch(this.webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(secret === undefined ? {} : { 'x-telegram-bot-api-secret-token': secret }),
      },
      body: JSON.stringify(update),
    });
  }

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/__fake/')) return this.#control(url.pathname.slice(8), request);
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
    if (!match)
      return Response.json({ ok: false, error_code: 404, description: 'Not Found' }, { status: 404 });
    const [, token, method] = match as unknown as [string, string, string];
    if (token !== this.token)
      return Response.json({ ok: false, error_code: 401, description: 'Unauthorized' }, { status: 401 });
    let body: Record<string, unknown> = {};
    try {
      if (request.method !== 'POST') fail(400, 'Bad Request: the bot sends POST');
      if (!(request.headers.get('content-type') ?? '').startsWith('application/json'))
        fail(400, 'Bad Request: expected a JSON body');
      body = (await request.json()) as Record<string, unknown>;
      const result = this.#method(method, body);
      this.calls.push({ method, body, ok: true });
      return Response.json({ ok: true, result });
    } catch (error) {
      const code = error instanceof BadRequest ? error.code : 400;
      this.calls.push({ method, body, ok: false, errorCode: code });
      return Response.json(
        { ok: false, error_code: code, description: (error as Error).message },
        { status: code },
      );
    }
  }

  #method(method: string, body: Record<string, unknown>): unknown {
    switch (method) {
      case 'getMe':
        return { id: 4242, is_bot: true, first_name: 'Gatehouse', username: 'gatehouse_test_bot' };
      case 'setWebhook': {
        const secret = body.secret_token;
        if (typeof body.url !== 'string' || !/^https?:\/\//.test(body.url))
          fail(400, 'Bad Request: bad webhook url');
        if (secret !== undefined && (typeof secret !== 'string' || !/^[A-Za-z0-9_-]{1,256}$/.test(secret)))
          fail(400, 'Bad Request: secret token contains unallowed characters');
        this.webhook = { url: body.url as string, secret: (secret as string | undefined) ?? null };
        return true;
      }
      case 'getWebhookInfo':
        return { url: this.webhook?.url ?? '', has_custom_certificate: false, pending_update_count: 0 };
      case 'sendMessage':
        return this.#send(body);
      case 'editMessageText':
        return this.#edit(body);
      case 'answerCallbackQuery': {
        const id = String(body.callback_query_id ?? '');
        const query = this.#callbacks.get(id);
        if (!query || query.answered)
          fail(400, 'Bad Request: query is too old and response timeout expired or query ID is invalid');
        if (typeof body.text === 'string' && [...body.text].length > 200)
          fail(400, 'Bad Request: MESSAGE_TOO_LONG');
        query!.answered = true;
        return true;
      }
      default:
        return fail(404, 'Not Found: method not found');
    }
  }

  #text(body: Record<string, unknown>): { text: string; html: string } {
    if (typeof body.text !== 'string') return fail(400, 'Bad Request: message text is empty');
    const html = body.text;
    let text = html;
    if (body.parse_mode === 'HTML') {
      const parsed = parseTelegramHtml(html);
      if ('error' in parsed) fail(400, `Bad Request: can't parse entities: ${parsed.error}`);
      text = (parsed as { text: string }).text;
    } else if (body.parse_mode !== undefined) fail(400, 'Bad Request: unsupported parse_mode in this fake');
    const length = [...text].length;
    if (length === 0) fail(400, 'Bad Request: message text is empty');
    if (length > 4096) fail(400, 'Bad Request: message is too long');
    return { text, html };
  }

  #keyboard(body: Record<string, unknown>): FakeMessage['keyboard'] {
    const markup = body.reply_markup as { inline_keyboard?: unknown } | undefined;
    if (markup === undefined) return null;
    if (!Array.isArray(markup.inline_keyboard)) return fail(400, 'Bad Request: bad reply_markup');
    for (const row of markup.inline_keyboard) {
      if (!Array.isArray(row)) fail(400, 'Bad Request: bad inline keyboard row');
      for (const button of row as { text?: unknown; callback_data?: unknown }[]) {
        if (typeof button.text !== 'string' || button.text.length === 0)
          fail(400, 'Bad Request: text buttons are unallowed');
        const data = button.callback_data;
        const bytes = typeof data === 'string' ? new TextEncoder().encode(data).length : 0;
        if (bytes < 1 || bytes > 64) fail(400, 'Bad Request: BUTTON_DATA_INVALID');
      }
    }
    return markup.inline_keyboard as FakeMessage['keyboard'];
  }

  #send(body: Record<string, unknown>) {
    const chatId = Number(body.chat_id);
    if (!Number.isSafeInteger(chatId)) fail(400, 'Bad Request: chat not found');
    if (this.blocked.has(chatId)) fail(403, 'Forbidden: bot was blocked by the user');
    const { text, html } = this.#text(body);
    const keyboard = this.#keyboard(body);
    const messageId = this.messages.filter((m) => m.chatId === chatId).length + 1;
    this.messages.push({ chatId, messageId, text, html, keyboard, edits: 0 });
    return {
      message_id: messageId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: 'private' },
      text,
    };
  }

  #edit(body: Record<string, unknown>) {
    const chatId = Number(body.chat_id);
    const message = this.messages.find((m) => m.chatId === chatId && m.messageId === Number(body.message_id));
    if (!message) return fail(400, 'Bad Request: message to edit not found');
    const { text, html } = this.#text(body);
    const keyboard = this.#keyboard(body);
    if (html === message.html && JSON.stringify(keyboard) === JSON.stringify(message.keyboard))
      fail(400, 'Bad Request: message is not modified');
    Object.assign(message, { text, html, keyboard, edits: message.edits + 1 });
    return { message_id: message.messageId, chat: { id: chatId, type: 'private' }, text };
  }

  async #control(action: string, request: Request): Promise<Response> {
    if (action === 'log')
      return Response.json({ calls: this.calls, messages: this.messages, webhook: this.webhook });
    const body = (await request.json()) as Record<string, unknown>;
    if (action === 'message')
      return Response.json(this.message(Number(body.from), String(body.text), (body.chat ?? {}) as object));
    if (action === 'press')
      return Response.json(
        this.press(
          Number(body.from),
          { chatId: Number(body.chatId), messageId: Number(body.messageId) },
          String(body.data),
        ),
      );
    if (action === 'block') {
      this.blocked.add(Number(body.chatId));
      return Response.json(true);
    }
    return new Response('unknown control', { status: 404 });
  }

  /** Serves the fake on 127.0.0.1 (for the relay under wrangler): `{ url, close }`. */
  listen(): Promise<{ url: string; close: () => Promise<void> }> {
    return serveFetch((request) => this.handle(request));
  }
}
