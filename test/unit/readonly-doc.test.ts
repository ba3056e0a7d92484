import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogTable } from '../../shared/programs/table.ts';

/**
 * docs/engine.md shows the program catalog (shared/programs), between two markers. The table
 * is made from the catalog's entries; this test keeps them equal. To rewrite the doc's table after
 * changing the data: GATEHOUSE_WRITE_ENGINE_DOC=1 npx vitest run --project unit test/unit/readonly-doc.test.ts
 */
const DOC = new URL('../../docs/engine.md', import.meta.url);
const START = '<!-- read-only table: start -->';
const END = '<!-- read-only table: end -->';

describe('docs/engine.md', () => {
  it('shows exactly the program catalog of the code', () => {
    const doc = readFileSync(DOC, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(start, 'the start marker').toBeGreaterThan(-1);
    expect(end, 'the end marker').toBeGreaterThan(start);
    const written = doc.slice(start + START.length, end).trim();
    const table = catalogTable();
    if (process.env.GATEHOUSE_WRITE_ENGINE_DOC === '1' && written !== table)
      writeFileSync(DOC, `${doc.slice(0, start + START.length)}\n${table}\n${doc.slice(end)}`);
    else expect(written).toBe(table);
  });
});
