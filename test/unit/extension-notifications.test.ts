import { beforeEach, describe, expect, it, vi } from 'vitest';

// Install WXT's in-memory browser before `wxt/browser` is first imported (see extension-storage).
const { fakeBrowser } = await vi.hoisted(async () => {
  const testing = await import('wxt/testing/fake-browser');
  Object.assign(globalThis, { chrome: testing.fakeBrowser });
  return testing;
});

import { noticePrefix, notificationContent, planNotifications } from '../../extension/lib/notifications.ts';
import { createNotifier, type NotifierOptions } from '../../extension/lib/notifier.ts';
import { argumentPreview } from '../../extension/lib/preview.ts';
import { notifiedItem, notifiedLimit } from '../../extension/lib/storage.ts';
import { allActions, interaction, session } from './extension-fixtures.ts';

beforeEach(() => {
  fakeBrowser.reset();
});

const shown = async () =>
  fakeBrowser.notifications.getAllCreateOptions() as Record<string, Record<string, unknown>>;

function notifier(overrides: Partial<NotifierOptions> = {}) {
  const respond = vi.fn<NotifierOptions['respond']>(async ({ interactionId: iid }) => ({
    ok: true,
    value: interaction(iid, 'demo', { state: 'resolved' }),
  }));
  const openRequest = vi.fn<NotifierOptions['openRequest']>(async () => {});
  const created = createNotifier({
    buttons: true,
    iconUrl: 'chrome-extension://test/icon/128.png',
    respond,
    openRequest,
    ...overrides,
  });
  return { notifier: created, respond, openRequest };
}

describe('which notifications to show', () => {
  it('creates one per newly active interaction, and remembers it', () => {
    const plan = planNotifications([session('a'), session('b', { active: null })], [], []);
    expect(plan.create.map((planned) => planned.interaction.interactionId)).toEqual(['int-a']);
    expect(plan.notified).toEqual([
      { interactionId: 'int-a', sessionId: 'a', buttons: ['allow_once', 'deny'] },
    ]);
    expect(plan.clear).toEqual([]);
  });

  it('does not create one already notified, and clears those that left the inbox (notices stay)', () => {
    const notified = [{ interactionId: 'int-a', sessionId: 'a', buttons: [] }];
    const plan = planNotifications([session('a')], notified, [
      'int-a',
      'int-gone',
      `${noticePrefix}refused:x`,
    ]);
    expect(plan.create).toEqual([]);
    expect(plan.clear).toEqual(['int-gone']);
  });

  it('remembers a bounded number, never dropping one still waiting', () => {
    const old = Array.from({ length: notifiedLimit }, (_, i) => ({
      interactionId: `old-${i}`,
      sessionId: 's',
      buttons: [],
    }));
    const waiting = { interactionId: 'int-a', sessionId: 'a', buttons: [] };
    const plan = planNotifications([session('a'), session('b')], [waiting, ...old], []);
    expect(plan.notified).toHaveLength(notifiedLimit);
    expect(plan.notified[0]).toEqual(waiting);
    expect(plan.notified.at(-1)).toMatchObject({ interactionId: 'int-b' });
    expect(plan.notified.some((entry) => entry.interactionId === 'old-0')).toBe(false);
  });

  it('offers no Approve for a call that needs the passkey (a notification cannot ask for it)', () => {
    const atHigh = { level: 'high', setting: 'high', count: 1 } as const;
    const plan = planNotifications([session('a'), session('b', { risk: 'medium' })], [], [], atHigh);
    expect(plan.notified.map((entry) => entry.buttons)).toEqual([['deny'], ['allow_once', 'deny']]);
    // Not known yet: the default step-up (critical) is assumed.
    const unknown = planNotifications([session('c', { risk: 'critical' }), session('d')], [], []);
    expect(unknown.notified.map((entry) => entry.buttons)).toEqual([['deny'], ['allow_once', 'deny']]);
    const view = session('e');
    expect(notificationContent(view, view.activeInteraction!, { buttons: true }, atHigh)).toMatchObject({
      contextMessage: 'Review required · High · needs your passkey: approve in the toolbar popup',
      buttons: [{ title: 'Deny' }],
    });
  });

  it('offers only the buttons the relay allows', () => {
    const denyOnly = allActions.filter((action) => action.id === 'deny');
    const plan = planNotifications([session('a', { active: { actions: denyOnly } })], [], []);
    expect(plan.notified[0]?.buttons).toEqual(['deny']);
  });
});

