import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatLinkList } from '../../shared/contract/index.ts';
import type { WorkspaceDO } from '../../worker/workspace/workspace-do.ts';
import {
  chatMessages,
  deliver,
  linkCode,
  linkTelegram,
  questions,
  setPermissions,
  startUpdate,
  telegramLog,
  telegramUser,
} from './chat-fixtures.ts';
import { api, askingCall, expectJson, submit, type Team, team, uid } from './session-fixtures.ts';

// Approvals in chat, the core (docs/chat.md): link codes and links, who gets a question, and
// what a message may show under each `pushDetails`. Telegram is the service that carries it here.

let t: Team;
beforeAll(async () => {
  t = await team();
}, 60_000);

const workspace = (id: string) => env.WORKSPACE.getByName(id);

async function approver(admin: string, label: string) {
  return expectJson<{ id: string; token: string }>(201, '/tokens', {
    token: admin,
    body: { role: 'approver', label },
  });
}

describe('link codes', () => {
  it('an approver or an admin makes one: a code and an expiry ten minutes ahead', async () => {
    for (const token of [t.approver, t.admin]) {
      const before = Date.now();
      const made = await linkCode(token);
      expect(made.code).toMatch(/^[a-z0-9-]+\.[A-Z2-9]{8}$/);
      const ttl = Date.parse(made.expiresAt) - before;
      expect(ttl).toBeGreaterThan(9 * 60_000);
      expect(ttl).toBeLessThanOrEqual(10 * 60_000 + 1000);
    }
  });

  it('an agent token gets 403, no token 401, and neither makes a code', async () => {
    const count = () =>
      runInDurableObject(
        workspace(t.workspaceId),
        (_: WorkspaceDO, state) =>
          state.storage.sql.exec<{ n: number }>('SELECT count(*) AS n FROM chat_link_codes').one().n,
      );
    const before = await count();
    expect((await api('/chat/link-codes', { token: t.agent, method: 'POST' })).status).toBe(403);
    expect((await api('/chat/link-codes', { method: 'POST' })).status).toBe(401);
    expect((await api('/chat/links', { token: t.agent })).status).toBe(403);
    expect((await api('/chat/links/cl-x', { token: t.agent, method: 'DELETE' })).status).toBe(403);
    expect(await count()).toBe(before);
  });

  it('is stored as its SHA-256 only', async () => {
    const { code } = await linkCode(t.approver);
    const bare = code.split('.')[1]!;
    const stored = await runInDurableObject(workspace(t.workspaceId), (_: WorkspaceDO, state) =>
      JSON.stringify(state.storage.sql.exec('SELECT * FROM chat_link_codes').toArray()),
    );
    expect(stored).not.toContain(bare);
    const digest = Array.from(
      new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(bare))),
    )
      .map((byte) => byte.toString(16).padStart(2, '0'))
      .join('');
    expect(stored).toContain(digest);
  });

  it('links once: a second use, an expired code, a code of nobody and a malformed one link nobody', async () => {
    const { code } = await linkCode(t.approver);
    const first = await linkTelegram(t.approver, telegramUser());
    const user = telegramUser();
    await deliver(await startUpdate(user, `/start ${code}`));
    const other = telegramUser();
    expect((await deliver(await startUpdate(other, `/start ${code}`))).status).toBe(200);
    const expiring = await linkCode(t.approver);
    await runInDurableObject(workspace(t.workspaceId), (_: WorkspaceDO, state) => {
      state.storage.sql.exec('UPDATE chat_link_codes SET expires_at = ?', Date.now() - 1);
    });
    const late = telegramUser();
    await deliver(await startUpdate(late, `/start ${expiring.code}`));
    const guess = telegramUser();
    await deliver(await startUpdate(guess, `/start ${t.workspaceId}.ABCDEFGH`));
    const junk = telegramUser();
    await deliver(await startUpdate(junk, '/start <b>&'));

    const { links } = await expectJson<ChatLinkList>(200, '/chat/links', { token: t.admin });
    const linked = links.map((link) => link.userId);
    expect(linked).toContain(String(first));
    expect(linked).toContain(String(user));
    for (const stranger of [other, late, guess, junk]) expect(linked).not.toContain(String(stranger));
    expect((await chatMessages(other))[0]!.text).toContain('already used');
    expect((await chatMessages(late))[0]!.text).toContain('expired');
    expect((await chatMessages(guess))[0]!.text).toContain('unknown');
    expect((await chatMessages(junk))[0]!.text).toContain('not a link code');
  });

  it('two senders of one code at once: exactly one is linked', async () => {
    const { code } = await linkCode(t.approver);
    const users = [telegramUser(), telegramUser(), telegramUser()];
    const updates = await Promise.all(users.map((user) => startUpdate(user, `/start ${code}`)));
    await Promise.all(updates.map((update) => deliver(update)));
    const { links } = await expectJson<ChatLinkList>(200, '/chat/links', { token: t.admin });
    expect(users.filter((user) => links.some((link) => link.userId === String(user)))).toHaveLength(1);
  });

  it('links only in a private chat', async () => {
    const { code } = await linkCode(t.approver);
    const user = telegramUser();
    const group = -telegramUser();
    await deliver(await startUpdate(user, `/start ${code}`, { id: group, type: 'group' }));
    const { links } = await expectJson<ChatLinkList>(200, '/chat/links', { token: t.admin });
    expect(links.map((link) => link.userId)).not.toContain(String(user));
    expect((await chatMessages(group))[0]!.text).toContain('private chat');
  });
});

