import type { ChatLink, ChatLinkCode, Role } from '../../shared/contract/index.ts';
import { sha256Hex } from '../../shared/digest/index.ts';
import { formatPairingCode, pairingAlphabet, pairingCodeLength } from '../common/pairing.ts';
import { randomFrom, randomId } from '../common/secrets.ts';
import type { ChatLinkRequest, ChatLinkResult } from '../rpc.ts';
import type { ChatLinkRow, ChatStore } from './store.ts';

/**
 * Link codes and links (docs/chat.md "Linking"): an approver (or admin) token makes a code; the
 * chat user who sends it to the bot answers as that token from then on. Codes look like pairing
 * codes (`<workspaceId>.<CODE>`, the bare CODE in `default`), are used once, live ten minutes and
 * are kept only as SHA-256. A revoked token's links go with it (WorkspaceDO.revokeToken).
 */

export const linkCodeTtlMs = 10 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

export interface LinkOwner {
  tokenId: string;
  /** The token's label; null when it has none. */
  label: string | null;
  role: Role;
}

export class ChatLinks {
  readonly #store: ChatStore;
  readonly #owner: (tokenId: string) => LinkOwner | null;

  /** `owner`: the live (not revoked) token of that id, or null. */
  constructor(store: ChatStore, owner: (tokenId: string) => LinkOwner | null) {
    this.#store = store;
    this.#owner = owner;
  }

  async createCode(workspaceId: string, tokenId: string, now: number): Promise<ChatLinkCode> {
    this.#store.pruneLinkCodes(now - 24 * 60 * 60_000);
    const code = randomFrom(pairingAlphabet, pairingCodeLength);
    const expiresAt = now + linkCodeTtlMs;
    this.#store.insertLinkCode({
      hash: await sha256Hex(code),
      token_id: tokenId,
      created_at: now,
      expires_at: expiresAt,
    });
    return { code: formatPairingCode(workspaceId, code), expiresAt: iso(expiresAt) };
  }

  /** Spends a code (already split off its workspace) and links the sender to the code's approver. */
  async consume(
    workspaceId: string,
    code: string,
    request: ChatLinkRequest,
    now: number,
  ): Promise<ChatLinkResult> {
    const hash = await sha256Hex(code);
    const row = this.#store.linkCode(hash);
    if (!row) return { ok: false, reason: 'unknown', message: 'That link code is unknown.' };
    if (row.used_at !== null)
      return { ok: false, reason: 'used', message: 'That link code was already used.' };
    if (row.expires_at <= now)
      return { ok: false, reason: 'expired', message: 'That link code expired: make a new one.' };
    const owner = this.#owner(row.token_id);
    // A code of a token revoked since is as good as unknown.
    if (!owner) return { ok: false, reason: 'unknown', message: 'That link code is unknown.' };
    // The conditional update is the single-use guarantee, whatever ran since the read above.
    if (!this.#store.useLinkCode(hash, now))
      return { ok: false, reason: 'used', message: 'That link code was already used.' };
    const linkId = this.#store.saveLink({
      id: randomId('cl-'),
      provider: request.provider,
      user_id: request.userId,
      chat_id: request.chatId,
      token_id: row.token_id,
      created_at: now,
    });
    return { ok: true, workspaceId, linkId, approver: { tokenId: owner.tokenId, label: owner.label } };
  }

  /** The approver a chat user answers as, or null when unlinked (or the token is revoked). */
  approverOf(provider: ChatLinkRequest['provider'], userId: string): LinkOwner | null {
    const link = this.#store.linkOf(provider, userId);
    return link ? this.#owner(link.token_id) : null;
  }

  /** Every link (`tokenId` null: an admin), or only the links of one approver token. */
  list(tokenId: string | null): ChatLink[] {
    return this.#store
      .links()
      .filter((row) => tokenId === null || row.token_id === tokenId)
      .map((row) => this.#view(row));
  }

  remove(id: string, tokenId: string | null): boolean {
    const row = this.#store.links().find((link) => link.id === id);
    if (!row || (tokenId !== null && row.token_id !== tokenId)) return false;
    return this.#store.deleteLink(id);
  }

  #view(row: ChatLinkRow): ChatLink {
    return {
      id: row.id,
      provider: row.provider,
      userId: row.user_id,
      approver: { tokenId: row.token_id, label: this.#owner(row.token_id)?.label ?? null },
      createdAt: iso(row.created_at),
    };
  }
}
