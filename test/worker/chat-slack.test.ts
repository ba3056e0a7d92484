import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ToolCallState } from '../../shared/contract/index.ts';
import type { SessionDO } from '../../worker/session/session-do.ts';
import { signSlackBody } from '../support/fake-slack-sign.ts';
import { secretSpellings } from '../support/secret-spellings.ts';
import { workerdSlack } from '../support/workerd-slack.ts';
import { linkCode, setPermissions } from './chat-fixtures.ts';
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
import {
  buttonsOf,
  control,
  type Delivery,
  deliverSlack,
  dmOf,
  editedSlack,
  ephemeralsOf,
  interactionBody,
  linkSlack,
  pressSlack,
  shownText,
  slackLog,
  slackMessages,
  slackUser,
  slashCommand,
} from './slack-fixtures.ts';

// Slack inside workerd (docs/chat.md "Slack"): the app's request URLs, its buttons, its modal and
// its messages against the fake Web API of test/support/fake-slack.ts, which checks the bot
// token, the request shapes and Block Kit's limits as Slack does.

const approveOnce = 'gatehouse_approve_once';
const approveSession = 'gatehouse_approve_session';
const deny = 'gatehouse_deny';

let t: Team;
let phone: { id: string; token: string };
beforeAll(async () => {
  t = await team();
  phone = await expectJson(201, '/tokens', { token: t.admin, body: { role: 'approver', label: 'Phone' } });
}, 60_000);

/** A linked approver (label "Phone") with one question waiting in their DM. */
async function asked(command = 'npm publish --access public', crew = t, token = phone.token) {
  const user = await linkSlack(token);
  const sid = uid('s');
  const state = await submit(crew, sid, askingCall('a', command));
  const [message] = await slackMessages(dmOf(user));
  return { user, sid, state, message: message! };
}

const toolCall = (sid: string, id: string, wait = 0, crew = t) =>
  expectJson<ToolCallState>(200, `/sessions/${sid}/tool-calls/${id}${wait ? `?wait=${wait}` : ''}`, {
    token: crew.agent,
  });

const resolutions = async (sid: string) =>
  (
    await expectJson<{ events: { name: string }[] }>(200, `/sessions/${sid}/audit`, { token: t.approver })
  ).events.filter((event) => event.name === 'tool_permission_resolution');

describe('posting', () => {
  it('a question goes to the linked approver’s DM through conversations.open and chat.postMessage, with the bot token', async () => {
    const { user, message } = await asked('npm publish --access public');
    const log = await slackLog();
    const opened = log.calls.filter(
      (call) => call.method === 'conversations.open' && call.args.users === user,
    );
    expect(opened).toHaveLength(1);
    const posted = log.calls.filter(
      (call) => call.method === 'chat.postMessage' && call.args.channel === dmOf(user),
    );
    expect(posted).toHaveLength(1);
    for (const call of [...opened, ...posted])
      expect(call.authorization).toBe(`Bearer ${workerdSlack.token}`);
    expect(buttonsOf(message)).toEqual([approveOnce, approveSession, deny]);
    expect(shownText(message)).toContain('npm publish --access public');
    expect(shownText(message)).toContain('Bash');
  });

  it('nobody linked: nothing is posted', async () => {
    const crew = await team();
    const before = (await slackLog()).calls.length;
    const sid = uid('s');
    await submit(crew, sid, askingCall('a', 'make lonely'));
    await submit(crew, uid('s'), askingCall('b', 'make lonelier'));
    const after = await slackLog();
    expect(after.calls.slice(before).filter((call) => JSON.stringify(call.args).includes('lonel'))).toEqual(
      [],
    );
  });

  it('with chat.slackChannel set, each question is posted once to that channel, and no DM is opened', async () => {
    const crew = await team();
    const { id: channel } = await control<{ id: string }>('channel', { name: `approvals-${uid('c')}` });
    await setPermissions(crew, { chat: { slackChannel: channel } });
    const first = await linkSlack(crew.approver);
    const second = await linkSlack(crew.admin);
    const sid = uid('s');
    await submit(crew, sid, askingCall('a', 'make channel-post'));
    const [message] = await slackMessages(channel);
    expect(shownText(message!)).toContain('make channel-post');
    const log = await slackLog();
    expect(log.messages.filter((m) => shownText(m).includes('make channel-post'))).toHaveLength(1);
    expect(
      log.calls.filter(
        (call) => call.method === 'conversations.open' && [first, second].includes(String(call.args.users)),
      ),
    ).toEqual([]);
    // Either linked approver answers there, as themself.
    await pressSlack(second, message!, approveOnce);
    const state = await toolCall(sid, 'a', 30, crew);
    expect(state.resolution?.actor?.label).toMatch(/ · Slack$/);
    expect((await editedSlack(message!)).blocks.some((b) => b.type === 'actions')).toBe(false);
  });

  it('with pushDetails "none" a message names the session and the risk only, and offers Deny alone', async () => {
    const crew = await team();
    await setPermissions(crew, { pushDetails: 'none' });
    const user = await linkSlack(crew.approver);
    const sid = uid('s');
    await expectJson(200, `/sessions/${sid}`, {
      token: crew.agent,
      method: 'PUT',
      body: { title: 'nightly deploy' },
    });
    await submit(crew, sid, askingCall('a', 'terraform apply -auto-approve'));
    const [message] = await slackMessages(dmOf(user));
    const shown = shownText(message!);
    expect(shown).toContain('nightly deploy');
    expect(shown).toMatch(/risk/i);
    expect(shown).not.toContain('terraform');
    expect(shown).not.toContain('Bash');
    expect(buttonsOf(message!)).toEqual([deny]);
  });
});

