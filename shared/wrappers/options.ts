/** What an option does with the word after it: nothing, takes it as its value, or takes a value only attached. */
export type OptionKind = 'flag' | 'value' | 'optional';

/** A program's options, read from the `options` string of its table entry (types.ts). */
export interface OptionTable {
  readonly short: ReadonlyMap<string, OptionKind>;
  readonly long: ReadonlyMap<string, OptionKind>;
  readonly numeric: boolean;
}

export function optionTable(spec: string, numeric = false): OptionTable {
  const short = new Map<string, OptionKind>();
  const long = new Map<string, OptionKind>();
  for (const token of spec.split(' ')) {
    if (token === '') continue;
    const kind: OptionKind = token.endsWith('=?') ? 'optional' : token.endsWith('=') ? 'value' : 'flag';
    const name = token.replace(/=\??$/, '');
    (name.startsWith('--') ? long : short).set(name, kind);
  }
  return { short, long, numeric };
}

/**
 * One option word read: the options it holds (a short cluster `-xvf` holds three), how many words
 * it used (1, or 2 when its value is the next word) and each option's value when it has one.
 * `undefined`: a word the table does not know, so the command line cannot be read.
 */
export interface OptionsRead {
  readonly used: 1 | 2;
  readonly options: readonly { readonly name: string; readonly value?: string }[];
}

export function readOption(
  table: OptionTable,
  word: string,
  next: string | undefined,
): OptionsRead | undefined {
  if (word.startsWith('--')) return readLong(table, word, next);
  // A whole word listed as is: `-`, strace's `-ff`.
  const whole = table.short.get(word);
  if (whole === 'flag') return { used: 1, options: [{ name: word }] };
  if (table.numeric && /^-\d+$/.test(word)) return { used: 1, options: [{ name: word }] };
  const options: { name: string; value?: string }[] = [];
  for (let at = 1; at < word.length; at += 1) {
    const name = `-${word[at]}`;
    const kind = table.short.get(name);
    if (kind === undefined) return undefined;
    if (kind === 'flag') {
      options.push({ name });
      continue;
    }
    const attached = word.slice(at + 1);
    if (attached !== '' || kind === 'optional') {
      options.push(attached === '' ? { name } : { name, value: attached });
      return { used: 1, options };
    }
    if (next === undefined) return undefined;
    options.push({ name, value: next });
    return { used: 2, options };
  }
  return { used: 1, options };
}

function readLong(table: OptionTable, word: string, next: string | undefined): OptionsRead | undefined {
  const equals = word.indexOf('=');
  const written = equals === -1 ? word : word.slice(0, equals);
  const attached = equals === -1 ? undefined : word.slice(equals + 1);
  const name = longName(table, written);
  if (name === undefined) return undefined;
  const kind = table.long.get(name)!;
  if (kind === 'flag') return attached === undefined ? { used: 1, options: [{ name }] } : undefined;
  if (attached !== undefined) return { used: 1, options: [{ name, value: attached }] };
  if (kind === 'optional') return { used: 1, options: [{ name }] };
  if (next === undefined) return undefined;
  return { used: 2, options: [{ name, value: next }] };
}

/**
 * The long option `written` names: itself, or the one option it abbreviates (getopt accepts an
 * unambiguous prefix: `--kill` is `--kill-after`). A prefix of several: undefined, as getopt
 * refuses it too.
 */
function longName(table: OptionTable, written: string): string | undefined {
  if (table.long.has(written)) return written;
  const candidates = [...table.long.keys()].filter((name) => name.startsWith(written));
  return candidates.length === 1 ? candidates[0] : undefined;
}