describe('what a notification says', () => {
  it('names tool and session, previews the arguments and carries the badge label (Chrome)', () => {
    const view = session('demo', { title: 'Refactor' });
    expect(notificationContent(view, view.activeInteraction!, { buttons: true })).toEqual({
      title: 'Bash — Refactor',
      message: 'rm -rf build',
      contextMessage: 'Review required · High',
      buttons: [{ title: 'Approve' }, { title: 'Deny' }],
      requireInteraction: true,
    });
  });

  it('on Firefox has no buttons or context line: the label leads the message', () => {
    const view = session('demo', { title: null });
    expect(notificationContent(view, view.activeInteraction!, { buttons: false })).toEqual({
      title: 'Bash — demo',
      message: 'Review required · High\nrm -rf build',
    });
  });

  it('previews arguments on one plain line of at most 120 characters', () => {
    expect(argumentPreview({ command: 'echo   a\n\tb\u0007' })).toBe('echo a b');
    expect(argumentPreview({ file_path: 'src/index.ts', content: 'x' })).toBe('src/index.ts');
    expect(argumentPreview({ a: 1, b: [true] })).toBe('{"a":1,"b":[true]}');
    expect(argumentPreview('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
    const long = argumentPreview({ command: 'x'.repeat(500) });
    expect(Array.from(long)).toHaveLength(120);
    expect(long.endsWith('…')).toBe(true);
    expect(Array.from(argumentPreview({ command: '😀'.repeat(200) })).at(-2)).toBe('😀');
    expect(argumentPreview(undefined)).toBe('');
  });
});

describe('the notifier against the browser', () => {
  it('creates a new interaction’s notification once, however often the inbox repeats', async () => {
    const { notifier: notifications } = notifier();
    await notifications.sync([session('a')]);
    await notifications.sync([session('a')]);
    const all = await shown();
    expect(Object.keys(all)).toEqual(['int-a']);
    expect(all['int-a']).toMatchObject({
      type: 'basic',
      title: 'Bash — Session a',
      requireInteraction: true,
    });
    expect(await notifiedItem.getValue()).toEqual([
      { interactionId: 'int-a', sessionId: 'a', buttons: ['allow_once', 'deny'] },
    ]);
  });

  it('after a service worker restart, does not notify again what session:notified remembers', async () => {
    await notifier().notifier.sync([session('a')]);
    // The user closed it; then the worker was stopped and a new one sees the same snapshot.
    await fakeBrowser.notifications.clear('int-a');
    await notifier().notifier.sync([session('a'), session('b')]);
    expect(Object.keys(await shown())).toEqual(['int-b']);
  });

  it('a restart that lost session storage notifies again rather than miss one', async () => {
    await notifier().notifier.sync([session('a')]);
    await fakeBrowser.storage.session.clear();
    await fakeBrowser.notifications.clear('int-a');
    await notifier().notifier.sync([session('a')]);
    expect(Object.keys(await shown())).toEqual(['int-a']);
  });

  it('clears a notification when its interaction leaves the inbox', async () => {
    const { notifier: notifications } = notifier();
    await notifications.sync([session('a'), session('b')]);
    await notifications.sync([session('b')]);
    expect(Object.keys(await shown())).toEqual(['int-b']);
    await notifications.sync([]);
    expect(await shown()).toEqual({});
  });

  it('Approve answers approve once, Deny answers reject without a comment, then the notification goes', async () => {
    const { notifier: notifications, respond } = notifier();
    await notifications.sync([session('a'), session('b')]);
    await notifications.answer('int-a', 0);
    await notifications.answer('int-b', 1);
    expect(respond.mock.calls).toEqual([
      [{ sessionId: 'a', interactionId: 'int-a', answer: { decision: 'approve', scope: 'once' } }],
      [{ sessionId: 'b', interactionId: 'int-b', answer: { decision: 'reject' } }],
    ]);
    expect(await shown()).toEqual({});
  });

  it('a button click works on a fresh worker: what it does comes from session:notified', async () => {
    await notifier().notifier.sync([session('a')]);
    const { notifier: fresh, respond } = notifier();
    await fresh.answer('int-a', 1);
    expect(respond).toHaveBeenCalledWith({
      sessionId: 'a',
      interactionId: 'int-a',
      answer: { decision: 'reject' },
    });
  });

  it('ignores buttons that do not exist and notifications that are not requests', async () => {
    const { notifier: notifications, respond, openRequest } = notifier();
    await notifications.sync([
      session('a', { active: { actions: allActions.filter((a) => a.id === 'deny') } }),
    ]);
    await notifications.answer('int-a', 1);
    await notifications.answer('int-unknown', 0);
    await notifications.answer(`${noticePrefix}refused:int-a`, 0);
    await notifications.open(`${noticePrefix}refused:int-a`);
    expect(respond).not.toHaveBeenCalled();
    expect(openRequest).not.toHaveBeenCalled();
  });

  it('says so when the answer did not go through', async () => {
    const { notifier: notifications } = notifier({
      respond: async () => ({ ok: false, refusal: 'answered_elsewhere', message: 'conflict' }),
    });
    await notifications.sync([session('a')]);
    await notifications.answer('int-a', 0);
    expect(await shown()).toEqual({
      [`${noticePrefix}refused:int-a`]: expect.objectContaining({
        message: 'Not answered: it was already answered elsewhere.',
      }),
    });
  });

  it('a click on the body opens that session’s request', async () => {
    const { notifier: notifications, openRequest } = notifier();
    await notifications.sync([session('a')]);
    await notifications.open('int-a');
    expect(openRequest).toHaveBeenCalledWith('a');
  });

  it('without buttons (Firefox) creates plain notifications', async () => {
    const { notifier: notifications } = notifier({ buttons: false });
    await notifications.sync([session('a')]);
    const options = (await shown())['int-a']!;
    expect(options).not.toHaveProperty('buttons');
    expect(options).not.toHaveProperty('requireInteraction');
  });
});
