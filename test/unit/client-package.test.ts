import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The packed CLI's package.json (client/) beside the clone's: the same version, and the one
// dependency it installs from the registry pinned as the clone pins it.

const root = join(import.meta.dirname, '../..');
const read = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const clone = read('package.json');
const packed = read('client/package.json');

describe('client/package.json', () => {
  it('has the version of the clone and a bin that is the bundle, for Node ≥ 20', () => {
    expect(packed.name).toBe('gatehouse');
    expect(packed.version).toBe(clone.version);
    expect(packed.bin).toEqual({ gatehouse: 'dist/gatehouse.cjs' });
    expect(packed.files).toEqual(['dist']);
    expect(packed.engines).toEqual({ node: '>=20' });
    expect(packed.scripts.prepack).toBe('node bundle.ts');
  });

  it('depends on the MCP SDK alone, at the version the clone tests with', () => {
    expect(packed.dependencies).toEqual({
      '@modelcontextprotocol/sdk': clone.dependencies['@modelcontextprotocol/sdk'],
    });
  });
});
