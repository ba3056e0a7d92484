import type { ShellRedirection } from '../shell/index.ts';
import { processSecretReason } from './paths.ts';

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
  if (operator === '<') return processSecretReason(target, /[*?[]/.test(target));
  return `the redirection ${shown} is not known to only read`;
}
