import type { ClaudeHookRoute } from '../sdk/claude-hook-routes.ts';
import type { ClaudeHookPoster } from './hook.ts';
import { nodeFetch } from './node-fetch.ts';
import { withDetails } from './relay-error.ts';

/**
 * The one request `gatehouse hook` makes for Claude Code: `POST /api/v1/hooks/claude/<route>`
 * with the agent token, over node:http, loading neither the SDK nor zod (the start-up of a
 * process Claude Code runs on every tool call). A non-2xx answer is an error naming the status
 * and the relay's message; the 2xx answer is checked by the hook (claude-answer.ts).
 */
export function claudeHookPoster(options: { url: string; token: string }): ClaudeHookPoster {
  const base = new URL(options.url);
  const path = base.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  const root = `${base.origin}${path}/api/v1/hooks/claude/`;
  return {
    async claudeHook(route: ClaudeHookRoute, hookInput: unknown, signal?: AbortSignal) {
      let response: Response;
      try {
        response = await nodeFetch(`${root}${route}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(hookInput),
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new Error(
          `relay unreachable at ${base.origin}: ${error instanceof Error ? error.message : error}`,
        );
      }
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new Error(`the relay answered ${response.status} with something that is not JSON`);
      }
      if (!response.ok) {
        const refusal = (body as { error?: { message?: unknown; details?: unknown } } | null)?.error;
        const message = typeof refusal?.message === 'string' ? `: ${refusal.message.slice(0, 500)}` : '';
        throw new Error(withDetails(`the relay answered ${response.status}${message}`, refusal?.details));
      }
      return body;
    },
  };
}
