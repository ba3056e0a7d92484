import type { CommandSpec, OptionTable, ParsedArgs, ParsedOperand, ParsedOption, ValueKind } from './spec.ts';

/** One argument as the shell hands it over, with whether it may still expand to file names. */
export interface Argument {
  readonly text: string;
  readonly glob: boolean;
}

/**
 * A value given as the next word may start with "-" only as a number (`tail -n -5`,
 * `date -d '-1 day'`) or as "-" (stdin): if our table wrongly said an option takes a value, the
 * word after it would be the program's next option, and that option would go unchecked.
 */
const SEPARATE_VALUE = /^(?:[^-]|-$|-[\d\s])/;
const COUNT = /^-\d+$/;

/**
 * Splits `args` the way GNU getopt_long (and git's parse-options) would, against the options
 * the spec lists: options anywhere before `--`, clusters of flags, values attached or in the
 * next word. Returns the options and operands, or why the arguments are not known to be safe.
 */
export function parseArgs(
  spec: CommandSpec,
  table: OptionTable,
  args: readonly Argument[],
): ParsedArgs | string {
  const options: ParsedOption[] = [];
  const operands: ParsedOperand[] = [];
  let ended = spec.freeform === true;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    const text = arg.text;
    if (ended || text === '-' || !text.startsWith('-')) {
      // `rg x *` with a file named `--pre=sh`: a pattern that can start with "-" is an option injection.
      if (arg.glob && /^[*?[]/.test(text))
        return `${JSON.stringify(text)} is a pattern that may expand to options`;
      operands.push(arg);
      continue;
    }
    if (text === '--') {
      ended = true;
      continue;
    }
    // `--include=*.c` expands only to `--include=…` words; any other pattern could become options.
    if (arg.glob && !/^--[a-z0-9-]+=[^*?[]*$/.test(text.slice(0, firstGlobChar(text))))
      return `${JSON.stringify(text)} is a pattern that may expand to options`;
    const next = (): string | undefined => {
      const word = args[index + 1];
      if (word === undefined || word.glob || !SEPARATE_VALUE.test(word.text)) return undefined;
      index += 1;
      return word.text;
    };
    if (spec.counts === true && COUNT.test(text)) {
      options.push({ name: '#', written: text, value: text.slice(1) });
      continue;
    }
    const parsed = text.startsWith('--')
      ? longOption(spec, table, text, next)
      : shortOptions(spec, table, text, next);
    if (typeof parsed === 'string') return parsed;
    options.push(...parsed);
  }
  return { options, operands };
}

function firstGlobChar(text: string): number {
  const at = text.search(/[*?[]/);
  return at === -1 ? text.length : at;
}

function longOption(
  spec: CommandSpec,
  table: OptionTable,
  text: string,
  next: () => string | undefined,
): ParsedOption[] | string {
  const equals = text.indexOf('=');
  const name = equals === -1 ? text.slice(2) : text.slice(2, equals);
  const attached = equals === -1 ? undefined : text.slice(equals + 1);
  const kind: ValueKind | undefined = table.longs.get(name);
  if (kind === undefined) return `${spec.name} --${name} is not on its list of read-only options`;
  if (kind === 'flag') {
    return attached === undefined ? [{ name, written: text }] : `${spec.name} --${name} takes no value`;
  }
  if (kind === 'attached')
    return [{ name, written: text, ...(attached === undefined ? {} : { value: attached }) }];
  const value = attached ?? next();
  if (value === undefined) return `${spec.name} --${name} has no value we can read`;
  if (kind === 'value') return [{ name, written: text, value }];
  const second = next();
  if (second === undefined) return `${spec.name} --${name} has no second value we can read`;
  return [{ name, written: text, value, second }];
}

function shortOptions(
  spec: CommandSpec,
  table: OptionTable,
  text: string,
  next: () => string | undefined,
): ParsedOption[] | string {
  const options: ParsedOption[] = [];
  for (let at = 1; at < text.length; at += 1) {
    const letter = text[at]!;
    const kind = table.shorts.get(letter);
    if (kind === undefined || kind === 'two')
      return `${spec.name} -${letter} is not on its list of read-only options`;
    if (kind === 'flag') {
      if (spec.noClusters === true && text.length > 2)
        return `${spec.name} reads ${text} as one option we do not know`;
      options.push({ name: letter, written: `-${letter}` });
      continue;
    }
    const rest = text.slice(at + 1);
    if (kind === 'attached') {
      options.push({ name: letter, written: text, ...(rest === '' ? {} : { value: rest }) });
      return options;
    }
    const value = rest === '' ? next() : rest;
    if (value === undefined) return `${spec.name} -${letter} has no value we can read`;
    options.push({ name: letter, written: text, value });
    return options;
  }
  return options;
}