describe('answering from Slack', () => {
  it('a linked approver approves once: the held agent call returns allow, with actor Phone · Slack', async () => {
    const { user, sid, message } = await asked();
    const held = toolCall(sid, 'a', 30);
    const { response } = await pressSlack(user, message, approveOnce);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    const state = await held;
    expect(state.outcome).toBe('allow');
    expect(state.resolution).toMatchObject({
      behavior: 'allow',
      scope: 'once',
      source: 'user',
      actor: { tokenId: phone.id, label: 'Phone · Slack', role: 'approver' },
    });
    const after = await editedSlack(message);
    expect(shownText(after)).toContain('Approved once by Phone · Slack');
    expect(buttonsOf(after)).toEqual([]);
    const update = (await slackLog()).calls.find(
      (call) => call.method === 'chat.update' && call.args.ts === message.ts,
    );
    expect(update?.authorization).toBe(`Bearer ${workerdSlack.token}`);
  });

  it('For this session approves with scope session', async () => {
    const { user, sid, message } = await asked('npm run deploy:staging');
    await pressSlack(user, message, approveSession);
    expect((await toolCall(sid, 'a', 30)).resolution).toMatchObject({ behavior: 'allow', scope: 'session' });
    expect(shownText(await editedSlack(message))).toContain('Approved for this session by Phone · Slack');
  });

  it('Deny opens a modal; its submission denies with the comment, which reaches the agent', async () => {
    const { user, sid, message } = await asked('rm -rf build');
    const { payload } = await pressSlack(user, message, deny);
    const view = await vi.waitFor(async () => {
      const found = (await slackLog()).views.find((v) => v.triggerId === payload.trigger_id);
      if (!found) throw new Error('no modal yet');
      return found;
    });
    // The press alone decided nothing.
    expect((await toolCall(sid, 'a')).outcome).toBe('pending');
    expect(view.view).toMatchObject({ type: 'modal', callback_id: 'gatehouse_deny' });
    const submission = await control('submit', { view: view.id, user, comment: 'not on a Friday' });
    const res = await deliverSlack('interactions', interactionBody(submission));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    const state = await toolCall(sid, 'a', 30);
    expect(state.outcome).toBe('deny');
    expect(state.resolution).toMatchObject({
      behavior: 'deny',
      source: 'user',
      comment: 'not on a Friday',
      actor: { tokenId: phone.id, label: 'Phone · Slack' },
    });
    // What the agent reads names the comment (DESIGN §7 "Answers an agent can act on").
    const hook = await api(`/hooks/claude/pre-tool-use`, {
      token: t.agent,
      body: {
        session_id: sid,
        tool_name: 'Bash',
        tool_input: { command: 'rm -rf build' },
        tool_use_id: 'a',
        hook_event_name: 'PreToolUse',
      },
    });
    expect(await hook.text()).toContain('not on a Friday');
    expect(shownText(await editedSlack(message))).toContain('Denied by Phone · Slack');
  });

  it('closing the Deny modal decides nothing', async () => {
    const { user, sid, message } = await asked('rm -rf dist');
    const { payload } = await pressSlack(user, message, deny);
    const view = await vi.waitFor(async () => {
      const found = (await slackLog()).views.find((v) => v.triggerId === payload.trigger_id);
      if (!found) throw new Error('no modal yet');
      return found;
    });
    const closed = await control('close', { view: view.id, user });
    expect((await deliverSlack('interactions', interactionBody(closed))).status).toBe(200);
    expect((await toolCall(sid, 'a')).outcome).toBe('pending');
    expect(await resolutions(sid)).toHaveLength(0);
  });

  it('an unlinked user’s click changes nothing and is told so privately', async () => {
    const { sid, message } = await asked();
    const stranger = slackUser();
    for (const action of [approveOnce, approveSession, deny]) {
      const { response } = await pressSlack(stranger, message, action);
      expect(response.status).toBe(200);
    }
    const told = await ephemeralsOf(stranger, 3);
    expect(told.every((e) => e.channel === message.channel && e.text.includes('not linked'))).toBe(true);
    expect(told[0]!.text).toContain('/gatehouse link');
    expect((await slackLog()).views.filter((v) => v.user === stranger)).toEqual([]);
    expect((await toolCall(sid, 'a')).outcome).toBe('pending');
  });

  it('the same Slack user id from another Slack workspace is not the linked user', async () => {
    const { user, sid, message } = await asked();
    await pressSlack(user, message, approveOnce, { team: 'T0ELSEWHERE' });
    expect((await ephemeralsOf(user))[0]!.text).toContain('not linked');
    expect((await toolCall(sid, 'a')).outcome).toBe('pending');
  });

  it('an approver linked in another Gatehouse workspace changes nothing', async () => {
    const { sid, message } = await asked();
    const elsewhere = await team();
    const foreign = await linkSlack(elsewhere.approver);
    await pressSlack(foreign, message, approveOnce);
    await pressSlack(foreign, message, deny);
    expect(await ephemeralsOf(foreign, 2)).toHaveLength(2);
    expect((await toolCall(sid, 'a')).outcome).toBe('pending');
  });

  it('a button that is not Gatehouse’s changes nothing', async () => {
    const { user, sid, message } = await asked();
    for (const action of ['gatehouse_approve_always', 'approve', `${approveOnce} `, 'toString'])
      expect((await pressSlack(user, message, action)).response.status).toBe(200);
    const told = await ephemeralsOf(user, 4);
    expect(told.every((e) => e.text.includes('not one of Gatehouse’s'))).toBe(true);
    expect((await toolCall(sid, 'a')).outcome).toBe('pending');
  });
});

