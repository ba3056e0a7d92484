import type { ShellRedirection } from './types.ts';

const INPUT_OPERATORS = new Set(['<', '<<', '<<-', '<<<', '<&']);
/** Targets that discard or pass output on without touching a file. */
const HARMLESS_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);
const DESCRIPTOR = /^(\d+-?|-)$/;

/**
 * True when the redirection may create or change a file. Reading (`<`, heredocs), descriptor
 * duplication (`2>&1`, `>&2`, `>&-`) and output to `/dev/null` do not; `<>` opens for writing and
 * `>&name` writes the file `name`, so both do. A target with an expansion is never harmless:
 * `> $F` keeps its `$F` text and matches nothing here.
 */
export function writesFile(redirection: ShellRedirection): boolean {
  const operator = redirection.op.replace(/^\d+/, '');
  if (operator === '>&' || operator === '<&') return !DESCRIPTOR.test(redirection.target);
  if (INPUT_OPERATORS.has(operator)) return false;
  return !HARMLESS_TARGETS.has(redirection.target);
}
