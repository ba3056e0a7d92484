import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isReadOnlyCommand } from '../../shared/readonly/index.ts';
import { analyzeShell } from '../../shared/shell/index.ts';

/**
 * The corpus of one-liners (test/fixtures/one-liners.tsv). Nothing that writes or runs may be
 * read-only; of the commands that plainly only read, at most 5 % may be refused (each refusal
 * is a needless ask). The share is the refused `read` lines over all `read` lines.
 */
const CWD = '/work/repo';
const MAX_NEEDLESS_SHARE = 0.05;

interface CorpusLine {
  expect: 'read' | 'write' | 'run';
  command: string;
  line: number;
}

function corpus(): CorpusLine[] {
  const text = readFileSync(new URL('../fixtures/one-liners.tsv', import.meta.url), 'utf8');
  return text.split('\n').flatMap((raw, index) => {
    if (raw.trim() === '' || raw.startsWith('#')) return [];
    const fields = raw.split('\t');
    const [expect, command] = fields;
    if (fields.length !== 2 || (expect !== 'read' && expect !== 'write' && expect !== 'run') || !command)
      throw new Error(`one-liners.tsv line ${index + 1} is not "expect<TAB>command": ${raw}`);
    return [{ expect, command, line: index + 1 }];
  });
}

const lines = corpus();
const verdict = (command: string) => isReadOnlyCommand(analyzeShell(command), CWD);

describe('one-liners corpus', () => {
  it('has at least 300 commands, reads and writes and runs among them', () => {
    expect(lines.length).toBeGreaterThanOrEqual(300);
    for (const kind of ['read', 'write', 'run'] as const)
      expect(lines.filter((line) => line.expect === kind).length).toBeGreaterThan(50);
  });

  it('never calls a command that writes or runs read-only', () => {
    const admitted = lines
      .filter((line) => line.expect !== 'read' && verdict(line.command).readOnly)
      .map((line) => `line ${line.line} (${line.expect}): ${line.command}`);
    expect(admitted, admitted.join('\n')).toEqual([]);
  });

  it('asks about at most 5 % of the commands that only read', () => {
    const reads = lines.filter((line) => line.expect === 'read');
    const misses = reads
      .map((line) => ({ line, result: verdict(line.command) }))
      .filter(({ result }) => !result.readOnly)
      .map(({ line, result }) => `line ${line.line}: ${line.command} — ${result.reason}`);
    const share = misses.length / reads.length;
    const summary = `${misses.length} of ${reads.length} reads refused (${(share * 100).toFixed(1)} %):\n${misses.join('\n')}`;
    expect(share, summary).toBeLessThanOrEqual(MAX_NEEDLESS_SHARE);
  });
});
