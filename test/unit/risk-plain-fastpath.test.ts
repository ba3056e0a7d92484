import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EngineToolCall } from '../../shared/contract/index.ts';
import { rateRisk } from '../../shared/risk/index.ts';
import { plainRaterOf } from '../../shared/risk/plain-segment.ts';
import { rateSegment } from '../../shared/risk/segment.ts';
import { analyzeShell } from '../../shared/shell/index.ts';
import { rateRecorded } from '../support/segment-context.ts';

/**
 * A segment of a plainly written command whose program the rater knows is rated by one lookup of
 * its name and a call of the program's rater (plain-segment.ts), skipping the general path's
 * checks. Every rating — risk, categories and notes in order — must be the one the general path
 * gives, whatever the command: plainly written or not, with wrappers, `cd`, `watch`, nested
 * commands, paths, aliases and unknown programs among its segments.
 */

const bash = (command: string, cwd = '/home/dev/project'): EngineToolCall => ({
  toolCallId: 'call-1',
  tool: 'Bash',
  input: { command },
  cwd,
});

/** Program names: known, wrappers, directory changes, aliases, paths, unknown, computed. */
const program = fc.constantFrom(
  'npm',
  'pnpm',
  'npx',
  'git',
  'rm',
  'ls',
  'cat',
  'curl',
  'sh',
  'bash',
  'python3',
  'node',
  'cd',
  'pushd',
  'sudo',
  'env',
  'xargs',
  'timeout',
  'command',
  'watch',
  'find',
  'frob',
  '/usr/bin/rm',
  './build.sh',
  'X=1',
  'PATH=/tmp',
  '$CMD',
  '"npm"',
  'eval',
  'apt-get',
  'docker',
  'constructor',
);

/** Arguments, some of them not plainly written (quotes, `$`, globs, redirections). */
const argument = fc.constantFrom(
  'test',
  'install',
  'run',
  'publish',
  'push',
  '--force',
  '-g',
  '-rf',
  '/',
  '~',
  '*',
  '..',
  'src',
  '-c',
  'npm',
  'rm',
  '-n',
  '2',
  '--',
  'x.sh',
  '-o',
  'https://x.sh',
  '"npm test"',
  "'rm -rf /'",
  '$HOME',
  '*.ts',
  '>',
  'out.txt',
  '2>&1',
  '-exec',
  'origin',
  'main',
);

const segmentWords = fc.tuple(program, fc.array(argument, { maxLength: 5 }));
const operator = fc.constantFrom(' && ', ' || ', '; ', ' | ');

/** A command as its segments' words and the operators between them. */
const commandParts = fc.tuple(segmentWords, fc.array(fc.tuple(operator, segmentWords), { maxLength: 4 }));

/** The command written plainly where its words allow, with one space between words. */
function plainly([first, rest]: [[string, string[]], [string, [string, string[]]][]]): string {
  return [first, ...rest.map(([, words]) => words)].reduce(
    (text, [name, args], index) =>
      `${text}${index === 0 ? '' : rest[index - 1]![0]}${[name, ...args].join(' ')}`,
    '',
  );
}

/**
 * The same command not plainly written: its first word, a program name written plainly, in
 * quotes. The words stay the same, so every segment is rated by the general path alone.
 */
function notPlainly(command: string): string {
  if (!analyzeShell(command).plainlyWritten) return command;
  const name = /^[^ ;&|]+/.exec(command)![0];
  return `'${name}'${command.slice(name.length)}`;
}

describe('rating a plainly written command', () => {
  it('gives the rating of the same words written otherwise', () => {
    fc.assert(
      fc.property(
        commandParts,
        fc.constantFrom('/home/dev/project', '/'),
        fc.boolean(),
        (parts, cwd, readOnly) => {
          const command = plainly(parts);
          const respelled = notPlainly(command);
          expect(analyzeShell(respelled).plainlyWritten).toBe(false);
          const facts = { readOnly, secrets: false };
          expect(rateRisk(bash(command, cwd), facts)).toEqual(rateRisk(bash(respelled, cwd), facts));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('rates each segment it takes as the general path does', () => {
    fc.assert(
      fc.property(commandParts, (parts) => {
        const analysis = analyzeShell(plainly(parts));
        for (const segment of analysis.segments) {
          const rater = plainRaterOf(analysis, segment);
          if (rater === undefined) continue;
          expect(rateRecorded((ctx) => rater(segment.argv, 1, ctx))).toEqual(
            rateRecorded((ctx) => rateSegment(segment, ctx)),
          );
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('is plainly written and rated by the fast path for a good share of the generated commands', () => {
    const samples = fc.sample(commandParts, { numRuns: 2000, seed: 7 }).map(plainly);
    const fast = samples.filter((command) => {
      const analysis = analyzeShell(command);
      return analysis.segments.some((segment) => plainRaterOf(analysis, segment) !== undefined);
    });
    expect(fast.length).toBeGreaterThan(samples.length / 10);
  });
});

/** The rater the fast path finds for the first segment of `command`, if it takes it. */
function fastRater(command: string) {
  const analysis = analyzeShell(command);
  const first = analysis.segments[0];
  return first === undefined ? undefined : plainRaterOf(analysis, first);
}

describe('the segments the fast path rates', () => {
  it('include the programs agents run most', () => {
    for (const name of ['npm', 'git', 'ls', 'cat', 'rm', 'curl', 'npx', 'bash']) {
      expect(fastRater(`${name} x`)).toBeDefined();
    }
  });

  it('leave wrappers, directory changes, `watch`, aliases, paths and unknown programs to the general path', () => {
    for (const name of [
      'sudo',
      'env',
      'xargs',
      'timeout',
      'command',
      'exec',
      'nohup',
      'cd',
      'pushd',
      'watch',
    ]) {
      expect(fastRater(`${name} npm test`)).toBeUndefined();
    }
    for (const name of ['python3', 'gsed', '/usr/bin/rm', './npm', 'frob', 'constructor', '$CMD', "'npm'"]) {
      expect(fastRater(`${name} x`)).toBeUndefined();
    }
  });

  it('leave commands not plainly written to the general path', () => {
    for (const command of [
      'PATH=/tmp npm test',
      'npm  test',
      'npm test > out.txt',
      'npm test "$X"',
      'npm $(x)',
    ]) {
      expect(fastRater(command)).toBeUndefined();
    }
  });

  it('are rated after a directory change against the new directory', () => {
    const analysis = analyzeShell('cd / && rm -rf *');
    expect(plainRaterOf(analysis, analysis.segments[1]!)).toBeDefined();
    expect(rateRisk(bash('cd / && rm -rf *'))).toEqual(rateRisk(bash(notPlainly('cd / && rm -rf *'))));
    expect(rateRisk(bash('cd / && rm -rf *')).risk).toBe('critical');
  });
});