describe('with pushDetails "none" a message can only deny', () => {
  /** A question posted under `pushDetails: "none"` to a linked approver's DM. */
  async function blind() {
    const crew = await team();
    await setPermissions(crew, { pushDetails: 'none' });
    const user = await linkSlack(crew.approver);
    const sid = uid('s');
    await submit(crew, sid, askingCall('a', 'terraform apply -auto-approve'));
    const [message] = await slackMessages(dmOf(user));
    expect(buttonsOf(message!)).toEqual([deny]);
    return { crew, user, sid, message: message! };
  }

  it('an Approve sent for it anyway (once, for the session, a crafted scope or action) is refused out loud and changes nothing', async () => {
    const { crew, user, sid, message } = await blind();
    const spellings: { action: string; value?: string }[] = [
      { action: approveOnce },
      { action: approveSession },
      { action: approveOnce, value: 'session' },
      { action: approveOnce, value: 'global' },
      { action: 'gatehouse_approve_always' },
      { action: 'approve' },
      { action: 'constructor' },
      { action: '__proto__' },
    ];
    for (const { action, value } of spellings) {
      const payload = await control<{ actions: { action_id: string; value: string }[] }>('press', {
        user,
        channel: message.channel,
        ts: message.ts,
        action,
      });
      payload.actions[0]!.action_id = action;
      if (value !== undefined) payload.actions[0]!.value = value;
      expect((await deliverSlack('interactions', interactionBody(payload))).status).toBe(200);
    }
    const told = await ephemeralsOf(user, spellings.length);
    expect(told).toHaveLength(spellings.length);
    expect(told.filter((e) => e.text.includes('does not show the call'))).toHaveLength(4);
    expect(told.filter((e) => e.text.includes('not one of Gatehouse’s'))).toHaveLength(4);
    expect(told.every((e) => e.channel === message.channel && /nothing changed/i.test(e.text))).toBe(true);
    expect((await toolCall(sid, 'a', 0, crew)).outcome).toBe('pending');
    const log = await slackLog();
    expect(log.messages.find((m) => m.ts === message.ts)?.edits).toBe(0);
    expect(log.views.filter((v) => v.user === user)).toEqual([]);
  });

  it('decided by what the message was posted with: raising the setting afterwards does not make it approve', async () => {
    const { crew, user, sid, message } = await blind();
    await setPermissions(crew, { pushDetails: 'call' });
    await pressSlack(user, message, approveOnce);
    expect((await ephemeralsOf(user))[0]!.text).toContain('does not show the call');
    expect((await toolCall(sid, 'a', 0, crew)).outcome).toBe('pending');
  });

  it('Deny still opens its modal and denies', async () => {
    const { crew, user, sid, message } = await blind();
    const { payload } = await pressSlack(user, message, deny);
    const view = await vi.waitFor(async () => {
      const found = (await slackLog()).views.find((v) => v.triggerId === payload.trigger_id);
      if (!found) throw new Error('no modal yet');
      return found;
    });
    const submission = await control('submit', { view: view.id, user, comment: null });
    expect((await deliverSlack('interactions', interactionBody(submission))).status).toBe(200);
    expect((await toolCall(sid, 'a', 30, crew)).outcome).toBe('deny');
    expect(shownText(await editedSlack(message))).toContain('Denied by');
  });
});

