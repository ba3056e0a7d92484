import type { ShellRedirection } from '../../shell/index.ts';
import { processSecretReason } from './process-secrets.ts';

/** Output that goes nowhere or to where it was going anyway. */
const DISCARDING_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);
const OUTPUT = new Set(['>', '>>', '&>', '&>>', '>|']);
/** Here-documents and here-strings feed text to the command's stdin; every listed reader takes stdin as data. */
const HERE_TEXT = new Set(['<<', '<<-', '<<<']);
const DESCRIPTOR = /^(\d+-?|-)$/;

/**
 * Why a redirection keeps a command from being a read, or undefined when it only discards
 * (`2>/dev/null`, `&>/dev/null`), duplicates or closes a descriptor (`2>&1`, `>&2`, `<&-`), feeds
 * text (`<<EOF`, `<<<`) or reads a file (`< file`, which the shield looks at like any read).
 * `<>` opens for writing; `>&name` writes the file `name`; any other output writes a file.
 */
export function redirectionReason(redirection: ShellRedirection): string | undefined {
  const operator = redirection.op.replace(/^\d+/, '');
  const target = redirection.target;
  const shown = `${redirection.op}${target}`;
  if (operator === '>&' || operator === '<&')
    return DESCRIPTOR.test(target) ? undefined : `the redirection ${shown} writes a file`;
  if (OUTPUT.has(operator))
    return DISCARDING_TARGETS.has(target) ? undefined : `the redirection ${shown} writes a file`;
  if (HERE_TEXT.has(operator)) return undefined;
  if (operator === '<') return deviceReason(target) ?? processSecretReason(target, /[*?[]/.test(target));
  return `the redirection ${shown} is not known to only read`;
}

/** Devices that only give bytes: reading them opens nothing else. */
const READABLE_DEVICES = new Set(['/dev/null', '/dev/zero', '/dev/random', '/dev/urandom', '/dev/stdin']);

/**
 * Why reading `target` may open a network connection or a device: bash opens a connection for
 * `/dev/tcp/HOST/PORT` and `/dev/udp/HOST/PORT` itself, whether or not the files exist. Any word
 * with a `tcp` or `udp` part is refused (`/dev//tcp`, `/./dev/tcp`, `~/../../dev/udp`, a relative
 * one after a `cd /dev`), and so is any other device but the few that only give bytes.
 */
function deviceReason(target: string): string | undefined {
  const parts = target.split('/');
  if (parts.some((part) => /^(?:tcp|udp)$/i.test(part)))
    return `the redirection from ${target} may open a network connection`;
  if (/[*?[]/.test(target)) return `the redirection from the pattern ${target} may open any file or device`;
  if (!target.startsWith('/')) return undefined;
  const resolved: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') resolved.pop();
    else resolved.push(part);
  }
  const path = `/${resolved.join('/')}`;
  if (resolved[0] !== 'dev' || READABLE_DEVICES.has(path) || /^\/dev\/fd\/\d+$/.test(path)) return undefined;
  return `the redirection from ${target} reads a device`;
}
