// `npm start`: a local relay on workerd, ready to pair a browser and connect an agent.
// Runs on Node 24's type stripping, so this file keeps to erasable TypeScript.
import './check-node.mjs';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderUnicodeCompact } from 'uqr';

const root = fileURLToPath(new URL('..', import.meta.url));
// Loopback only, unless `npm start -- --lan`: then a phone on the same network can reach the
// relay, and the pairing link and QR code carry this machine's LAN address.
const lan = process.argv.includes('--lan');
const host = lan ? '0.0.0.0' : '127.0.0.1';
const port = Number(process.env.GATEHOUSE_PORT ?? 8787);
const relayUrl = `http://127.0.0.1:${port}`;
const publicUrl = lan ? `http://${lanAddress() ?? '127.0.0.1'}:${port}` : relayUrl;

/** The first non-internal IPv4 address of this machine, if it has one. */
function lanAddress(): string | undefined {
  for (const addresses of Object.values(networkInterfaces())) {
    const found = addresses?.find((address) => address.family === 'IPv4' && !address.internal);
    if (found) return found.address;
  }
  return undefined;
}
const devVarsPath = join(root, '.dev.vars');
const adminTokenName = 'GATEHOUSE_ADMIN_TOKEN';

/** `KEY=value` lines of a .dev.vars file (quotes optional, `#` comments ignored). */
function readDevVars(text: string): Map<string, string> {
  const vars = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match?.[1] || line.trimStart().startsWith('#')) continue;
    vars.set(match[1], (match[2] ?? '').replace(/^(["'])(.*)\1$/, '$2'));
  }
  return vars;
}

/** The bootstrap admin token from .dev.vars; a random one is written there first when missing. */
function ensureAdminToken(): string {
  const text = existsSync(devVarsPath) ? readFileSync(devVarsPath, 'utf8') : '';
  const existing = readDevVars(text).get(adminTokenName);
  if (existing) return existing;
  const token = `gha_${randomBytes(32).toString('base64url')}`;
  const separator = text === '' || text.endsWith('\n') ? '' : '\n';
  appendFileSync(devVarsPath, `${separator}${adminTokenName}="${token}"\n`, { mode: 0o600 });
  console.log(`Created ${adminTokenName} in .dev.vars (keep it secret; it is this relay's admin token).`);
  return token;
}

/**
 * Web Push's VAPID key pair (docs/push.md), made with Web Crypto and written to .dev.vars when
 * missing: base64url raw keys, the format `web-push generate-vapid-keys` prints.
 */
async function ensureVapidKeys(): Promise<void> {
  const text = existsSync(devVarsPath) ? readFileSync(devVarsPath, 'utf8') : '';
  const vars = readDevVars(text);
  if (vars.get('GATEHOUSE_VAPID_PUBLIC_KEY') && vars.get('GATEHOUSE_VAPID_PRIVATE_KEY')) return;
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
  ])) as CryptoKeyPair;
  const publicKey = Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey)).toString('base64url');
  const privateKey = (await crypto.subtle.exportKey('jwk', pair.privateKey)).d ?? '';
  const separator = text === '' || text.endsWith('\n') ? '' : '\n';
  const lines = [
    `GATEHOUSE_VAPID_PUBLIC_KEY="${publicKey}"`,
    `GATEHOUSE_VAPID_PRIVATE_KEY="${privateKey}"`,
    ...(vars.get('GATEHOUSE_VAPID_SUBJECT') ? [] : ['GATEHOUSE_VAPID_SUBJECT="mailto:gatehouse@localhost"']),
  ];
  appendFileSync(devVarsPath, `${separator}${lines.join('\n')}\n`, { mode: 0o600 });
  console.log('Created the Web Push (VAPID) keys in .dev.vars.');
}

/**
 * The relay's attestation key (docs/attestation.md): an Ed25519 private JWK, written to .dev.vars
 * in single quotes (it is JSON) when missing. Its thumbprint is the `kid` agents pin.
 */
async function ensureSigningKey(): Promise<void> {
  const text = existsSync(devVarsPath) ? readFileSync(devVarsPath, 'utf8') : '';
  if (readDevVars(text).get('GATEHOUSE_SIGNING_KEY')) return;
  const pair = (await crypto.subtle.generateKey('Ed25519', true, ['sign', 'verify'])) as CryptoKeyPair;
  const { kty, crv, x, d } = await crypto.subtle.exportKey('jwk', pair.privateKey);
  const separator = text === '' || text.endsWith('\n') ? '' : '\n';
  appendFileSync(devVarsPath, `${separator}GATEHOUSE_SIGNING_KEY='${JSON.stringify({ kty, crv, x, d })}'\n`, {
    mode: 0o600,
  });
  console.log('Created the attestation signing key (GATEHOUSE_SIGNING_KEY) in .dev.vars.');
}

function startWrangler(): ChildProcess {
  const configHome = join(root, '.config');
  mkdirSync(configHome, { recursive: true });
  const wrangler = join(root, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
  const args = [
    wrangler,
    'dev',
    '--ip',
    host,
    '--port',
    String(port),
    '--persist-to',
    join(root, '.wrangler', 'state'),
    '--show-interactive-dev-session=false',
  ];
  return spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      XDG_CONFIG_HOME: configHome,
    },
  });
}

async function waitForHealth(child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${relayUrl}/healthz`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the relay did not answer ${relayUrl}/healthz within ${timeoutMs / 1000} s`);
}

async function call<T>(adminToken: string, path: string, body: unknown, base = relayUrl): Promise<T> {
  const res = await fetch(`${base}/api/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function banner(pairing: { code: string; url: string; expiresAt: string }, agentToken: string): string {
  const toolCall = JSON.stringify({
    tool_call_id: `call-${Date.now()}`,
    tool: 'Bash',
    input: { command: 'git push origin main' },
    wait: 120,
  });
  return [
    '',
    '════════════════════════════════════════════════════════════════════',
    ` Gatehouse relay: ${publicUrl}`,
    '════════════════════════════════════════════════════════════════════',
    '',
    ` Pair a browser or phone (code valid until ${new Date(pairing.expiresAt).toLocaleTimeString()}, single use):`,
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
    ' Submit a tool call as an agent (waits up to 120 s for a human):',
    `   curl -sS -X POST ${relayUrl}/api/v1/sessions/demo/tool-calls \\`,
    `     -H 'authorization: Bearer ${agentToken}' \\`,
    `     -H 'content-type: application/json' \\`,
    `     -d '${toolCall}'`,
    '',
    ` API description: ${relayUrl}/openapi.json   ·   Ctrl-C stops the relay.`,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const adminToken = ensureAdminToken();
  await ensureVapidKeys();
  await ensureSigningKey();
  const child = startWrangler();
  const stop = (signal: NodeJS.Signals) => {
    if (child.exitCode === null) child.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

  try {
    await waitForHealth(child);
    // Asked at the address the phone will use, so the link in the QR code points there.
    const pairing = await call<{ code: string; url: string; expiresAt: string }>(
      adminToken,
      '/pairing-codes',
      {},
      publicUrl,
    );
    const agent = await call<{ token: string }>(adminToken, '/tokens', {
      role: 'agent',
      label: `npm start ${new Date().toISOString().slice(0, 16)}`,
    });
    console.log(banner(pairing, agent.token));
  } catch (error) {
    console.error(`npm start: ${error instanceof Error ? error.message : String(error)}`);
    stop('SIGTERM');
    process.exitCode = 1;
  }
}

await main();
