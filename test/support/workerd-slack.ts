/**
 * The Slack settings the worker test project binds (vitest.config.ts): the Web API is the fake of
 * test/support/fake-slack.ts, reached at https://slack.test/api/ through miniflare's outbound
 * service. No imports, so tests inside workerd can read these too.
 */
export const workerdSlack = {
  host: 'slack.test',
  token: `xoxb-${'000000000000-0000000000000-FakeSlackBotTokenForTests'}`,
  signingSecret: 'fake-slack-signing-secret-0123456789',
  team: 'T0GATEHOUSE',
} as const;
