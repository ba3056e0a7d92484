import { renderUnicodeCompact } from 'uqr';
import { createClient, GatehouseError } from '../sdk/index.ts';
import { adminTokenName, devVarsAdminToken, findDevVars } from './dev-vars.ts';
import { isLoopback } from './loopback.ts';
import { nodeFetch } from './node-fetch.ts';
import { relayErrorText } from './relay-error.ts';

/**
 * `gatehouse pair`: a new single-use pairing code (ten minutes), its `…/app#pair=CODE` link and
 * that link as a QR code — for a browser or phone to pair, once `npm start`'s code has expired
 * or on a deployed relay. Creating one takes the relay's admin token: `--token`, else
 * `$GATEHOUSE_ADMIN_TOKEN`, else — for a relay on this machine only — the one `npm start` wrote
 * to `.dev.vars`. A loopback relay's token is never sent to another host.
 */

export interface PairOptions {
  url: string;
  token: string | undefined;
  env: Record<string, string | undefined>;
  cwd: string;
  /** The clone the CLI runs from, whose `.dev.vars` `npm start` wrote (none for the packed CLI). */
  cloneRoot: string | undefined;
  fetch?: typeof fetch;
}

export interface PairIo {
  print(line: string): void;
  warn(line: string): void;
}

/** The admin token and where it came from, or what to do when there is none. */
function adminToken(options: PairOptions): { token: string; from: string } | { missing: string } {
  if (options.token) return { token: options.token, from: '--token' };
  const fromEnv = options.env[adminTokenName];
  if (fromEnv) return { token: fromEnv, from: `$${adminTokenName}` };
  if (isLoopback(options.url)) {
    const path = findDevVars(options.cwd, options.cloneRoot);
    const token = path === undefined ? undefined : devVarsAdminToken(path);
    if (token) return { token, from: path as string };
    return {
      missing: `no admin token: ${adminTokenName} is not set and no .dev.vars with it was found here or above (npm start writes one in the clone)`,
    };
  }
  return {
    missing: `no admin token for ${new URL(options.url).origin}: set ${adminTokenName} to the one you gave \`wrangler secret put ${adminTokenName}\` (or pass --token)`,
  };
}

export async function runPair(options: PairOptions, io: PairIo): Promise<number> {
  let origin: string;
  try {
    origin = new URL(options.url).origin;
  } catch {
    io.warn(`gatehouse pair: not a URL: ${options.url}`);
    return 2;
  }
  const found = adminToken(options);
  if ('missing' in found) {
    io.warn(`gatehouse pair: ${found.missing}`);
    return 2;
  }
  const admin = createClient({ url: origin, token: found.token, fetch: options.fetch ?? nodeFetch });
  let pairing: Awaited<ReturnType<typeof admin.createPairingCode>>;
  try {
    pairing = await admin.createPairingCode();
  } catch (error) {
    const refused = error instanceof GatehouseError && (error.status === 401 || error.status === 403);
    io.warn(
      refused
        ? `gatehouse pair: ${origin} refused the admin token from ${found.from} (${relayErrorText(error)})`
        : `gatehouse pair: ${relayErrorText(error)}`,
    );
    return 1;
  }
  const until = new Date(pairing.expiresAt).toLocaleTimeString();
  io.print(`Pairing code for ${origin} (single use, valid until ${until}):`);
  io.print(`  pairing code  ${pairing.code}`);
  io.print(`  or open       ${pairing.url}`);
  io.print('');
  io.print(renderUnicodeCompact(pairing.url, { border: 2 }));
  io.print('');
  io.print(
    'Extension: its options page → the relay URL and this code (or paste the link). Phone: scan the QR code.',
  );
  return 0;
}
