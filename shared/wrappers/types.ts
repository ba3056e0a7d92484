/**
 * One command a program runs on the caller's behalf, found in the program's own argv:
 * - `argv`: a command given as words, to be read like any simple command (`sudo rm x` → `rm x`);
 *   `offset` is the index in the program's argv where its words start.
 * - `script`: a command line given as one string, for a shell to parse (`sh -c 'rm x'`,
 *   `env -S 'rm x'`, `watch rm x`, which joins its words); it comes from words `offset` to `end`.
 * - `stdin`: code read from standard input or from a stream the caller cannot see
 *   (`curl x | sh`, `source /dev/stdin`, `. <(curl x)`, `at now`): anything may run.
 * - `unknown`: the program's command line could not be read with confidence (an option the table
 *   does not know, too many words missing): callers fail closed, as for `stdin`.
 */
export type Wrapped =
  | { readonly kind: 'argv'; readonly argv: readonly string[]; readonly offset: number }
  | { readonly kind: 'script'; readonly script: string; readonly offset: number; readonly end: number }
  | { readonly kind: 'stdin' }
  | { readonly kind: 'unknown' };
