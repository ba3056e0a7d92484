import { fake } from './fake-secrets.ts';

/**
 * The seven secret spellings the redaction tests plant (test/worker/redaction-everywhere.test.ts):
 * `text` is what an agent sends, `secret` the part that must never be shown anywhere.
 */
export const secretSpellings: { name: string; text: string; secret: string }[] = [
  { name: 'GitHub token', text: fake.github, secret: fake.github },
  { name: 'fine-grained GitHub token', text: fake.githubPat, secret: fake.githubPat.slice(11) },
  { name: 'AWS access key', text: fake.awsAccessKey, secret: fake.awsAccessKey },
  {
    name: 'PEM header',
    text: `-----BEGIN RSA ${'PRIVATE KEY'}-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo`,
    secret: 'MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo',
  },
  {
    name: 'bearer header',
    text: `Authorization: Bearer ${'q8Zt3LmN0pRvX2yB7cKd4wF'}`,
    secret: 'q8Zt3LmN0pRvX2yB7cKd4wF',
  },
  { name: 'Slack bot token', text: fake.slackBot, secret: fake.slackBot },
  { name: 'Stripe key', text: fake.stripe, secret: fake.stripe },
];
