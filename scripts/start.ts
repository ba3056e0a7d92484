// `npm start`: a local relay on workerd, ready to pair a browser and connect an agent.
// Runs on Node 24's type stripping, so this file keeps to erasable TypeScript.
import './check-node.mjs';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminTokenName, parseDevVars } from '../client/cli/dev-vars.ts';
import { banner } from './banner.ts';
import { nextFreePort, portState, portTakenMessage } from './port-check.ts';
import { defaultPort, parseStartOptions, startUsage } from './start-options.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const options = parseStartOptions(process.argv.slice(2), process.env);
if ('error' in options) {
  console.error(`npm start: ${options.error}\n\n${startUsage}`);
  process.exit(2);
}
if (options.help) {
  console.log(startUsage);
  process.exit(0);
}
// Loopback only, unless `npm start -- --lan`: then a phone on the same network can reach the
// relay, and the pairing link and QR code carry this machine's LAN address.
const { lan, port } = options;
const host = lan ? '0.0.0.0' : '127.0.0.1';
const relayUrl = `http://127.0.0.1:${port}`;
// A relay on another port is a second relay, with state of its own: two workerd processes must
// not share one set of Durable Object files.
const stateDir = join(root, '.wrangler', port === defaultPort ? 'state' : `state-${port}`);
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

/** The bootstrap admin token from .dev.vars; a random one is written there first when missing. */
function ensureAdminToken(): string {
  const text = existsSync(devVarsPath) ? readFileSync(devVarsPath, 'utf8') : '';
  const existing = parseDevVars(text).get(adminTokenName);
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
  const vars = parseDevVars(text);
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
  if (parseDevVars(text).get('GATEHOUSE_SIGNING_KEY')) return;
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
    stateDir,
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

/** The extension and /app, built before the relay serves /app (`npm run build`, output hidden). */
function build(): void {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const built = spawnSync(npm, ['run', 'build', '--silent'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) {
    console.error('npm start: `npm run build` failed (its errors are above).');
    process.exit(1);
  }
}

async function main(): Promise<void> {
  // Before anything is created: a relay already on this port must not get a second pairing code
  // and agent token from a start that cannot listen.
  const state = await portState(host, port);
  if (state !== 'free') {
    console.error(portTakenMessage(state, port, await nextFreePort(host, port)));
    process.exitCode = 1;
    return;
  }
  build();
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
    console.log(banner({ root, relayUrl, publicUrl, lan, port, pairing, agentToken: agent.token }));
  } catch (error) {
    console.error(`npm start: ${error instanceof Error ? error.message : String(error)}`);
    stop('SIGTERM');
    process.exitCode = 1;
  }
}

await main();
