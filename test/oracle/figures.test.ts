import { describe, expect, it } from 'vitest';
import { oracleRunsFrom, oracleSeedFrom, wholeNumber } from './figures.ts';

describe("the oracle's size, from the environment", () => {
  it('runs 12 commands per program unless told, and refuses what is not a whole number ≥ 1', () => {
    expect(oracleRunsFrom(undefined)).toBe(12);
    expect(oracleRunsFrom('')).toBe(12);
    expect(oracleRunsFrom('200')).toBe(200);
    for (const bad of ['0', '-1', '2.5', 'lots', '1e999'])
      expect(() => oracleRunsFrom(bad)).toThrow(/GATEHOUSE_ORACLE_RUNS must be a whole number/);
    expect(() => wholeNumber('GATEHOUSE_ORACLE_PARALLEL', '0', 2)).toThrow(/GATEHOUSE_ORACLE_PARALLEL/);
  });

  it('takes the seed given, else one from the clock', () => {
    expect(oracleSeedFrom('123', 5)).toBe(123);
    expect(oracleSeedFrom(undefined, 2 ** 31 + 7)).toBe(7);
    expect(() => oracleSeedFrom('x', 0)).toThrow(/GATEHOUSE_ORACLE_SEED/);
  });
});
