import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns, propertyRunsFrom } from '../support/property.ts';

const testRoot = join(import.meta.dirname, '..');

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('property runs, set in one place', () => {
  it('reads GATEHOUSE_PROPERTY_RUNS: 100 when unset, else a whole number of runs', () => {
    expect(propertyRunsFrom(undefined)).toBe(100);
    expect(propertyRunsFrom('')).toBe(100);
    expect(propertyRunsFrom('5000')).toBe(5000);
    expect(propertyRunsFrom('1')).toBe(1);
    for (const bad of ['0', '-3', '1.5', 'many', '1e999', ' 7x'])
      expect(() => propertyRunsFrom(bad)).toThrow(/GATEHOUSE_PROPERTY_RUNS must be a whole number/);
  });

  it('is the count fast-check uses for every property of this project', () => {
    expect(fc.readConfigureGlobal().numRuns).toBe(propertyRuns);
    let runs = 0;
    fc.assert(
      fc.property(fc.nat(), () => {
        runs += 1;
      }),
    );
    expect(runs).toBe(propertyRuns);
  });

  it('no test sets a count of its own', () => {
    const own = testFiles(testRoot)
      .filter((path) => !path.endsWith('property-setup.ts') && !path.endsWith('property-runs.test.ts'))
      .filter((path) => /\bnumRuns\b/.test(readFileSync(path, 'utf8')))
      .map((path) => path.slice(testRoot.length + 1));
    expect(own).toEqual([]);
  });
});
