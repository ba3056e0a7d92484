// Bindings of the relay, as declared in wrangler.toml. `Cloudflare.Env` is what
// `import { env } from 'cloudflare:workers'` is typed with; `Env` is the same for handlers.
declare namespace Cloudflare {
  interface Env {
    SESSION: DurableObjectNamespace<import('./session/session-do.ts').SessionDO>;
    WORKSPACE: DurableObjectNamespace<import('./workspace/workspace-do.ts').WorkspaceDO>;
    /** Approvals in chat (docs/chat.md): per chat, the workspace of each message posted there. */
    CHAT: DurableObjectNamespace<import('./chat/directory.ts').ChatDirectory>;
    /** Admin token of the workspace `default` (a Worker secret; `.dev.vars` locally). */
    GATEHOUSE_ADMIN_TOKEN: string;
    /** Bearer requests per token per minute before 429 (default 1200). */
    GATEHOUSE_RATE_LIMIT_PER_MINUTE?: string;
    /** Web Push (docs/push.md): the VAPID key pair, base64url raw keys, and its contact. */
    GATEHOUSE_VAPID_PUBLIC_KEY?: string;
    GATEHOUSE_VAPID_PRIVATE_KEY?: string;
    GATEHOUSE_VAPID_SUBJECT?: string;
    /** "1" lets push subscriptions point at http://127.0.0.1 (local tests only). */
    GATEHOUSE_PUSH_ALLOW_INSECURE?: string;
    /** Attestations (docs/attestation.md): the relay's Ed25519 private JWK, as JSON (a secret). */
    GATEHOUSE_SIGNING_KEY?: string;
    /** Rotated-out public JWKs (a JSON array), still published until their attestations expire. */
    GATEHOUSE_RETIRED_KEYS?: string;
    /** The relay's public URL, the `iss` of its attestations; else each request's origin. */
    GATEHOUSE_PUBLIC_URL?: string;
    /** Passkeys (docs/attestation.md "Passkeys"): the WebAuthn RP ID, else the relay's host name. */
    GATEHOUSE_RP_ID?: string;
    /** Further origins whose passkey ceremonies are accepted, comma- or space-separated. */
    GATEHOUSE_WEBAUTHN_ORIGINS?: string;
    /** Telegram (docs/chat.md): the bot's token from @BotFather; Telegram is off without it. */
    TELEGRAM_BOT_TOKEN?: string;
    /** The `secret_token` given to setWebhook, checked on every update; Telegram is off without it. */
    TELEGRAM_WEBHOOK_SECRET?: string;
    /** The Bot API origin (default https://api.telegram.org); tests point it at a local fake. */
    TELEGRAM_API_URL?: string;
  }
}
interface Env extends Cloudflare.Env {}
