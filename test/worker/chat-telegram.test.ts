import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ToolCallState } from '../../shared/contract/index.ts';
import type { SessionDO } from '../../worker/session/session-do.ts';
import type { FakeMessage } from '../support/fake-telegram.ts';
import { secretSpellings } from '../support/secret-spellings.ts';
import { workerdTelegram } from '../support/workerd-telegram.ts';
import {
  chatMessages,
  deliver,
  linkTelegram,
  pressUpdate,
  questions,
  setPermissions,
  startUpdate,
  telegramLog,
  telegramUser,
} from './chat-fixtures.ts';
import {
  answer,
  api,
  askingCall,
  expectJson,
  sessionStub,
  submit,
  type Team,
  team,
  uid,
} from './session-fixtures.ts';

// Telegram end to end inside workerd (docs/chat.md "Telegram"): the bot's webhook, its buttons,
// and its messages against the fake Bot API of test/support/fake-telegram.ts, which checks the
// token path, the request shapes, the HTML entities and the limits as Telegram does.

let t: Team;
let phone: { id: string; token: string };
beforeAll(async () => {
  t = await team();
  phone = await expectJson(201, '/tokens', { token: t.admin, body: { role: 'approver', label: 'Phone' } });
}, 60_000);

/** A linked approver (label "Phone") with one question waiting in their chat. */
async function asked(command = 'npm publish --access public') {
  const user = await linkTelegram(phone.token);
  const sid = uid('s');
  const state = await submit(t, sid, askingCall('a', command));
  const [message] = questions(await chatMessages(user, (m) => questions(m).length > 0));
  return { user, sid, state, message: message! };
}

const toolCall = (sid: string, id: string, wait = 0) =>
  expectJson<ToolCallState>(200, `/sessions/${sid}/tool-calls/${id}${wait ? `?wait=${wait}` : ''}`, {
    token: t.agent,
  });

const press = async (user: number, message: FakeMessage, data: string, secret?: string | null) =>
  deliver(await pressUpdate(user, message, data), secret);

/** The message as it reads once edited `times` times. */
const edited = async (message: FakeMessage, times = 1) =>
  (
    await chatMessages(
      message.chatId,
      (all) => (all.find((m) => m.messageId === message.messageId)?.edits ?? 0) >= times,
    )
  ).find((m) => m.messageId === message.messageId)!;

const callbackAnswers = async (id: string) =>
  (await telegramLog()).calls.filter(
    (call) => call.method === 'answerCallbackQuery' && call.body.callback_query_id === id,
  );

describe('answering from Telegram', () => {
  it('a linked approver approves once: the held agent call returns allow, with actor Phone · Telegram', async () => {
    const { user, sid, message } = await asked();
    const held = toolCall(sid, 'a', 30);
    const update = await pressUpdate(user, message, 'gh1:once');
    expect((await deliver(update)).status).toBe(200);
    const state = await held;
    expect(state.outcome).toBe('allow');
    expect(state.resolution).toMatchObject({
      behavior: 'allow',
      scope: 'once',
      source: 'user',
      actor: { tokenId: phone.id, label: 'Phone · Telegram', role: 'approver' },
    });
    const after = await edited(message);
    expect(after.text).toContain('Approved once by Phone · Telegram');
    expect(after.keyboard).toBeNull();
    const answers = await callbackAnswers((update.callback_query as { id: string }).id);
    expect(answers).toHaveLength(1);
    expect(answers[0]!.body.text).toContain('Approved once');
  });

  it('For this session approves with scope session', async () => {
    const { user, sid, message } = await asked('npm run deploy:staging');
    await press(user, message, 'gh1:session');
    expect((await toolCall(sid, 'a')).resolution).toMatchObject({ behavior: 'allow', scope: 'session' });
    expect((await edited(message)).text).toContain('Approved for this session by Phone · Telegram');
  });

  it('Deny denies at once', async () => {
    const { user, sid, message } = await asked('rm -rf build');
    await press(user, message, 'gh1:deny');
    const state = await toolCall(sid, 'a');
    expect(state.outcome).toBe('deny');
    expect(state.resolution).toMatchObject({
      behavior: 'deny',
      source: 'user',
      actor: { label: 'Phone · Telegram' },
    });
    expect((await edited(message)).text).toContain('Denied by Phone · Telegram');
  });

  it('an unlinked user’s press changes nothing and is told so', async () => {
    const { sid, message } = await asked();
    const stranger = telegramUser();
    const update = await pressUpdate(stranger, message, 'gh1:once');
    expect((await deliver(update)).status).toBe(200);
    const answers = await vi.waitFor(async () => {
      const found = await callbackAnswers((update.callback_query as { id: string }).id);
      if (found.length === 0) throw new Error('not answered yet');
      return found;
    });
    expect(answers).toHaveLength(1);
    expect(answers[0]!.body).toMatchObject({ show_alert: true });
    expect(String(answers[0]!.body.text)).toContain('not linked');
    expect((await toolCall(sid, 'a')).outcome).toBe('pending');
  });

  it('an approver of another workspace pressing changes nothing', async () => {
    const { sid, message } = await asked();
    const elsewhere = await team();
    const foreign = await linkTelegram(elsewhere.approver);
    await press(foreign, message, 'gh1:once');
    await press(foreign, message, 'gh1:deny');
    expect((await toolCall(sid, 'a')).outcome).toBe('pending');
  });

  it('once the link is removed, its presses change nothing', async () => {
    const { user, sid, message } = await asked();
    const { links } = await expectJson<{ links: { id: string; userId: string }[] }>(200, '/chat/links', {
      token: phone.token,
    });
    const link = links.find((each) => each.userId === String(user))!;
    expect((await api(`/chat/links/${link.id}`, { token: phone.token, method: 'DELETE' })).status).toBe(204);
    await press(user, message, 'gh1:once');
    expect((await toolCall(sid, 'a')).outcome).toBe('pending');
  });

  it('a button that is not Gatehouse’s changes nothing', async () => {
    const { user, sid, message } = await asked();
    for (const data of ['gh1:always', 'gh1:once ', 'approve', ''.padEnd(64, 'x')])
      await press(user, message, data);
    expect((await toolCall(sid, 'a')).outcome).toBe('pending');
  });
});

