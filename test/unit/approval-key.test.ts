import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { approvalKey } from '../../shared/approval-key/index.ts';

/** A copy of `value` with every object's keys in a different order (chosen by `order`). */
function shuffled(value: unknown, order: number[]): unknown {
  if (Array.isArray(value)) return value.map((item) => shuffled(item, order));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const permuted = entries
    .map((entry, i) => ({ entry, rank: order[i % Math.max(order.length, 1)] ?? i }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ entry: [key, child] }) => [key, shuffled(child, order)] as const);
  const out: Record<string, unknown> = {};
  for (const [key, child] of permuted) {
    Object.defineProperty(out, key, { value: child, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

describe('approvalKey', () => {
  it('is the tool name and the SHA-256 of the canonical JSON (known vector)', async () => {
    // printf '%s' '{"command":"ls"}' | sha256sum
    await expect(approvalKey('Bash', { command: 'ls' })).resolves.toBe(
      'Bash:4cf29611a66934862f29acfcc817e30b905c1ab73d5e65831413eb6b454d49db',
    );
    await expect(approvalKey('Read', {})).resolves.toBe(
      'Read:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a',
    );
  });

  it('canonicalizes numbers, strings and key order as RFC 8785 §3.2.2 does', async () => {
    // The RFC's sample input; its canonical form (from the RFC) hashes to the vector below.
    const input = JSON.parse(String.raw`{
      "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
      "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
      "literals": [null, true, false]
    }`);
    await expect(approvalKey('mcp__x__y', input)).resolves.toBe(
      'mcp__x__y:2d5e01a318d0f0879ab568c4be289c8b1f64ef8921a53c6277d5e069978baacb',
    );
  });

  it('does not depend on key order (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 4 })),
        fc.array(fc.integer(), { minLength: 1, maxLength: 8 }),
        async (input, order) => {
          expect(await approvalKey('Bash', shuffled(input, order))).toBe(await approvalKey('Bash', input));
        },
      ),
    );
  });

  it('changes with any change of a value (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 }), { minKeys: 1 }),
        fc.jsonValue({ maxDepth: 2 }),
        async (input, replacement) => {
          const key = Object.keys(input)[0]!;
          fc.pre(JSON.stringify(input[key]) !== JSON.stringify(replacement));
          const changed = { ...input, [key]: replacement };
          expect(await approvalKey('Bash', changed)).not.toBe(await approvalKey('Bash', input));
        },
      ),
    );
  });

  it.each([
    [{ command: 'ls' }, { command: 'ls ' }],
    [{ command: 'git push' }, { command: 'git push', force: true }],
    [{ n: 1 }, { n: '1' }],
    [{ list: [1, 2] }, { list: [2, 1] }],
    [{ a: null }, {}],
  ])('tells %j from %j', async (a, b) => {
    expect(await approvalKey('Bash', a)).not.toBe(await approvalKey('Bash', b));
  });

  it('tells tools apart with the same input', async () => {
    const input = { file_path: 'a.ts' };
    expect(await approvalKey('Read', input)).not.toBe(await approvalKey('Edit', input));
  });

  it('treats number spellings JSON cannot tell apart as one', async () => {
    expect(await approvalKey('T', JSON.parse('{"n": 1.0}'))).toBe(
      await approvalKey('T', JSON.parse('{"n": 1}')),
    );
    expect(await approvalKey('T', JSON.parse('{"n": 1e2}'))).toBe(await approvalKey('T', { n: 100 }));
  });

  it('keys inputs holding lone surrogates instead of failing, and keeps them apart', async () => {
    const lone = JSON.parse('{"s": "\\ud800"}');
    const replaced = { s: '\ufffd' };
    const escapedText = { s: '"\\ud800"' };
    const key = await approvalKey('Bash', lone);
    expect(key).toMatch(/^Bash:[0-9a-f]{64}$/);
    expect(key).toBe(await approvalKey('Bash', JSON.parse('{"s": "\\ud800"}')));
    expect(key).not.toBe(await approvalKey('Bash', replaced));
    expect(key).not.toBe(await approvalKey('Bash', escapedText));
  });

  it('rejects values JSON cannot carry', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(approvalKey('Bash', cyclic)).rejects.toThrow(TypeError);
    await expect(approvalKey('Bash', { n: 1n })).rejects.toThrow(TypeError);
    await expect(approvalKey('Bash', { n: Number.NaN })).rejects.toThrow(TypeError);
    await expect(approvalKey('Bash', undefined)).rejects.toThrow(TypeError);
  });
});
