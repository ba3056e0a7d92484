import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { apiRoot, fetchRelayKeys, type KeySet, type KeyStore } from '../sdk/index.ts';
import { fetchPinnedPasskeys } from './pins-passkeys.ts';

/**
 * The relay keys this machine trusts (docs/attestation.md "The agent's side"):
 * `$XDG_CONFIG_HOME/gatehouse/pins.json` (default `~/.config/gatehouse/pins.json`), one entry per
 * relay URL, pinned by `init … --pin` or kept on first use.
 */
/** A relay's entry name: its origin and base path, however the URL was typed. */
export function relayEntry(url: string): string {
  const root = apiRoot(url);
  return `${root.origin}${root.pathname.replace(/api\/v1\/$/, '')}`.replace(/\/$/, '');
}

interface PinsFile {
  relays: Record<string, KeySet>;
}

async function readPins(path: string): Promise<PinsFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { relays: {} };
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<PinsFile>;
  if (typeof parsed !== 'object' || parsed === null || typeof parsed.relays !== 'object' || !parsed.relays)
    throw new Error(`${path} is not a pins file`);
  return { relays: parsed.relays };
}

/** The file's entry for one relay, loaded and saved whole (a write goes to a new file, then renamed). */
export function fileKeyStore(path: string, url: string): KeyStore {
  const entry = relayEntry(url);
  return {
    load: async () => (await readPins(path)).relays[entry] ?? null,
    save: async (keys) => {
      const pins = await readPins(path);
      pins.relays[entry] = keys;
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const next = `${path}.${process.pid}.tmp`;
      await writeFile(next, `${JSON.stringify(pins, null, 2)}\n`, { mode: 0o600 });
      await chmod(next, 0o600);
      await rename(next, path);
    },
  };
}

/**
 * `init … --pin`: the relay's current keys, fetched now and recorded as pinned; with a token, also
 * the workspace's passkeys and step-up setting, as the relay signed them with those keys.
 */
export async function pinRelay(
  path: string,
  url: string,
  doFetch?: typeof fetch,
  token?: string,
): Promise<KeySet> {
  const relayKeys = await fetchRelayKeys(url, doFetch);
  const passkeys = token ? await fetchPinnedPasskeys(url, token, relayKeys, doFetch) : null;
  const keys: KeySet = {
    keys: relayKeys,
    ...(passkeys ?? {}),
    source: 'pinned',
    savedAt: new Date().toISOString(),
  };
  await fileKeyStore(path, url).save(keys);
  return keys;
}

/** What `gatehouse status` says about this relay's keys. */
export async function describePins(path: string, url: string): Promise<string> {
  let keys: KeySet | null;
  try {
    keys = await fileKeyStore(path, url).load();
  } catch (error) {
    return `unreadable (${error instanceof Error ? error.message : error})`;
  }
  if (!keys) return `none kept for ${relayEntry(url)}; a verifying hook fetches and keeps them on first use`;
  const kids = keys.keys.map((key) => key.kid).join(', ');
  const passkeys = keys.passkeys
    ? `; ${keys.passkeys.length} passkey(s) pinned, step-up ${keys.passkeys.length ? (keys.stepUp?.minRisk ?? 'critical') : 'off'}`
    : '';
  return keys.source === 'pinned'
    ? `pinned ${keys.savedAt} (${kids})${passkeys}`
    : `kept on first use ${keys.savedAt}, not pinned (${kids}); \`gatehouse init … --pin\` pins them`;
}
