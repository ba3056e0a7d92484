import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPathKeyHinted } from '../../shared/shield/file-access.ts';
import { findSecrets } from '../../shared/shield/find-secrets.ts';
import { rememberedForKeys } from '../../shared/shield/key-memo.ts';
import { mayHoldSecret } from '../../shared/shield/match.ts';
import { sensitiveKeyKind } from '../../shared/shield/sensitive-keys.ts';

/**
 * The shield remembers what it found out about object keys (field names repeat call after
 * call). A remembered verdict must be the verdict, whatever keys came before.
 */

const keyShapes = ['command', 'description', 'password', 'apiKey', 'file_path', 'token', 'x', 'A'.repeat(70)];
const key = fc.oneof(fc.constantFrom(...keyShapes), fc.string({ maxLength: 80 }));

describe('remembered key verdicts', () => {
  it.each([
    ['the secret hint', mayHoldSecret],
    ['the sensitive kind', sensitiveKeyKind],
    ['the path key check', isPathKeyHinted],
  ] as const)('give %s of every key, seen before or not', (_, judge) => {
    const remembered = rememberedForKeys(judge as (key: string) => unknown);
    fc.assert(
      fc.property(fc.array(key, { maxLength: 40 }), (keys) => {
        for (const each of [...keys, ...keys]) expect(remembered(each)).toBe(judge(each));
      }),
      { numRuns: 300 },
    );
  });

  it('judge a short key once, a long key every time, and start over past their bound', () => {
    const seen: string[] = [];
    const remembered = rememberedForKeys((text: string) => {
      seen.push(text);
      return text.length;
    });
    remembered('command');
    remembered('command');
    const long = 'k'.repeat(65);
    remembered(long);
    remembered(long);
    expect(seen).toEqual(['command', long, long]);
    for (let index = 0; index < 600; index += 1) expect(remembered(`key${index}`)).toBe(`key${index}`.length);
    expect(remembered('command')).toBe(7);
  });

  it('leaves findings as they were for inputs whose keys repeat', () => {
    const input = { command: 'ls', password: 'hunter2!', nested: { apiKey: 'k-42-abcdef', command: 'x' } };
    const first = findSecrets(input);
    expect(findSecrets(input)).toEqual(first);
    expect(first.map((finding) => finding.path)).toEqual(['password', 'nested.apiKey']);
  });
});
