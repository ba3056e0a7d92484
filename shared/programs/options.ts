import type { ProgramEntry } from './types.ts';

/** What an option takes: nothing, a value (attached or next word), only an attached value, two words. */
export type ValueKind = 'flag' | 'value' | 'attached' | 'two';

/** An entry's options by name, with what each takes. */
export interface OptionTable {
  readonly shorts: ReadonlyMap<string, ValueKind>;
  readonly longs: ReadonlyMap<string, ValueKind>;
}

/**
 * Reads `shorts` and `longs` as written in an entry. Throws on a malformed entry (a bug in the
 * catalog, caught when the catalog loads), and on an effect for an option the entry does not list.
 */
export function readOptionTable(entry: ProgramEntry): OptionTable {
  const shorts = new Map<string, ValueKind>();
  for (let index = 0; index < entry.shorts.length; index += 1) {
    const letter = entry.shorts[index]!;
    if (letter === ':' || shorts.has(letter))
      throw new Error(`${entry.name}: bad short options ${entry.shorts}`);
    let kind: ValueKind = 'flag';
    if (entry.shorts[index + 1] === ':') {
      kind = entry.shorts[index + 2] === ':' ? 'attached' : 'value';
      index += kind === 'attached' ? 2 : 1;
    }
    shorts.set(letter, kind);
  }
  const longs = new Map<string, ValueKind>();
  for (const written of entry.longs) {
    const match = /^([a-z0-9][A-Za-z0-9.-]*)(=|=\?|==)?$/.exec(written);
    if (match === null || longs.has(match[1]!)) throw new Error(`${entry.name}: bad long option ${written}`);
    const suffix = match[2];
    longs.set(
      match[1]!,
      suffix === '=' ? 'value' : suffix === '=?' ? 'attached' : suffix === '==' ? 'two' : 'flag',
    );
  }
  for (const key of Object.keys(entry.effects ?? {})) {
    const name = key.replace(/=.*$/, '');
    if (!shorts.has(name) && !longs.has(name))
      throw new Error(`${entry.name}: effect for unlisted option ${name}`);
  }
  return { shorts, longs };
}