describe('the signature', () => {
  it('bad, stale, future, missing or for another body → 401, and nothing changes', async () => {
    const { user, sid, message } = await asked();
    const payload = await control('press', {
      user,
      channel: message.channel,
      ts: message.ts,
      action: approveOnce,
    });
    const body = interactionBody(payload);
    const now = Math.floor(Date.now() / 1000);
    const cases: Delivery[] = [
      { secret: 'another-signing-secret' },
      { secret: workerdSlack.signingSecret.toUpperCase() },
      { at: now - 6 * 60 },
      { at: now - 86_400 },
      { at: now + 6 * 60 },
      { unsigned: true },
      { headers: { 'x-slack-signature': `v0=${'0'.repeat(64)}` } },
      { headers: { 'x-slack-request-timestamp': 'now' } },
    ];
    for (const options of cases) {
      const res = await deliverSlack('interactions', body, options);
      expect(res.status, JSON.stringify(options)).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
    }
    // Signed for one body, sent with another.
    const timestamp = String(now);
    const signature = await signSlackBody(workerdSlack.signingSecret, timestamp, body);
    const swapped = await exports.default.fetch('http://relay/integrations/slack/interactions', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': timestamp,
        'x-slack-signature': signature,
      },
      body: interactionBody({ ...payload, actions: [{ action_id: approveSession, value: 'x' }] }),
    });
    expect(swapped.status).toBe(401);
    expect((await toolCall(sid, 'a')).outcome).toBe('pending');
    expect(await resolutions(sid)).toHaveLength(0);
    expect((await slackLog()).ephemerals.filter((e) => e.user === user)).toEqual([]);
    // The same press, signed as Slack signs it, still works: nothing above spent it.
    expect((await deliverSlack('interactions', body)).status).toBe(200);
    expect((await toolCall(sid, 'a', 30)).outcome).toBe('allow');
  });

  it('a slash command with a bad signature links nobody and leaves the code good', async () => {
    const { code } = await linkCode(phone.token);
    const user = slackUser();
    const refused = await slashCommand(user, `link ${code}`, undefined, { secret: 'wrong' });
    expect(refused.status).toBe(401);
    const { links } = await expectJson<{ links: { userId: string }[] }>(200, '/chat/links', {
      token: t.admin,
    });
    expect(links.some((link) => link.userId.endsWith(`:${user}`))).toBe(false);
    const linked = await slashCommand(user, `link ${code}`);
    expect(linked.status).toBe(200);
    expect(((await linked.json()) as { text: string }).text).toContain('Linked');
  });

  it('Slack’s unsigned certificate check of the command URL is a 200 that links nobody', async () => {
    const { code } = await linkCode(phone.token);
    const res = await deliverSlack(
      'commands',
      `ssl_check=1&token=x&text=${encodeURIComponent(`link ${code}`)}`,
      {
        unsigned: true,
      },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ response_type: 'ephemeral', text: '' });
    // The code is unspent: a signed command still links with it.
    const user = slackUser();
    expect(((await (await slashCommand(user, `link ${code}`)).json()) as { text: string }).text).toContain(
      'Linked',
    );
  });

  it('a signed body that is no Slack payload is 400 and changes nothing', async () => {
    for (const body of [
      '',
      'payload=not-json',
      interactionBody({ type: 'block_actions' }),
      interactionBody([]),
    ]) {
      const res = await deliverSlack('interactions', body);
      expect(res.status, body).toBe(400);
    }
    expect((await deliverSlack('commands', 'text=link')).status).toBe(400);
  });
});

