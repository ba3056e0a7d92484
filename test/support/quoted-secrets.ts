import { fake } from './fake-secrets.ts';

/** `text` with every character as a `$'\xHH'` escape. */
const hex = (text: string) => [...text].map((c) => `\\x${c.charCodeAt(0).toString(16)}`).join('');
/** `text` with every character as a `$'\NNN'` octal escape. */
const octal = (text: string) =>
  [...text].map((c) => `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`).join('');

/**
 * Tokens split by shell quoting, as bash passes them whole (DESIGN §5 step 2): `shell` is the
 * word as written, `secret` a part of the token that must never be shown (its tail, which the
 * word spells out as written).
 */
export const quotedSecrets: { name: string; shell: string; secret: string }[] = [
  {
    name: "single quotes split the prefix ('gh''p_…')",
    shell: `'gh''${fake.github.slice(2)}'`,
    secret: fake.github.slice(6),
  },
  {
    name: 'double quotes then bare ("gh"p_…)',
    shell: `"gh"${fake.github.slice(2)}`,
    secret: fake.github.slice(6),
  },
  {
    name: "ANSI-C hex ($'\\x67hp_…')",
    shell: `$'${hex('ghp_')}'${fake.github.slice(4)}`,
    secret: fake.github.slice(6),
  },
  {
    name: "ANSI-C octal ($'\\147hp_…')",
    shell: `$'${octal('gh')}'${fake.github.slice(2)}`,
    secret: fake.github.slice(6),
  },
  {
    name: 'a backslash inside (gh\\p_…)',
    shell: `gh\\${fake.github.slice(2)}`,
    secret: fake.github.slice(6),
  },
  {
    name: 'AWS key split by empty quotes',
    shell: `AKIA''${fake.awsAccessKey.slice(4)}`,
    secret: fake.awsAccessKey.slice(6),
  },
  {
    name: 'Stripe key split across both quotes',
    shell: `"sk_"'live_'${fake.stripe.slice(8)}`,
    secret: fake.stripe.slice(10),
  },
  {
    name: 'Slack token, its prefix escaped',
    shell: `$'${hex(fake.slackBot.slice(0, 8))}'${fake.slackBot.slice(8)}`,
    secret: fake.slackBot.slice(8),
  },
  {
    name: 'OpenAI key split in the middle',
    shell: `'${fake.openai.slice(0, 10)}'"${fake.openai.slice(10)}"`,
    secret: fake.openai.slice(12),
  },
  {
    name: 'npm token with a backslash before each letter of its prefix',
    shell: `${[...fake.npm.slice(0, 4)].map((c) => `\\${c}`).join('')}${fake.npm.slice(4)}`,
    secret: fake.npm.slice(6),
  },
];
