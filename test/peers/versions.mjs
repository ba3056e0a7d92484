// The agent CLIs the peer suite runs, pinned exactly: their hook contracts change between
// releases, and a test that passed must pass again on the same versions. One row per CLI; the
// installer (scripts/peers.mjs) and the tests (harness.ts) both read this table.
export const peers = [
  {
    package: '@anthropic-ai/claude-code',
    version: '2.1.328',
    bin: 'node_modules/.bin/claude',
  },
  {
    package: '@openai/codex',
    version: '0.171.0',
    bin: 'node_modules/.bin/codex',
  },
];
