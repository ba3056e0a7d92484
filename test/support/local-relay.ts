import { join, resolve } from 'node:path';
import { unstable_startWorker } from 'wrangler';

// The real relay under wrangler, on a random loopback port, with its Durable Objects persisted to
// a folder — for the end-to-end tests and the benchmark.

export const root = resolve(import.meta.dirname, '../..');
process.env.XDG_CONFIG_HOME ??= join(root, '.config');
process.env.WRANGLER_SEND_METRICS = 'false';
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';

export interface LocalRelay {
  url: URL;
  dispose(): Promise<void>;
}

export async function startLocalRelay(options: {
  adminToken: string;
  persist: string;
  vars?: Record<string, string>;
  quiet?: boolean;
}): Promise<LocalRelay> {
  const bindings: Record<string, { type: 'plain_text'; value: string }> = {
    GATEHOUSE_ADMIN_TOKEN: { type: 'plain_text', value: options.adminToken },
  };
  for (const [name, value] of Object.entries(options.vars ?? {}))
    bindings[name] = { type: 'plain_text', value };
  const worker = await unstable_startWorker({
    config: join(root, 'wrangler.toml'),
    bindings,
    dev: {
      server: { hostname: '127.0.0.1', port: 0 },
      inspector: false,
      persist: options.persist,
      watch: false,
      ...(options.quiet ? { logLevel: 'none' as const } : {}),
    },
  });
  await worker.ready;
  return { url: await worker.url, dispose: () => worker.dispose() };
}
