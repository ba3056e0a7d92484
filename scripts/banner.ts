// What `npm start` prints once the relay answers: where it is, how to pair, the agent token and
// a `curl` to try it. A pure function of what start made, so tests read the same text a user does.
import { join } from 'node:path';
import { renderUnicodeCompact } from 'uqr';
import { defaultPort } from './start-options.ts';

export interface BannerFacts {
  root: string;
  /** Where this machine reaches the relay (loopback). */
  relayUrl: string;
  /** Where a phone reaches it: the LAN address with --lan, else relayUrl. */
  publicUrl: string;
  lan: boolean;
  port: number;
  pairing: { code: string; url: string; expiresAt: string };
  agentToken: string;
}

/**
 * The `curl` that submits a tool call as an agent. Its `tool_call_id` is made by the shell each
 * time it runs (seconds since 1970 and, where the shell has it, `$RANDOM`; POSIX sh and dash lack
 * it and keep the seconds): the id is the idempotency key, so a fixed one would return the first
 * run's outcome and never ask again.
 */
export function curlLines(relayUrl: string, agentToken: string): string[] {
  const call = (id: string) =>
    `{"tool_call_id":"${id}","tool":"Bash","input":{"command":"git push origin main"},"wait":120}`;
  const [before, after] = call('@@').split('@@') as [string, string];
  return [
    `curl -sS -X POST ${relayUrl}/api/v1/sessions/demo/tool-calls \\`,
    `  -H 'authorization: Bearer ${agentToken}' \\`,
    `  -H 'content-type: application/json' \\`,
    `  -d '${before}curl-'"$(date +%s)$RANDOM"'${after}'`,
  ];
}

export function banner(facts: BannerFacts): string {
  const { root, relayUrl, publicUrl, lan, port, pairing, agentToken } = facts;
  const pairCommand =
    port === defaultPort && !lan ? 'npx gatehouse pair' : `GATEHOUSE_URL=${relayUrl} npx gatehouse pair`;
  return [
    '',
    '════════════════════════════════════════════════════════════════════',
    ` Gatehouse relay: ${publicUrl}`,
    '════════════════════════════════════════════════════════════════════',
    '',
    ` Pair a browser or phone (code valid until ${new Date(pairing.expiresAt).toLocaleTimeString()}, single use;`,
    `   another code any time: ${pairCommand}):`,
    `   pairing code  ${pairing.code}`,
    `   or open       ${pairing.url}`,
    '',
    renderUnicodeCompact(pairing.url, { border: 2 }),
    '',
    ' Browser extension (built just now):',
    `   Chrome: chrome://extensions → Developer mode → Load unpacked → ${join(root, 'extension', '.output', 'chrome-mv3')}`,
    `   Firefox: about:debugging → Load Temporary Add-on → ${join(root, 'extension', '.output', 'firefox-mv2', 'manifest.json')}`,
    `   then open its options, enter ${publicUrl} and the pairing code.`,
    lan
      ? ' Phone: scan the QR code (same network) — the approver UI opens and pairs itself.'
      : ' Phone: run `npm start -- --lan` so a phone on your network can reach this relay, then scan the QR code.',
    '',
    ' Agent token (shown once; keep it):',
    `   ${agentToken}`,
    '',
    ' Submit a tool call as an agent (asks each time it runs; waits up to 120 s for a human):',
    ...curlLines(relayUrl, agentToken).map((line) => `   ${line}`),
    '',
    ` API description: ${relayUrl}/openapi.json   ·   Ctrl-C stops the relay.`,
    '',
  ].join('\n');
}
