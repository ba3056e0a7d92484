import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the relay keys this machine trusts are kept (docs/attestation.md "The agent's side"):
 * `$XDG_CONFIG_HOME/gatehouse/pins.json`, default `~/.config/gatehouse/pins.json`. A file of its
 * own so the fast command hook (hook-command.ts) can tell whether to verify without the SDK.
 */
export function pinsPath(env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'gatehouse', 'pins.json');
}