describe('resolved once', () => {
  it('a retried payload (X-Slack-Retry-Num) resolves once and tells nobody twice', async () => {
    const { user, sid, message } = await asked();
    const { body } = await pressSlack(user, message, approveOnce);
    for (const retry of ['1', '2']) {
      const res = await deliverSlack('interactions', body, {
        headers: { 'x-slack-retry-num': retry, 'x-slack-retry-reason': 'http_timeout' },
      });
      expect(res.status).toBe(200);
    }
    expect((await toolCall(sid, 'a', 30)).outcome).toBe('allow');
    await editedSlack(message);
    expect(await resolutions(sid)).toHaveLength(1);
    expect((await slackLog()).ephemerals.filter((e) => e.user === user)).toEqual([]);
  });

  it('a double click resolves once; the second click hears it was already answered', async () => {
    const { user, sid, message } = await asked();
    await Promise.all([pressSlack(user, message, approveOnce), pressSlack(user, message, approveSession)]);
    const state = await toolCall(sid, 'a', 30);
    expect(state.outcome).toBe('allow');
    const told = await ephemeralsOf(user);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('already answered');
    const after = await editedSlack(message);
    expect(after.edits).toBe(1);
    expect(await resolutions(sid)).toHaveLength(1);
  });
});

describe('the message follows the question wherever it is answered', () => {
  it('answered in the extension (interaction-respond): the message is edited, its buttons gone', async () => {
    const { user, sid, state, message } = await asked();
    const res = await answer(t, sid, state.interaction!.interactionId, 'approve', { scope: 'once' });
    expect(res.status).toBe(200);
    const after = await editedSlack(message);
    expect(shownText(after)).toContain('Approved once by approver for tests');
    expect(buttonsOf(after)).toEqual([]);
    // A click on the edited message (a stale client) changes nothing.
    await pressSlack(user, message, deny);
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
    const after = await editedSlack(message);
    expect(shownText(after)).toContain('Expired');
    expect(buttonsOf(after)).toEqual([]);
  });

  it('withdrawn by the agent: edited to withdrawn; the next queued question is posted', async () => {
    const user = await linkSlack(phone.token);
    const sid = uid('s');
    await submit(t, sid, askingCall('a', 'make release'));
    await submit(t, sid, askingCall('b', 'make publish'));
    const [first] = await slackMessages(dmOf(user));
    expect((await api(`/sessions/${sid}/tool-calls/a`, { token: t.agent, method: 'DELETE' })).status).toBe(
      200,
    );
    expect(shownText(await editedSlack(first!))).toContain('Withdrawn');
    const all = await slackMessages(dmOf(user), (m) => m.length === 2);
    expect(shownText(all[1]!)).toContain('make publish');
  });
});

