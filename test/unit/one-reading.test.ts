import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Engine from '../../shared/engine/index.ts';
import type * as Plan from '../../shared/plan/index.ts';

/**
 * One parse per simple command (DESIGN §5 "One program catalog"): the engine reads each simple
 * command once against its catalog entry (CallFacts.programs), and the read-only check, the
 * shield and the risk rater read that parse instead of parsing the words again. Every reading of
 * words against an entry goes through `parseSegment` or `parseArguments`; this file counts the
 * calls made from outside the parser (its own recursion into a subcommand is part of one parse).
 *
 * The unit project shares one module graph between files (vitest.config.ts `isolate: false`), so
 * the engine is loaded afresh here over a counting parser, and put back afterwards.
 */
const PARSER = '../../shared/programs/parse.ts';
const counter = { parses: 0 };
let engine: typeof Engine;
let plan: typeof Plan;

beforeAll(async () => {
  vi.resetModules();
  vi.doMock(PARSER, async (importOriginal) => {
    const parser = await importOriginal<typeof import('../../shared/programs/parse.ts')>();
    return {
      ...parser,
      parseSegment: (...args: Parameters<typeof parser.parseSegment>) => {
        counter.parses += 1;
        return parser.parseSegment(...args);
      },
      parseArguments: (...args: Parameters<typeof parser.parseArguments>) => {
        counter.parses += 1;
        return parser.parseArguments(...args);
      },
    };
  });
  engine = await import('../../shared/engine/index.ts');
  plan = await import('../../shared/plan/index.ts');
});

afterAll(() => {
  vi.doUnmock(PARSER);
  vi.resetModules();
});

const cwd = '/home/dev/proj';
const call = (command: string) => ({ toolCallId: 'reading', tool: 'Bash', input: { command }, cwd });

/** Parses made while the facts of `command` are worked out, and how many simple commands it has. */
function parsesOf(command: string): { parses: number; segments: number } {
  counter.parses = 0;
  const facts = engine.callFacts(call(command));
  return { parses: counter.parses, segments: facts.shell?.segments.length ?? 0 };
}

describe('each simple command is parsed once', () => {
  // Read whole by their entries: the read-only check, the shield (folders walked, `cd`) and the
  // rater (its program's parse, `cd`) all read CallFacts.programs.
  const once = [
    'git status',
    'git log --oneline -n 5',
    'git diff HEAD~1',
    'git push origin main',
    'cat a.txt | grep -n foo',
    'grep -r TODO src',
    'rg foo',
    'ls; pwd; date +%s',
    'sed -n 1p f',
    'head -n 5 README.md',
    'jq .a f.json',
    'curl -sSL https://example.com',
    'rm -rf build',
    'cp a b',
    'echo hi > out.txt',
    'cd src && ls -la',
    'cd /tmp && git status',
    'pushd src',
    'docker ps',
    'kubectl get pods',
    'npx tsc --noEmit',
    'cat $f',
    'ls *.ts',
    // The command find runs is a simple command of its own: two commands, two parses.
    'find . -name x -exec cat {} +',
  ];

  it.each(once)('%s', (command) => {
    const { parses, segments } = parsesOf(command);
    expect(segments).toBeGreaterThan(0);
    const extra = command.includes('-exec') ? 1 : 0;
    expect(parses).toBe(segments + extra);
  });

  it('decide parses no more than the facts do: they are made once per call', () => {
    const compiled = plan.compilePlan({ permissions: { allow: [], ask: [], deny: [] } });
    for (const command of ['git status', 'rm -rf build', 'cd src && ls -la']) {
      const { parses } = parsesOf(command);
      counter.parses = 0;
      engine.decide(compiled, call(command), { mode: 'default', home: '/home/dev' });
      expect(counter.parses, command).toBe(parses);
    }
  });
});

/**
 * What still reads the same words again, each with its count, so that folding one in shows here.
 * - wrappers (`timeout`, `sudo`, `env`, `xargs`): shared/wrappers reads a wrapper's words with an
 *   entry of its own that takes getopt abbreviations (`timeout --kill 5`), which the catalog's
 *   parser does not read; the shield and the rater each ask it what the wrapper runs.
 * - `git -C x status`: the git runner (shared/wrappers/git.ts) reads git's global options with
 *   a table of its own, once for the shield and once for the rater.
 * - verbs read with a second grammar: npm's install options, `docker run`'s, `aws s3 cp`'s.
 * - programs known to the rater by another name (`python3` is the catalog's `python`) or spelling
 *   (`tar czf`, read by the rater as `tar -czf`), and any parse that was unsure: the rater reads
 *   the words again, as written, for its own fallback.
 */
describe('commands still read more than once', () => {
  const again: readonly [string, number][] = [
    ['timeout 5 make', 3],
    ['sudo cat /etc/hosts', 4],
    ['env FOO=1 node x.js', 4],
    ['xargs rm < list', 4],
    ['bash -c "ls"', 2],
    ['git -C x status', 3],
    ['npm install -D vitest', 2],
    ['docker run -it alpine sh', 3],
    ['aws s3 cp a s3://b/', 2],
    ['python3 -c "print(1)"', 2],
    ['tar czf x.tgz src', 2],
  ];

  it.each(again)('%s: %i parses', (command, expected) => {
    expect(parsesOf(command).parses).toBe(expected);
  });
});
