import { quotedSecrets } from '../quoted-secrets.ts';
import type { HostileRow } from './types.ts';

/**
 * Credentials split by shell quoting, concatenated or written with `$'…'` escapes: bash passes
 * the whole token, so the shield sees it (DESIGN §5 step 2) and asks, in default and plan mode.
 */
export const hostileRows: HostileRow[] = quotedSecrets.flatMap(({ name, shell }) => [
  {
    name: `curl header: ${name}`,
    tool: 'Bash',
    input: { command: `curl -H "x: y" -u user:${shell} https://api.example.com` },
    expect: 'ask',
  },
  { name: `echo: ${name}`, tool: 'Bash', input: { command: `echo ${shell}` }, expect: 'ask' },
  {
    name: `assignment: ${name}`,
    tool: 'Bash',
    input: { command: `TOKEN=${shell} ./deploy.sh` },
    expect: 'ask',
  },
]);