describe('links', () => {
  it('lists the approver, removes on DELETE, and an approver reaches only their own', async () => {
    const phone = await approver(t.admin, 'Phone');
    const laptop = await approver(t.admin, 'Laptop');
    const user = await linkTelegram(phone.token);
    const mine = await expectJson<ChatLinkList>(200, '/chat/links', { token: phone.token });
    expect(mine.links).toEqual([
      {
        id: expect.stringMatching(/^cl-/),
        provider: 'telegram',
        userId: String(user),
        approver: { tokenId: phone.id, label: 'Phone' },
        createdAt: expect.any(String),
      },
    ]);
    const id = mine.links[0]!.id;
    expect((await expectJson<ChatLinkList>(200, '/chat/links', { token: laptop.token })).links).toEqual([]);
    expect((await api(`/chat/links/${id}`, { token: laptop.token, method: 'DELETE' })).status).toBe(404);
    expect((await api(`/chat/links/${id}`, { token: phone.token, method: 'DELETE' })).status).toBe(204);
    expect((await api(`/chat/links/${id}`, { token: phone.token, method: 'DELETE' })).status).toBe(404);
    expect((await expectJson<ChatLinkList>(200, '/chat/links', { token: phone.token })).links).toEqual([]);
  });

  it('go with their token when it is revoked', async () => {
    const phone = await approver(t.admin, 'Revoked phone');
    const user = await linkTelegram(phone.token);
    expect((await api(`/tokens/${phone.id}`, { token: t.admin, method: 'DELETE' })).status).toBe(200);
    const { links } = await expectJson<ChatLinkList>(200, '/chat/links', { token: t.admin });
    expect(links.map((link) => link.userId)).not.toContain(String(user));
  });
});

describe('the chat settings of the workspace', () => {
  it('chat.slackChannel is a workspace setting: a channel id or #name, anything else 400 naming the field', async () => {
    const crew = await team();
    for (const slackChannel of ['C0123ABCD', '#ops-approvals'])
      expect(
        (await api('/permissions', { token: crew.admin, method: 'PUT', body: { chat: { slackChannel } } }))
          .status,
      ).toBe(200);
    for (const body of [
      { chat: { slackChannel: 'two words' } },
      { chat: { slackChannel: '' } },
      { chat: { channel: 'C1' } },
    ]) {
      const res = await api('/permissions', { token: crew.admin, method: 'PUT', body });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('chat');
    }
    // A session may not set where the workspace's questions go.
    const declared = await api(`/sessions/${uid('s')}`, {
      token: crew.agent,
      method: 'PUT',
      body: { permissions: { chat: { slackChannel: 'C0123ABCD' } } },
    });
    expect(declared.status).toBe(400);
    expect(await declared.text()).toContain('chat');
  });
});

describe('who gets a question', () => {
  it('nobody linked: nothing is posted', async () => {
    const lonely = await team();
    const before = (await telegramLog()).calls.filter((call) => call.method === 'sendMessage').length;
    await submit(lonely, uid('s'), askingCall('a'));
    // A linked workspace's question posted after this one proves the delivery ran meanwhile.
    const witness = await team();
    const user = await linkTelegram(witness.approver);
    await submit(witness, uid('s'), askingCall('w'));
    await chatMessages(user, (messages) => questions(messages).length === 1);
    const sends = (await telegramLog()).calls.filter((call) => call.method === 'sendMessage');
    // The witness's link reply and its question: nothing for the lonely workspace.
    expect(sends.length - before).toBe(2);
  });

  it('each linked approver gets one direct message per question, with the three buttons', async () => {
    const crew = await team();
    const phone = await approver(crew.admin, 'Phone');
    const [a, b] = [await linkTelegram(crew.approver), await linkTelegram(phone.token)];
    const sid = uid('s');
    await submit(crew, sid, askingCall('a', 'npm publish --access public'));
    for (const user of [a, b]) {
      const [question, ...more] = questions(await chatMessages(user, (m) => questions(m).length > 0));
      expect(more).toEqual([]);
      expect(question!.keyboard!.flat().map((button) => button.text)).toEqual([
        'Approve once',
        'For this session',
        'Deny',
      ]);
      for (const button of question!.keyboard!.flat())
        expect(new TextEncoder().encode(button.callback_data).length).toBeLessThanOrEqual(64);
      expect(question!.text).toContain('npm publish --access public');
    }
  });
});

describe('what a message shows follows pushDetails', () => {
  const command = 'terraform apply -auto-approve -var region=eu-west-1';

  async function shown(pushDetails: 'none' | 'summary' | 'call') {
    const crew = await team();
    await setPermissions(crew, { pushDetails });
    const user = await linkTelegram(crew.approver);
    const sid = uid('s');
    await expectJson(200, `/sessions/${sid}`, {
      token: crew.agent,
      method: 'PUT',
      body: { title: 'infra rollout' },
    });
    await submit(crew, sid, askingCall('a', command));
    return questions(await chatMessages(user, (m) => questions(m).length > 0))[0]!.text;
  }

  it('none: the session and the risk only, never the call', async () => {
    const text = await shown('none');
    expect(text).toContain('infra rollout');
    expect(text).toMatch(/Risk: \S+ (safe|low|medium|high|critical)/);
    expect(text).not.toContain('terraform');
    expect(text).not.toContain('Bash');
    expect(text).not.toContain('Why asked');
  });

  it('summary: the tool and the one-line summary, not the reason', async () => {
    const text = await shown('summary');
    expect(text).toContain('Tool: Bash');
    expect(text).toContain(command);
    expect(text).not.toContain('Why asked');
  });

  it('call: the call, why it was asked and what decided', async () => {
    const text = await shown('call');
    expect(text).toContain(command);
    expect(text).toMatch(/Why asked: .+/);
    expect(text).toMatch(/Evaluator: (Policy|Rule|Security reviewer)/);
  });
});
