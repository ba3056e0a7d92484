import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { answerFromChat } from '../../worker/chat/answer.ts';
import { blindApproval } from '../../worker/chat/approvable.ts';
import type { ChatDirectory } from '../../worker/chat/directory.ts';

// The chat directory records what each posted message showed (docs/chat.md "What a message
// shows"); a directory made before that record existed is migrated, and its messages count as
// showing nothing: an Approve on them is refused before any workspace is asked.

const entry = { workspaceId: 'default', sessionId: 's-dir', interactionId: 'i-dir' };

describe('the chat directory', () => {
  it('keeps what each message showed', async () => {
    const directory = env.CHAT.getByName(`telegram:${crypto.randomUUID()}`);
    await directory.remember('10', { ...entry, details: 'none' });
    await directory.remember('11', { ...entry, details: 'call' });
    expect(await directory.find('10')).toEqual({ ...entry, details: 'none' });
    expect(await directory.find('11')).toEqual({ ...entry, details: 'call' });
  });

  it('migrates a directory from before the record: its messages read as showing nothing, and cannot approve', async () => {
    const chatId = String(Math.floor(Math.random() * 1e9));
    const directory = env.CHAT.getByName(`telegram:${chatId}`);
    await runInDurableObject(directory, (_: ChatDirectory, state) => {
      // The schema as it was, with one message in it; nothing has touched the object yet.
      state.storage.sql.exec(`
        CREATE TABLE messages (
          message_id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, session_id TEXT NOT NULL,
          interaction_id TEXT NOT NULL, created_at INTEGER NOT NULL
        );
        CREATE TABLE updates (key TEXT PRIMARY KEY, seen_at INTEGER NOT NULL);
      `);
      state.storage.sql.exec(
        'INSERT INTO messages VALUES (?, ?, ?, ?, ?)',
        '7',
        entry.workspaceId,
        entry.sessionId,
        entry.interactionId,
        Date.now(),
      );
    });
    expect(await directory.find('7')).toEqual({ ...entry, details: null });
    for (const answer of [
      { decision: 'approve' as const, scope: 'once' as const },
      { decision: 'approve' as const, scope: 'session' as const },
      { decision: 'approve' as const },
    ])
      expect(
        await answerFromChat(env, { provider: 'telegram', chatId, messageId: '7', userId: '1', answer }),
      ).toEqual({ kind: 'refused', message: blindApproval });
    // Migrated once: a new message records again, and the old one is still there.
    await directory.remember('8', { ...entry, details: 'summary' });
    expect(await directory.find('8')).toEqual({ ...entry, details: 'summary' });
    await runInDurableObject(directory, (_: ChatDirectory, state) => {
      expect(state.storage.sql.exec('SELECT version FROM schema_version').one().version).toBe(2);
    });
  });
});