describe('limits and redaction', () => {
  it('a long call fits Slack’s limits, and the agent’s markup shows as written', async () => {
    await setPermissions(t, { pushDetails: 'call' });
    try {
      const user = await linkSlack(phone.token);
      const sid = uid('s');
      await expectJson(200, `/sessions/${sid}`, {
        token: t.agent,
        method: 'PUT',
        body: { title: 'release <!channel> <@U012> <https://evil.example|click> &amp; *now*' },
      });
      const long = `echo "<!channel> <@U012> &amp;" ${'x'.repeat(9000)}\n${Array.from({ length: 80 }, (_, i) => `line ${i} <tag> & more`).join('\n')}`;
      await submit(t, sid, askingCall('a', long));
      const [message] = await slackMessages(dmOf(user));
      // The fake refused anything over Slack's limits or with a live <…> sequence; this one it took.
      const sections = JSON.stringify(message!.blocks.filter((b) => b.type === 'section'));
      expect(sections).toContain(
        'release &lt;!channel&gt; &lt;@U012&gt; &lt;https://evil.example|click&gt; &amp;amp;',
      );
      // The call is preformatted rich text, never parsed as markup: shown as written, and cut.
      const rich = JSON.stringify(message!.blocks.find((b) => b.type === 'rich_text'));
      expect(rich).toContain('echo \\"<!channel> <@U012> &amp;\\"');
      expect(rich).toContain('…');
    } finally {
      await setPermissions(t, {});
    }
  });

  it.each(secretSpellings)(
    '$name never appears in a Slack message, asked, denied or closed',
    async ({ text, secret }) => {
      const crew = await team();
      await setPermissions(crew, { pushDetails: 'call' });
      const user = await linkSlack(crew.approver);
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
      const [message] = await slackMessages(dmOf(user));
      await answer(crew, sid, state.interaction!.interactionId, 'reject', { comment: `no, ${text}` });
      const after = await editedSlack(message!);
      const sent = (await slackLog()).calls.filter((call) => JSON.stringify(call.args).includes(dmOf(user)));
      expect(sent.length).toBeGreaterThanOrEqual(2);
      for (const shown of [JSON.stringify(sent), shownText(message!), shownText(after)])
        expect(shown).not.toContain(secret);
    },
  );
});

describe('Slack off', () => {
  it('without its secrets the routes are 404 and no provider exists', async () => {
    const { default: app } = await import('../../worker/index.ts');
    const { env } = await import('cloudflare:workers');
    for (const path of ['interactions', 'commands']) {
      const res = await app.fetch(
        new Request(`http://relay/integrations/slack/${path}`, { method: 'POST', body: 'payload=%7B%7D' }),
        { ...env, SLACK_SIGNING_SECRET: undefined },
        { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext,
      );
      expect(res.status).toBe(404);
    }
    const { slackProvider } = await import('../../worker/chat/slack/provider.ts');
    expect(slackProvider({ ...env, SLACK_BOT_TOKEN: '' })).toBeNull();
    expect(slackProvider({ ...env, SLACK_SIGNING_SECRET: ' ' })).toBeNull();
    expect(slackProvider(env)).not.toBeNull();
  });
});
