import { generateKeyPairSync } from 'node:crypto';
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { currentSigningKey, publicHalf, retiredSigningKey } from './test/support/attestation-keys.ts';
import { workerdOutbound, workerdSlack, workerdTelegram } from './test/support/workerd-outbound.ts';

/** VAPID keys for the worker project's Durable Objects, so their pushes reach the test's push service. */
function vapidBindings() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x ?? '', 'base64url'),
    Buffer.from(jwk.y ?? '', 'base64url'),
  ]);
  return {
    GATEHOUSE_VAPID_PUBLIC_KEY: point.toString('base64url'),
    GATEHOUSE_VAPID_PRIVATE_KEY: privateKey.export({ format: 'jwk' }).d ?? '',
    GATEHOUSE_VAPID_SUBJECT: 'mailto:worker-tests@example.com',
  };
}

// One config, three kinds of test: pure code on Node, the Worker inside workerd,
// and end-to-end runs against a real local relay (and Chromium for the extension).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          // The files share one module graph per worker: loading it once for each file cost more
          // than the tests. A file that changes shared state (fakes, globals) puts it back.
          isolate: false,
          setupFiles: ['test/support/property-setup.ts'],
          // Transformed modules kept on disk (node_modules/.experimental-vitest-cache, keyed by
          // content) so a rerun skips the transform: ~11 s → ~9 s for this project on a 2-core machine.
          experimental: { fsModuleCache: true },
        },
      },
      {
        plugins: [
          cloudflareTest({
            main: './worker/index.ts',
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: {
                GATEHOUSE_ADMIN_TOKEN: 'test-admin-token-0123456789abcdef',
                GATEHOUSE_SIGNING_KEY: JSON.stringify(currentSigningKey),
                GATEHOUSE_RETIRED_KEYS: JSON.stringify([publicHalf(retiredSigningKey)]),
                ...vapidBindings(),
                // Telegram on, its Bot API the fake in test/support/workerd-outbound.ts.
                TELEGRAM_BOT_TOKEN: workerdTelegram.token,
                TELEGRAM_WEBHOOK_SECRET: workerdTelegram.secret,
                TELEGRAM_API_URL: `https://${workerdTelegram.host}`,
                // Slack on, its Web API the fake in test/support/fake-slack.ts.
                SLACK_SIGNING_SECRET: workerdSlack.signingSecret,
                SLACK_BOT_TOKEN: workerdSlack.token,
                SLACK_API_URL: `https://${workerdSlack.host}/api/`,
              },
              // Pushes to https://push.test/… and Bot API calls to https://telegram.test/… are taken
              // by fakes in this process (test/support/workerd-outbound.ts).
              outboundService: workerdOutbound(),
            },
          }),
        ],
        test: {
          name: 'worker',
          include: ['test/worker/**/*.test.ts'],
          // The first request of a file loads the whole Worker into workerd (the chat and
          // passkey libraries included): on a busy two-core machine that outlasts 5–10 s.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          setupFiles: ['test/support/property-setup.ts'],
        },
      },
      {
        // Every program on the read-only list run for real under strace (test/oracle/README.md).
        test: {
          name: 'oracle',
          include: ['test/oracle/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The real relay under wrangler (state persisted to a folder, restarts), driven over HTTP.
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
