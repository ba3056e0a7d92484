import { defineConfig } from 'vitest/config';

// The peer suite: the real Claude Code and Codex CLIs (installed by scripts/peers.mjs into
// .cache/peers) against a real local relay and fake model APIs. Kept out of the root config so
// `npm test` neither needs the large CLIs nor waits for them.
export default defineConfig({
  test: {
    name: 'peers',
    root: `${import.meta.dirname}/../..`,
    include: ['test/peers/**/*.test.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Each file starts its own relay; one at a time keeps the two cores for the CLIs under test.
    fileParallelism: false,
    // The relay's request log only where it helps: beside a failing test.
    silent: 'passed-only',
  },
});
