import { globNamesSecretFile, isSecretPath } from '../shield/index.ts';
import { resolvePath, type Where } from './paths.ts';

/**
 * What an edit of a secret file is, said the same way by the shield's reason and the rater's
 * finding (so the card says it once): it changes the file; nothing says a secret was written.
 */
export function changesSecretFile(path: string): string {
  const name = path.split('/').filter(Boolean).at(-1) ?? path;
  return `Changes ${name}, a file that may hold secrets.`;
}

/**
 * Whether a word of a command, or a file tool's path, names a file whose contents are a secret:
 * the shield's table of secret files (one table, shared/shield/secret-paths.ts: credential
 * files, and the machine's own secrets — password hashes, sudo rules, host keys, a process's
 * environment or memory, the kernel's memory), a relative path resolved against where the
 * command stands (`cd /etc && cat shadow`); and anything in root's home, which only root reads.
 */
export function namesSecretFile(word: string, where: Where): boolean {
  // `--key-file=~/.ssh/id_rsa`, `host:~/.ssh/id_rsa`: the part that may be a path.
  const afterEquals = word.slice(word.indexOf('=') + 1);
  const afterColon = word.slice(word.indexOf(':') + 1);
  return (
    pathNamesSecretFile(word, where) ||
    (afterEquals !== word && pathNamesSecretFile(afterEquals, where)) ||
    (afterColon !== word && afterColon !== afterEquals && pathNamesSecretFile(afterColon, where))
  );
}

function pathNamesSecretFile(path: string, where: Where): boolean {
  if (path === '' || path.length > 4096) return false;
  if (isSecretPath(path, where.cwd)) return true;
  if (/[*?[]/.test(path) && globNamesSecretFile(path, where.cwd)) return true;
  // Resolving only drops segments: a path under /root names `root` itself or stands in it.
  const mayBeRoots = path.includes('root') || where.cwd?.includes('root') === true;
  return mayBeRoots && resolvePath(path, where.cwd)?.startsWith('/root/') === true;
}

export const secretFileNote = 'Reads a secret file: its contents reach the agent.';
