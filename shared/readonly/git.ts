import type { Argument } from './args.ts';

/** Why this git invocation is not read-only (filled in by the git subcommand table). */
export function gitReason(_args: readonly Argument[]): string | undefined {
  return 'git subcommands are not vetted yet';
}
