import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { limits } from '../../shared/contract/index.ts';
import { displayBounds, redactText, toDisplayCopy } from '../../shared/redact/index.ts';
import type { SecretKind } from '../../shared/shield/index.ts';
import { fake } from '../support/fake-secrets.ts';

const everySecret: Array<[SecretKind, string]> = [
  ['aws_access_key', fake.awsAccessKey],
  ['aws_secret_key', `aws_secret_access_key=${fake.awsSecret}`],
  ['github_token', fake.github],
  ['github_token', fake.githubPat],
  ['gitlab_token', fake.gitlab],
  ['slack_token', fake.slackBot],
  ['slack_webhook', fake.slackWebhook],
  ['openai_key', fake.openaiProject],
  ['anthropic_key', fake.anthropic],
  ['stripe_key', fake.stripe],
  ['google_api_key', fake.google],
  ['npm_token', fake.npm],
  ['jwt', fake.jwt],
  ['private_key', fake.pem],
  ['password_assignment', 'DB_PASSWORD=hunter2'],
  ['generic_api_key', 'CLIENT_SECRET=f00ba7c0ffee'],
  ['bearer_token', 'Authorization: Bearer abcdef0123456789abcdef0123'],
  ['url_credentials', 'postgres://admin:s3cr3tPass@db.internal/app'],
];

/** The secret part of each sample: what must never survive redaction. */
function secretPart(sample: string): string {
  const at = Math.max(sample.lastIndexOf('='), sample.lastIndexOf(' '));
  if (sample.startsWith('postgres://')) return 's3cr3tPass';
  if (sample.startsWith('-----')) return 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ';
  return at >= 0 ? sample.slice(at + 1) : sample;
}

describe('redactText', () => {
  it.each(everySecret)('replaces a %s with a marker naming its kind', (kind, sample) => {
    const redacted = redactText(`before ${sample} after`);
    expect(redacted).toContain(`[REDACTED:${kind}]`);
    expect(redacted).not.toContain(secretPart(sample));
    expect(redacted.startsWith('before ')).toBe(true);
    expect(redacted.endsWith(' after')).toBe(true);
  });

  it('keeps the label of a labelled secret readable', () => {
    expect(redactText('DB_PASSWORD=hunter2 npm start')).toBe(
      'DB_PASSWORD=[REDACTED:password_assignment] npm start',
    );
    expect(redactText('curl -H "Authorization: Bearer abcdef0123456789abcdef0123" x')).toBe(
      'curl -H "Authorization: Bearer [REDACTED:bearer_token]" x',
    );
    expect(redactText('postgres://admin:s3cr3tPass@db/app')).toBe(
      'postgres://admin:[REDACTED:url_credentials]@db/app',
    );
  });

  it('merges overlapping finds into one marker named after the most specific kind', () => {
    expect(redactText(`password=${fake.github}`)).toBe('password=[REDACTED:github_token]');
    expect(redactText(`Authorization: Bearer ${fake.jwt}`)).toBe('Authorization: Bearer [REDACTED:jwt]');
  });

  it('redacts a whole PEM block, header to footer', () => {
    expect(redactText(`key:\n${fake.pem}\ndone`)).toBe('key:\n[REDACTED:private_key]\ndone');
  });

  it('leaves text without secrets unchanged', () => {
    const text = 'npm test -- --run && git status # password reset flow';
    expect(redactText(text)).toBe(text);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...everySecret.map(([, sample]) => sample)),
        fc.string(),
        (sample, noise) => {
          const once = redactText(`${noise} ${sample} ${noise}`);
          expect(redactText(once)).toBe(once);
        },
      ),
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(typeof redactText(text)).toBe('string');
      }),
    );
  });
});