describe('with pushDetails "none" a message can only deny', () => {
  /** A question posted under `pushDetails: "none"` to a linked approver's private chat. */
  async function blind() {
    const crew = await team();
    await setPermissions(crew, { pushDetails: 'none' });
    const user = await linkTelegram(crew.approver);
    const sid = uid('s');
    await submit(crew, sid, askingCall('a', 'terraform apply -auto-approve'));
    const [message] = questions(await chatMessages(user, (m) => questions(m).length > 0));
    return { crew, user, sid, message: message! };
  }
  const outcome = async (crew: Team, sid: string) =>
    (await expectJson<ToolCallState>(200, `/sessions/${sid}/tool-calls/a`, { token: crew.agent })).outcome;

  it('offers Deny alone', async () => {
    const { message } = await blind();
    expect(message.keyboard).toEqual([[{ text: 'Deny', callback_data: 'gh1:deny' }]]);
    expect(message.text).not.toContain('terraform');
  });

  it('an Approve sent for it anyway (once, for the session, or any other data) is refused with an alert and changes nothing', async () => {
    const { crew, user, sid, message } = await blind();
    const told: Record<string, unknown>[] = [];
    for (const data of ['gh1:once', 'gh1:session', 'gh1:always', 'gh1:once:global', 'approve']) {
      const update = await pressUpdate(user, message, data);
      expect((await deliver(update)).status).toBe(200);
      const [reply, ...more] = await callbackAnswers((update.callback_query as { id: string }).id);
      expect(more).toEqual([]);
      told.push(reply!.body);
    }
    expect(told.every((body) => body.show_alert === true)).toBe(true);
    expect(told.slice(0, 2).map((body) => String(body.text))).toEqual([
      expect.stringContaining('does not show the call'),
      expect.stringContaining('does not show the call'),
    ]);
    expect(told.slice(2).every((body) => String(body.text).includes('not one of Gatehouse’s'))).toBe(true);
    expect(await outcome(crew, sid)).toBe('pending');
    const [after] = (await telegramLog()).messages.filter(
      (m) => m.chatId === message.chatId && m.messageId === message.messageId,
    );
    expect(after!.edits).toBe(0);
    expect(after!.keyboard).toEqual(message.keyboard);
  });

  it('decided by what the message was posted with: raising the setting afterwards does not make it approve', async () => {
    const { crew, user, sid, message } = await blind();
    await setPermissions(crew, { pushDetails: 'call' });
    const update = await pressUpdate(user, message, 'gh1:once');
    await deliver(update);
    const [reply] = await callbackAnswers((update.callback_query as { id: string }).id);
    expect(String(reply!.body.text)).toContain('does not show the call');
    expect(await outcome(crew, sid)).toBe('pending');
  });

  it('a message posted while the call was shown still approves after the setting is lowered', async () => {
    const crew = await team();
    const user = await linkTelegram(crew.approver);
    const sid = uid('s');
    await submit(crew, sid, askingCall('a', 'make shown'));
    const [message] = questions(await chatMessages(user, (m) => questions(m).length > 0));
    await setPermissions(crew, { pushDetails: 'none' });
    await press(user, message!, 'gh1:once');
    expect(await outcome(crew, sid)).toBe('allow');
  });

  it('Deny denies', async () => {
    const { crew, user, sid, message } = await blind();
    await press(user, message, 'gh1:deny');
    expect(await outcome(crew, sid)).toBe('deny');
    expect((await edited(message)).text).toContain('Denied by');
  });
});

