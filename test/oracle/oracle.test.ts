import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineVerdict } from './engine.ts';
import { type Figures, findingsText, oracleRunsFrom, oracleSeedFrom, wholeNumber } from './figures.ts';
import { buildFixture, type Fixture } from './fixtures.ts';
import { generateCommands, sweepCommands } from './generate.ts';
import { readOnlyPrograms } from './grammar.ts';
import { judge, type Violation } from './judge.ts';
import { runTraced } from './run.ts';

/**
 * The oracle (test/oracle/README.md; DESIGN §5 "One program catalog, proven"): for
 * every program on the catalog's read-only list, commands generated from its entry are put to
 * the engine, and each one it calls read-only is run for real — traced by strace, in a private
 * network namespace, in a throwaway copy of a hostile world — and must run no other program,
 * write nothing, connect nowhere and read no canary secret the shield did not flag.
 */
/** GATEHOUSE_ORACLE_PROGRAMS=xxd,'git status' runs only those (the list check still sees all). */
const only = process.env.GATEHOUSE_ORACLE_PROGRAMS?.split(',').map((name) => name.trim());
const listed = readOnlyPrograms();
const programs = only === undefined ? listed : listed.filter((program) => only.includes(program.name));
const perProgram = oracleRunsFrom(process.env.GATEHOUSE_ORACLE_RUNS);
const seed = oracleSeedFrom(process.env.GATEHOUSE_ORACLE_SEED, Date.now());
/**
 * A run that takes longer is killed and reported (strace slows programs several times over);
 * GATEHOUSE_ORACLE_TIMEOUT_MS raises it on a machine busy enough to slow a plain `ls` that far.
 */
const timeoutMs = wholeNumber('GATEHOUSE_ORACLE_TIMEOUT_MS', process.env.GATEHOUSE_ORACLE_TIMEOUT_MS, 8_000);
/** Traced runs at once: the CI machine has two cores (GATEHOUSE_ORACLE_PARALLEL for a bigger one). */
const parallel = wholeNumber('GATEHOUSE_ORACLE_PARALLEL', process.env.GATEHOUSE_ORACLE_PARALLEL, 2);
const findingsFile =
  process.env.GATEHOUSE_ORACLE_FINDINGS ?? join(import.meta.dirname, '..', '..', 'ORACLE-FINDINGS.md');

let fixture: Fixture;
const figures: Figures = {
  seed,
  perProgram,
  programs: listed.length,
  programsRun: 0,
  generated: 0,
  readOnly: 0,
  traced: 0,
  findings: [],
  missing: [],
  started: Date.now(),
};

beforeAll(async () => {
  fixture = await buildFixture();
});

afterAll(async () => {
  const text = findingsText(figures, fixture?.root ?? '', Date.now());
  writeFileSync(findingsFile, text);
  console.log(text.split('\n## ')[0]);
  await fixture?.close();
});

/** Runs `jobs` with at most `limit` at once, in order of start. */
async function pooled<T, R>(items: readonly T[], limit: number, job: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await job(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

describe('the read-only list, as the programs run', () => {
  it('names only programs this machine (and CI, through .ci/run) has', () => {
    const executables = [...new Set(listed.map((program) => program.executable))];
    const world = fixture.world('lookup');
    const missing = executables.filter((name) => {
      const kind = execFileSync(
        'bash',
        ['--noprofile', '--norc', '-c', `type -t -- "$1" || true`, 'type', name],
        {
          env: world.env,
        },
      )
        .toString()
        .trim();
      return kind !== 'builtin' && kind !== 'file' && kind !== 'keyword';
    });
    figures.missing = missing;
    expect(missing, 'programs on the read-only list that cannot run here must leave it').toEqual([]);
  });

  it.each(programs.map((program, index) => ({ program, index, name: program.name })))(
    '$name',
    async ({ program, index }) => {
      fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: seed + index });
      const places = { marker: fixture.marker, port: fixture.port };
      const made = [...sweepCommands(program, places), ...generateCommands(program, places, perProgram)];
      const commands = [...new Set(made.map((command) => command.command))];
      figures.generated += commands.length;
      const judged = commands.map((command, at) => {
        const name = `${index}-${at}`;
        const world = fixture.world(name);
        return { command, name, verdict: engineVerdict(command, world.work, world.home) };
      });
      const readOnly = judged.filter((entry) => entry.verdict.readOnly);
      figures.readOnly += readOnly.length;
      if (readOnly.length > 0) figures.programsRun += 1;
      const found = await pooled(readOnly, parallel, async ({ command, name, verdict }) => {
        const world = fixture.copy(name);
        const run = await runTraced(command, world, timeoutMs);
        figures.traced += 1;
        const violations: Violation[] = judge(run.events, {
          programs: [program.executable],
          canaries: world.canaries,
          shieldFlagged: verdict.shieldFlagged,
          scratchDir: world.env.TMPDIR,
          ...(program.executable === 'git' ? { ownGitDir: join(world.work, '.git') } : {}),
        });
        if (run.timedOut)
          violations.push({ kind: 'timeout', why: `still running after ${timeoutMs} ms: killed`, line: '' });
        fixture.discard(name);
        return violations.length === 0
          ? undefined
          : { program: program.name, command, engine: verdict.reason, violations, output: run.output };
      });
      const findings = found.filter((finding) => finding !== undefined);
      figures.findings.push(...findings);
      // Written after every program, so that a run cut short still leaves what it found.
      writeFileSync(findingsFile, findingsText(figures, fixture.root, Date.now()));
      expect(
        findings.map(
          (finding) =>
            `${finding.command} → ${finding.violations.map((v) => `${v.kind}: ${v.why}`).join('; ')}`,
        ),
        `commands the engine calls read-only that do more than read (details in ${findingsFile})`,
      ).toEqual([]);
    },
  );

  it('reached nothing outside the private network namespace', () => {
    expect(fixture.connections()).toBe(0);
  });
});
