// Bindings of the relay, as declared in wrangler.toml. `Cloudflare.Env` is what
// `import { env } from 'cloudflare:workers'` is typed with; `Env` is the same for handlers.
declare namespace Cloudflare {
  interface Env {
    SESSION: DurableObjectNamespace<import('./session/session-do.ts').SessionDO>;
    WORKSPACE: DurableObjectNamespace<import('./workspace/workspace-do.ts').WorkspaceDO>;
    /** Admin token of the workspace `default` (a Worker secret; `.dev.vars` locally). */
    GATEHOUSE_ADMIN_TOKEN: string;
    /** Bearer requests per token per minute before 429 (default 1200). */
    GATEHOUSE_RATE_LIMIT_PER_MINUTE?: string;
  }
}
interface Env extends Cloudflare.Env {}
