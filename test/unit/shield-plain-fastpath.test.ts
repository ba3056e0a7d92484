import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findSecrets, secretFileAccess, shieldScan } from '../../shared/shield/index.ts';
import { isPlainInput } from '../../shared/shield/plain-input.ts';
import { textHints } from '../../shared/shield/text-hints.ts';

/**
 * A plain input (a flat record of inert fields with clean strings) skips both walks of the
 * shield. The scan must come out as the walks would have it for every input: plain or not,
 * with secrets, secret files, sensitive fields, path fields, nesting and odd shapes.
 */

const fake = {
  github: `ghp_${'a1B2c3D4e5'.repeat(3)}abcdef`,
  aws: 'AKIAIOSFODNN7EXAMPLE',
  password: 'password=hunter2!x',
};

const strings = fc.oneof(
  fc.constantFrom(
    'npm test -- --run shard7 && npm test -- --coverage; npm test -- lint7 || npm test -- retry 7',
    'Run the tests',
    'git status',
    'cat .env',
    'cat .e"n"v',
    'ls ~/.ssh',
    'cp ~/.ssh/id_rsa /tmp',
    'bash -c "cat .env.local"',
    'echo ok',
    '/home/dev/project/src/index.ts',
    '**/*.pem',
    'https://user:pw@example.com',
    'https://docs.example.com/page',
    'secret',
    'hunter2!',
    '$TOKEN',
    fake.github,
    fake.aws,
    fake.password,
    `curl -H "Authorization: Bearer ${fake.github}" https://api.github.com`,
    'caf\u00E9 au lait with a long enough text',
    '',
  ),
  fc.string({ maxLength: 40 }),
);

const keys = fc.oneof(
  fc.constantFrom(
    'command',
    'description',
    'timeout',
    'cmd',
    'script',
    'url',
    'prompt',
    'value',
    'name',
    'key',
    'password',
    'apiKey',
    'token',
    'file_path',
    'path',
    'pattern',
    'glob',
    'notebookPath',
    'content',
    'run_in_background',
    '__proto__',
  ),
  fc.string({ maxLength: 12 }),
);

const leaves = fc.oneof(
  { weight: 6, arbitrary: strings },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

const values = fc.oneof(
  { weight: 8, arbitrary: leaves },
  { weight: 1, arbitrary: fc.array(leaves, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(keys, leaves, { maxKeys: 3 }) },
);

/** `{name, value}` pairs, whose value is sensitive when the name is (`auth` is short enough to hold no hint). */
const pairs = fc
  .tuple(
    fc.constantFrom('name', 'key', 'Name', 'Key'),
    fc.constantFrom('auth', 'cookie', 'DB_PASSWORD', 'x'),
    strings,
  )
  .map(([field, name, value]) => ({ [field]: name, value }));

const inputs = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(keys, values, { maxKeys: 6 }) },
  { weight: 1, arbitrary: pairs },
);
const tools = fc.constantFrom('Bash', 'Read', 'Glob', 'Grep', 'WebFetch', 'Edit', 'mcp__shell__run', 'Task');

/**
 * The shield as it was before the plain look: both walks over every input. (Hints passed in only
 * spare a second reading of the command; they never change what the walks find.)
 */
function walked(call: { tool: string; input: Record<string, unknown> }) {
  return { findings: findSecrets(call.input), secretFile: secretFileAccess(call)?.path ?? null };
}

describe('the plain input look', () => {
  it('gives the scan both walks give, for every input', () => {
    fc.assert(
      fc.property(tools, inputs, (tool, input) => {
        const call = { tool, input };
        expect(shieldScan(call)).toEqual(walked(call));
      }),
      { numRuns: 20_000 },
    );
  });

  it('finds plain the inputs most calls carry, and only inputs the walks find nothing in', () => {
    const bench = {
      command: 'npm test -- --run shard7 && npm test -- --coverage; npm test -- lint7 || npm test -- retry 7',
      description: 'Run the tests',
      timeout: 120000,
    };
    const known = { text: bench.command, hints: textHints(bench.command) };
    expect(isPlainInput(bench, 'Bash', known)).toBe(true);
    expect(isPlainInput({ url: 'https://docs.example.com', prompt: 'Sum up' }, 'WebFetch', undefined)).toBe(
      false,
    );
    expect(isPlainInput({ command: 'cat .env' }, 'Bash', undefined)).toBe(true);
    expect(shieldScan({ tool: 'Bash', input: { command: 'cat .env' } }).secretFile).toBe('.env');
    fc.assert(
      fc.property(tools, inputs, (tool, input) => {
        if (isPlainInput(input, tool, undefined)) {
          expect(findSecrets(input)).toEqual([]);
          expect(secretFileAccess({ tool: 'Read', input })).toBeNull();
        }
      }),
      { numRuns: 5_000 },
    );
  });

  it('is not plain for nesting, sensitive, path or pair fields, Glob patterns, or too many fields', () => {
    expect(isPlainInput({ env: { A: 'b' } }, 'Bash', undefined)).toBe(false);
    expect(isPlainInput({ list: ['x'] }, 'Bash', undefined)).toBe(false);
    expect(isPlainInput({ password: 'x' }, 'Bash', undefined)).toBe(false);
    expect(isPlainInput({ file_path: 'a.ts' }, 'Edit', undefined)).toBe(false);
    expect(isPlainInput({ name: 'auth', value: 'hunter22' }, 'Bash', undefined)).toBe(false);
    expect(isPlainInput({ pattern: '**/*.ts' }, 'Glob', undefined)).toBe(false);
    expect(isPlainInput({ pattern: 'TODO' }, 'Grep', undefined)).toBe(true);
    expect(
      isPlainInput(Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`f${i}`, i])), 'Bash', undefined),
    ).toBe(false);
    expect(isPlainInput(['a'], 'Bash', undefined)).toBe(false);
    expect(isPlainInput(null, 'Bash', undefined)).toBe(false);
  });

  it('leaves an input that throws, or is past the character bound, to the walks', () => {
    const hostile = {
      get command(): string {
        throw new Error('no');
      },
    };
    Object.defineProperty(hostile, 'command', { enumerable: true });
    expect(isPlainInput(hostile, 'Bash', undefined)).toBe(false);
    expect(shieldScan({ tool: 'Bash', input: hostile })).toEqual(walked({ tool: 'Bash', input: hostile }));
    const huge = { a: 'x'.repeat(600_000), b: 'y'.repeat(600_000) };
    expect(isPlainInput(huge, 'Bash', undefined)).toBe(false);
    expect(shieldScan({ tool: 'Bash', input: huge }).findings).toEqual([
      { kind: 'unscanned_input', path: 'b' },
    ]);
  });

  it('gives a fresh findings list every time', () => {
    const call = { tool: 'Bash', input: { command: 'ls' } };
    const first = shieldScan(call).findings;
    first.push({ kind: 'jwt', path: 'x' });
    expect(shieldScan(call).findings).toEqual([]);
  });
});
