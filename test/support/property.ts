/**
 * How many runs a property test makes: its own count at scale 1, times
 * GATEHOUSE_PROPERTY_RUNS_SCALE (default 1; CI uses the default). Raise it locally to search
 * harder: GATEHOUSE_PROPERTY_RUNS_SCALE=20 npm run test:unit.
 */
export function propertyRuns(runs: number): number {
  // `process` is there in Node and in workerd with nodejs_compat (the worker tests).
  const scale = Number(globalThis.process?.env?.GATEHOUSE_PROPERTY_RUNS_SCALE ?? '1');
  return Math.max(1, Math.round(runs * (Number.isFinite(scale) && scale > 0 ? scale : 1)));
}
