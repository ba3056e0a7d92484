import type { Violation } from './judge.ts';

/**
 * How big a run is: GATEHOUSE_ORACLE_RUNS commands generated per program (default 12, sized for
 * CI: a few minutes on two cores), from GATEHOUSE_ORACLE_SEED (default: the clock, printed with
 * the figures so a run can be repeated). A search: GATEHOUSE_ORACLE_RUNS=200 npm run test:oracle.
 */
export function oracleRunsFrom(value: string | undefined): number {
  return wholeNumber('GATEHOUSE_ORACLE_RUNS', value, 12);
}

/** A whole number ≥ 1 from the environment, or `fallback` when unset; anything else is refused. */
export function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 1)
    throw new Error(`${name} must be a whole number, at least 1; got ${JSON.stringify(value)}`);
  return number;
}

export function oracleSeedFrom(value: string | undefined, now: number): number {
  if (value === undefined || value === '') return now % 2 ** 31;
  const seed = Number(value);
  if (!Number.isSafeInteger(seed))
    throw new Error(`GATEHOUSE_ORACLE_SEED must be a whole number; got ${JSON.stringify(value)}`);
  return seed;
}

export interface Finding {
  readonly program: string;
  readonly command: string;
  /** Why the engine called it read-only. */
  readonly engine: string;
  readonly violations: readonly Violation[];
  readonly output: string;
}

export interface Figures {
  seed: number;
  perProgram: number;
  programs: number;
  programsRun: number;
  generated: number;
  readOnly: number;
  traced: number;
  findings: Finding[];
  missing: string[];
  started: number;
}

/** Where a difference is fixed: the shield's list for an unlisted credential file, else the catalog. */
function fixedIn(violation: Violation): string {
  if (violation.kind === 'canary')
    return violation.why.includes('does not name')
      ? "the shield's secret list (shared/shield/secret-paths.ts)"
      : 'the shield (it did not flag the call) or the catalog entry';
  return 'the catalog entry (shared/programs/): the option or operand that did it is not a read';
}

/** The findings file CATALOG reads (ORACLE-FINDINGS.md): each command, the trace line, and why. */
export function findingsText(figures: Figures, root: string, ended: number): string {
  const tidy = (text: string) => text.replaceAll(root, '$ROOT');
  const lines = [
    '# Oracle findings',
    '',
    `Seed ${figures.seed}, ${figures.perProgram} commands per program. $ROOT is the run's throwaway folder`,
    '($ROOT/runs/N/work the cwd, $ROOT/runs/N/home the fake HOME, $ROOT/bin/marker the marker).',
    '',
    `- programs on the read-only list: ${figures.programs} (traced: ${figures.programsRun})`,
    `- generated commands: ${figures.generated}`,
    `- called read-only by the engine: ${figures.readOnly}`,
    `- traced runs: ${figures.traced}`,
    `- differences: ${figures.findings.length}`,
    `- programs that cannot run here: ${figures.missing.length === 0 ? 'none' : figures.missing.join(', ')}`,
    `- wall time: ${Math.round((ended - figures.started) / 1000)} s`,
    '',
  ];
  for (const finding of figures.findings) {
    lines.push(
      `## ${finding.program}: \`${tidy(finding.command)}\``,
      '',
      `- engine: ${tidy(finding.engine)}`,
    );
    for (const violation of finding.violations) {
      lines.push(`- ${violation.kind}: ${tidy(violation.why)} — to fix in ${fixedIn(violation)}`);
      if (violation.line !== '') lines.push(`  \`${tidy(violation.line).slice(0, 400)}\``);
    }
    lines.push('');
  }
  return lines.join('\n');
}
