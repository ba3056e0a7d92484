import { globNamesSecretFile, isSecretPath } from '../shield/index.ts';
import { resolvePath, type Where } from './paths.ts';

/**
 * Whether a word of a command, or a file tool's path, names a file whose contents are a secret:
 * the shield's list of credential files (one list: shared/shield/secret-paths.ts), and the
 * machine's own secrets, which only root should read: password hashes, sudo rules, host keys,
 * a process's environment or memory, the kernel's memory.
 */
const systemSecrets: readonly RegExp[] = [
  /^\/etc\/(?:g?shadow-?|master\.passwd|security\/opasswd|sudoers|sudoers\.d\/.+)$/,
  /^\/etc\/ssh\/ssh_host_\w+_key$/,
  /^\/proc\/(?:self|thread-self|\d+)\/(?:environ|mem|cmdline|auxv)$/,
  /^\/proc\/(?:self|\d+)\/task\/\d+\/(?:environ|mem|cmdline)$/,
  /^\/(?:proc\/kcore|dev\/k?mem)$/,
  /^\/root\/.+/,
];

export function namesSecretFile(word: string, where: Where): boolean {
  // `--key-file=~/.ssh/id_rsa`, `host:~/.ssh/id_rsa`: the part that may be a path.
  const candidates = new Set([word, word.slice(word.indexOf('=') + 1), word.slice(word.indexOf(':') + 1)]);
  return [...candidates].some((path) => {
    if (path === '' || path.length > 4096) return false;
    if (isSecretPath(path) || (/[*?[]/.test(path) && globNamesSecretFile(path))) return true;
    const absolute = resolvePath(path, where.cwd);
    return absolute !== undefined && systemSecrets.some((pattern) => pattern.test(absolute));
  });
}

export const secretFileNote = 'Reads a secret file: its contents reach the agent.';