describe('the secret token', () => {
  it('wrong, missing or differently cased → 401, and nothing changes', async () => {
    const { user, sid, message } = await asked();
    const s = workerdTelegram.secret;
    for (const secret of [null, '', 'wrong', `${s}x`, s.slice(0, -1), s.toUpperCase(), `${s},${s}`]) {
      const res = await press(user, message, 'gh1:once', secret);
      expect(res.status, `secret ${JSON.stringify(secret)}`).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
    }
    expect((await toolCall(sid, 'a')).outcome).toBe('pending');
    // Nor does a /start with a wrong secret link anyone.
    const { code } = await expectJson<{ code: string }>(201, '/chat/link-codes', {
      token: phone.token,
      method: 'POST',
    });
    const stranger = telegramUser();
    expect((await deliver(await startUpdate(stranger, `/start ${code}`), 'wrong')).status).toBe(401);
    const { links } = await expectJson<{ links: { userId: string }[] }>(200, '/chat/links', {
      token: t.admin,
    });
    expect(links.map((link) => link.userId)).not.toContain(String(stranger));
    // The code is still good for the right sender.
    expect((await deliver(await startUpdate(stranger, `/start ${code}`))).status).toBe(200);
  });

  it('a body that is no update, past the check, is 400 and changes nothing', async () => {
    const res = await deliver({ update_id: 'x' });
    expect(res.status).toBe(400);
  });
});

describe('resolved once', () => {
  it('a retried update resolves once and answers its callback once', async () => {
    const { user, sid, message } = await asked();
    const update = await pressUpdate(user, message, 'gh1:deny');
    const responses = await Promise.all([deliver(update), deliver(update), deliver(update)]);
    for (const res of responses) expect(res.status).toBe(200);
    await edited(message);
    expect(await callbackAnswers((update.callback_query as { id: string }).id)).toHaveLength(1);
    const audit = await expectJson<{ events: { name: string }[] }>(200, `/sessions/${sid}/audit`, {
      token: t.approver,
    });
    expect(audit.events.filter((event) => event.name === 'tool_permission_resolution')).toHaveLength(1);
  });

  it('a double tap resolves once; the second tap hears it was already answered', async () => {
    const { user, sid, message } = await asked();
    const first = await pressUpdate(user, message, 'gh1:once');
    const second = await pressUpdate(user, message, 'gh1:deny');
    await Promise.all([deliver(first), deliver(second)]);
    const state = await toolCall(sid, 'a');
    const texts = [
      ...(await callbackAnswers((first.callback_query as { id: string }).id)),
      ...(await callbackAnswers((second.callback_query as { id: string }).id)),
    ].map((call) => String(call.body.text));
    expect(texts).toHaveLength(2);
    expect(texts.filter((text) => text.includes('already answered'))).toHaveLength(1);
    expect(['allow', 'deny']).toContain(state.outcome);
    const after = await edited(message);
    expect(after.edits).toBe(1);
  });
});

