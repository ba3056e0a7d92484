import { secretDirectoryTable, secretPathTable } from './secret-paths.ts';

/** The secret list as the Markdown docs/policy.md shows (a test keeps them equal). */
export function secretTable(): string {
  const lines = ['| A path ending in | Not when the name is | Why |', '|---|---|---|'];
  for (const entry of secretPathTable) {
    const unless = (entry.unless ?? []).map((name) => `\`${name}\``).join(', ');
    lines.push(`| \`${entry.glob}\` | ${unless} | ${entry.why} |`);
  }
  lines.push('', '| Folder read whole | Inside too | Why |', '|---|---|---|');
  for (const entry of secretDirectoryTable)
    lines.push(`| \`${entry.glob}\` | ${entry.inside ? 'yes' : 'no'} | ${entry.why} |`);
  return lines.join('\n');
}