describe('toDisplayCopy: redaction', () => {
  it('redacts every kind of secret deep inside an input', () => {
    const input = {
      command: `deploy --token=${fake.github}`,
      nested: { env: [{ note: `key ${fake.awsAccessKey}` }, [fake.jwt, { pem: fake.pem }]] },
      list: everySecret.map(([, sample]) => `x ${sample} y`),
    };
    const copy = toDisplayCopy(input);
    const text = JSON.stringify(copy);
    for (const [kind, sample] of everySecret) {
      expect(text).toContain(`[REDACTED:${kind}]`);
      expect(text).not.toContain(secretPart(sample));
    }
    expect(copy).toMatchObject({ command: 'deploy --token=[REDACTED:github_token]' });
  });

  it('replaces values of sensitive keys whole, naming the key', () => {
    const copy = toDisplayCopy({
      user: 'ada',
      password: 'correct horse battery staple',
      apiKey: 12345,
      headers: { Authorization: 'Basic YWRhOmxvdmVsYWNl', Cookie: 'sid=abc', Accept: 'text/html' },
      client_secret: { nested: 'object' },
      token: null,
      secret: false,
      page_token: 'CAEQAA',
    });
    expect(copy).toEqual({
      user: 'ada',
      password: '[REDACTED:password]',
      apiKey: '[REDACTED:apiKey]',
      headers: {
        Authorization: '[REDACTED:Authorization]',
        Cookie: '[REDACTED:Cookie]',
        Accept: 'text/html',
      },
      client_secret: '[REDACTED:client_secret]',
      token: null,
      secret: false,
      page_token: 'CAEQAA',
    });
  });

  it('redacts the value of a {name, value} pair whose name is sensitive', () => {
    expect(
      toDisplayCopy({
        env: [
          { name: 'DB_PASSWORD', value: 'plain' },
          { name: 'HOME', value: '/root' },
        ],
      }),
    ).toEqual({
      env: [
        { name: 'DB_PASSWORD', value: '[REDACTED:DB_PASSWORD]' },
        { name: 'HOME', value: '/root' },
      ],
    });
  });

  it('redacts secrets used as keys, and keeps colliding keys apart', () => {
    const copy = toDisplayCopy({ [fake.github]: 1, [fake.githubOauth]: 2 });
    expect(copy).toEqual({ '[REDACTED:github_token]': 1, '[REDACTED:github_token] (2)': 2 });
  });

  it('keeps `__proto__` as a plain key', () => {
    const copy = toDisplayCopy(JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
  });
});

/** `value` with the characters labelled secrets need (`=`, `:`, `@`) taken out of every string and key. */
function withoutSecretSyntax(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/[=:@]/g, '_');
  if (Array.isArray(value)) return value.map(withoutSecretSyntax);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [withoutSecretSyntax(k), withoutSecretSyntax(v)]),
    );
  }
  return value;
}

describe('toDisplayCopy: bounds', () => {
  it('uses the limits of the contract by default', () => {
    expect(displayBounds).toEqual({
      stringChars: limits.displayStringChars,
      depth: limits.displayDepth,
      chars: limits.displayChars,
      keys: limits.displayKeys,
    });
  });

  it('truncates long strings with a marker counting what was cut', () => {
    const long = 'a'.repeat(12_345 + limits.displayStringChars);
    expect(toDisplayCopy(long)).toBe(`${'a'.repeat(limits.displayStringChars)}…[truncated 12345 chars]`);
    expect(toDisplayCopy('short')).toBe('short');
    expect(toDisplayCopy('a'.repeat(limits.displayStringChars))).toBe('a'.repeat(limits.displayStringChars));
  });

  it('redacts before truncating, so a secret across the cut is not half shown', () => {
    const text = `${'a '.repeat(990)}${fake.github}${' b'.repeat(2000)}`;
    const copy = toDisplayCopy(text) as string;
    expect(copy).not.toContain(fake.github.slice(0, 12));
    // The marker itself may be cut; the secret never shows.
    expect(copy).toContain('[REDACTED:');
  });

  it('does not split a surrogate pair at the cut', () => {
    const copy = toDisplayCopy(`${'a'.repeat(19)}😀😀😀`, { stringChars: 20 }) as string;
    expect(copy.startsWith(`${'a'.repeat(19)}…[truncated`)).toBe(true);
    expect(copy).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('cuts containers nested deeper than the depth bound', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 20; i++) deep = { d: deep };
    let node = toDisplayCopy(deep) as Record<string, unknown>;
    for (let i = 0; i < limits.displayDepth - 1; i++) node = node.d as Record<string, unknown>;
    expect(node.d).toBe('[…]');
    expect(toDisplayCopy({ a: { b: [1] } }, { depth: 2 })).toEqual({ a: { b: '[…]' } });
    expect(toDisplayCopy([[['x']]], { depth: 3 })).toEqual([[['x']]]);
  });

  it('keeps the first keys of a wide object and counts the rest', () => {
    const wide = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`k${i}`, i]));
    const copy = toDisplayCopy(wide) as Record<string, unknown>;
    expect(Object.keys(copy)).toHaveLength(limits.displayKeys + 1);
    expect(copy.k0).toBe(0);
    expect(copy[`k${limits.displayKeys - 1}`]).toBe(limits.displayKeys - 1);
    expect(copy[`k${limits.displayKeys}`]).toBeUndefined();
    expect(copy['…']).toBe('[50 more keys]');
  });

  it('keeps the first items of a long array and counts the rest', () => {
    const copy = toDisplayCopy(
      Array.from({ length: 1000 }, (_, i) => i),
      { keys: 10 },
    ) as unknown[];
    expect(copy).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, '[… 990 more items]']);
  });

  it('keeps the whole copy under the size bound', () => {
    const big = Array.from({ length: 150 }, (_, i) => ({ id: i, text: 'x'.repeat(1500) }));
    const copy = toDisplayCopy(big);
    const size = JSON.stringify(copy).length;
    expect(size).toBeLessThanOrEqual(limits.displayChars);
    expect(size).toBeGreaterThan(limits.displayChars * 0.9);
    expect((copy as unknown[]).at(-1)).toMatch(/^\[… \d+ more items\]$/);
  });

  it('bounds the size of any JSON value, and the result always serializes', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 6 }),
        fc.integer({ min: 256, max: 4000 }),
        fc.integer({ min: 1, max: 20 }),
        (value, chars, keys) => {
          const copy = toDisplayCopy(value, { chars, keys, stringChars: 300 });
          const text = JSON.stringify(copy);
          expect(typeof text).toBe('string');
          expect(text.length).toBeLessThanOrEqual(chars);
          expect(JSON.stringify(JSON.parse(text))).toBe(text);
        },
      ),
    );
  });

  it('copies small JSON values without secrets unchanged', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4 }).filter((value) => JSON.stringify(value).length < 2000),
        (value) => {
          const clean = withoutSecretSyntax(value);
          const copy = toDisplayCopy(clean);
          // -0 becomes 0 in JSON; compare as JSON text.
          if (JSON.stringify(clean) === JSON.stringify(copy)) return;
          // Only sensitive-key redaction may change a clean value.
          expect(JSON.stringify(copy)).toContain('[REDACTED:');
        },
      ),
    );
  });
});