describe('the message follows the question wherever it is answered', () => {
  it('answered in the extension (interaction-respond): the message is edited, its buttons gone', async () => {
    const { sid, state, message } = await asked();
    const res = await answer(t, sid, state.interaction!.interactionId, 'approve', { scope: 'once' });
    expect(res.status).toBe(200);
    const after = await edited(message);
    expect(after.text).toContain('Approved once by approver for tests');
    expect(after.keyboard).toBeNull();
    // A press on the edited message (a stale client) changes nothing.
    await press(message.chatId, message, 'gh1:deny');
    expect((await toolCall(sid, 'a')).outcome).toBe('allow');
  });

  it('a timeout edits it to expired', async () => {
    const { sid, message } = await asked();
    await runInDurableObject(sessionStub(t.workspaceId, sid), (_: SessionDO, state) => {
      state.storage.sql.exec(
        "UPDATE interactions SET expires_at = ? WHERE state = 'active'",
        Date.now() - 1000,
      );
    });
    expect(await runDurableObjectAlarm(sessionStub(t.workspaceId, sid))).toBe(true);
    const after = await edited(message);
    expect(after.text).toContain('Expired');
    expect(after.keyboard).toBeNull();
  });

  it('withdrawn by the agent: edited to withdrawn; the next queued question is posted', async () => {
    const user = await linkTelegram(phone.token);
    const sid = uid('s');
    await submit(t, sid, askingCall('a', 'make release'));
    await submit(t, sid, askingCall('b', 'make publish'));
    const [first] = questions(await chatMessages(user, (m) => questions(m).length > 0));
    expect((await api(`/sessions/${sid}/tool-calls/a`, { token: t.agent, method: 'DELETE' })).status).toBe(
      200,
    );
    expect((await edited(first!)).text).toContain('Withdrawn');
    const all = questions(await chatMessages(user, (m) => questions(m).length === 2));
    expect(all[1]!.text).toContain('make publish');
  });

  it('a chat that blocked the bot does not keep the others from their message', async () => {
    const crew = await team();
    const blocked = await linkTelegram(crew.approver);
    const tablet = await expectJson<{ token: string }>(201, '/tokens', {
      token: crew.admin,
      body: { role: 'approver', label: 'Tablet' },
    });
    const open = await linkTelegram(tablet.token);
    await fetch(`https://${workerdTelegram.host}/__fake/block`, {
      method: 'POST',
      body: JSON.stringify({ chatId: blocked }),
    });
    const sid = uid('s');
    await submit(crew, sid, askingCall('a'));
    const [question] = questions(await chatMessages(open, (m) => questions(m).length > 0));
    expect(question!.keyboard).not.toBeNull();
    // Its answer still works, and the close edits only what was posted.
    await press(open, question!, 'gh1:once');
    expect((await edited(question!)).text).toContain('Approved once by Tablet · Telegram');
  });
});

describe('limits and redaction', () => {
  it('a long call fits Telegram’s 4,096 characters, escaped, with the call cut', async () => {
    await setPermissions(t, { pushDetails: 'call' });
    try {
      const long = `echo "<b>&amp;</b>" ${'x'.repeat(9000)}\n${Array.from({ length: 80 }, (_, i) => `line ${i} <tag> & more`).join('\n')}`;
      const { message } = await asked(long);
      expect([...message.text].length).toBeLessThanOrEqual(4096);
      // The fake parsed the HTML: every < > & in the call was escaped (it would refuse otherwise).
      expect(message.text).toContain('echo "<b>&amp;</b>"');
      expect(message.text).toContain('…');
    } finally {
      await setPermissions(t, {});
    }
  });

  it.each(secretSpellings)(
    '$name never appears in a chat message, asked or closed',
    async ({ text, secret }) => {
      const crew = await team();
      await setPermissions(crew, { pushDetails: 'call' });
      const user = await linkTelegram(crew.approver);
      const sid = uid('s');
      await expectJson(200, `/sessions/${sid}`, {
        token: crew.agent,
        method: 'PUT',
        body: { title: `deploy ${text}` },
      });
      const state = await submit(
        crew,
        sid,
        askingCall('a', `curl -H "X-Key: ${text}" https://example.com # ${text}`),
      );
      const [message] = questions(await chatMessages(user, (m) => questions(m).length > 0));
      await answer(crew, sid, state.interaction!.interactionId, 'reject', { comment: `no, ${text}` });
      const after = await edited(message!);
      const sent = (await telegramLog()).calls.filter(
        (call) => call.body.chat_id === user || call.body.chat_id === String(user),
      );
      expect(sent.length).toBeGreaterThanOrEqual(2);
      for (const shown of [JSON.stringify(sent), message!.text, after.text])
        expect(shown).not.toContain(secret);
    },
  );
});

describe('Telegram off', () => {
  it('without its secrets the webhook is 404 and nothing is posted', async () => {
    const { default: app } = await import('../../worker/index.ts');
    const { env } = await import('cloudflare:workers');
    const res = await app.fetch(
      new Request('http://relay/integrations/telegram', {
        method: 'POST',
        headers: {
          'x-telegram-bot-api-secret-token': workerdTelegram.secret,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ update_id: 1 }),
      }),
      { ...env, TELEGRAM_WEBHOOK_SECRET: undefined },
      { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext,
    );
    expect(res.status).toBe(404);
    const { telegramProvider } = await import('../../worker/chat/telegram/provider.ts');
    expect(telegramProvider({ ...env, TELEGRAM_BOT_TOKEN: '' })).toBeNull();
    expect(telegramProvider({ ...env, TELEGRAM_WEBHOOK_SECRET: ' ' })).toBeNull();
  });
});
