/** Quotes words for a shell, so an argv given as a list can be rated as a command line. */
export function quoteArgv(argv: readonly string[]): string {
  return argv
    .map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`))
    .join(' ');
}