describe('toDisplayCopy: values JSON cannot carry', () => {
  it('marks cycles', () => {
    const node: Record<string, unknown> = { name: 'loop' };
    node.self = node;
    node.list = [node];
    expect(toDisplayCopy(node)).toEqual({ name: 'loop', self: '[circular]', list: ['[circular]'] });
  });

  it('copies a shared (non-cyclic) object at each place', () => {
    const shared = { x: 1 };
    expect(toDisplayCopy({ a: shared, b: shared })).toEqual({ a: { x: 1 }, b: { x: 1 } });
  });

  it('turns BigInt, functions, symbols, undefined, NaN and dates into stand-ins', () => {
    const copy = toDisplayCopy({
      big: 12345678901234567890n,
      fn: () => 1,
      sym: Symbol('s'),
      gone: undefined,
      nan: Number.NaN,
      inf: Number.POSITIVE_INFINITY,
      date: new Date('2026-01-02T03:04:05Z'),
      bad: new Date('nope'),
      list: [undefined, () => 1],
    });
    expect(copy).toEqual({
      big: '12345678901234567890n',
      fn: '[function]',
      sym: '[symbol]',
      nan: 'NaN',
      inf: 'Infinity',
      date: '2026-01-02T03:04:05.000Z',
      bad: 'Invalid Date',
      list: [null, '[function]'],
    });
  });

  it('handles top-level odd values', () => {
    expect(toDisplayCopy(undefined)).toBeNull();
    expect(toDisplayCopy(null)).toBeNull();
    expect(toDisplayCopy(42)).toBe(42);
    expect(toDisplayCopy(true)).toBe(true);
    expect(toDisplayCopy(1n)).toBe('1n');
  });

  it('survives throwing getters and hostile proxies', () => {
    const getter = {
      ok: 1,
      get boom(): number {
        throw new Error('no');
      },
    };
    expect(toDisplayCopy(getter)).toEqual({ ok: 1, boom: '[unreadable]' });
    const proxy = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    expect(toDisplayCopy(proxy)).toBe('[unrepresentable]');
    const { proxy: revoked, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(toDisplayCopy({ revoked })).toBe('[unrepresentable]');
  });

  it('clamps nonsense bounds instead of failing', () => {
    expect(() =>
      toDisplayCopy({ a: 'b' }, { chars: -1, depth: Number.NaN, keys: 0, stringChars: 1e12 }),
    ).not.toThrow();
    expect(JSON.stringify(toDisplayCopy({ a: 'b' }, { chars: -1 })).length).toBeLessThanOrEqual(256);
  });

  it('never throws and always yields JSON for anything fast-check can build', () => {
    fc.assert(
      fc.property(
        fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true }),
        (value) => {
          const copy = toDisplayCopy(value);
          expect(() => JSON.stringify(copy)).not.toThrow();
          expect(JSON.stringify(copy).length).toBeLessThanOrEqual(limits.displayChars);
        },
      ),
    );
  });
});
