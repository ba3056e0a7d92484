/**
 * How many runs every property test makes: GATEHOUSE_PROPERTY_RUNS, default 100 (CI uses the
 * default). test/support/property-setup.ts hands it to fast-check for every `fc.assert` of the
 * unit and worker projects, so no test sets its own count. Raise it locally to search harder:
 * GATEHOUSE_PROPERTY_RUNS=5000 npm run test:unit. The worker project always runs the default:
 * workerd does not see the host's environment, and the relay's per-token rate limit bounds how
 * many requests one property there may send.
 */
export const propertyRuns = propertyRunsFrom(globalThis.process?.env?.GATEHOUSE_PROPERTY_RUNS);

/** The count GATEHOUSE_PROPERTY_RUNS asks for; anything but a whole number ≥ 1 is refused, not guessed at. */
export function propertyRunsFrom(value: string | undefined): number {
  if (value === undefined || value === '') return 100;
  const runs = Number(value);
  if (!Number.isSafeInteger(runs) || runs < 1) {
    throw new Error(
      `GATEHOUSE_PROPERTY_RUNS must be a whole number of runs, at least 1; got ${JSON.stringify(value)}`,
    );
  }
  return runs;
}
