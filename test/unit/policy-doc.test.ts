import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { protectedTable } from '../../shared/paths/protected-list.ts';

describe('the protected list in docs/policy.md', () => {
  it('is the table made from shared/paths/protected-list.ts', () => {
    const doc = readFileSync(new URL('../../docs/policy.md', import.meta.url), 'utf8');
    const block = /<!-- protected-paths:start -->\n([\s\S]*?)\n<!-- protected-paths:end -->/.exec(doc);
    expect(block?.[1]).toBe(protectedTable());
  });
});

describe('the secret list in docs/policy.md', () => {
  it('is the table made from shared/shield/secret-paths.ts', async () => {
    const { secretTable } = await import('../../shared/shield/secret-table.ts');
    const doc = readFileSync(new URL('../../docs/policy.md', import.meta.url), 'utf8');
    const block = /<!-- secret-paths:start -->\n([\s\S]*?)\n<!-- secret-paths:end -->/.exec(doc);
    expect(block?.[1]).toBe(secretTable());
  });
});
