import type { ParsedProgram, ReadRule } from '../types.ts';

/**
 * Operators of `test` and `[` that only look at files and strings. Left out on purpose: `-v` and
 * `-R` (they name a variable, and bash evaluates an array subscript in it: `-v 'a[$(id)]'` runs
 * `id`, single quotes or not) and the arithmetic comparisons `-eq -ne -lt -le -gt -ge`, whose
 * operands bash evaluates the same way.
 */
const TEST_OPERATORS = new Set([
  ...['-a', '-b', '-c', '-d', '-e', '-f', '-g', '-h', '-k', '-p', '-r', '-s', '-t', '-u', '-w', '-x'],
  ...['-G', '-L', '-N', '-O', '-S', '-n', '-z', '-o', '-nt', '-ot', '-ef'],
  ...['=', '==', '!=', '<', '>', '!', '(', ')'],
]);
const EVALUATING_OPERATORS = new Set(['-v', '-R', '-eq', '-ne', '-lt', '-le', '-gt', '-ge']);

/**
 * `test` and `[`: every word that could be an operator is one that does not evaluate anything.
 * A word is only refused, never reinterpreted: `[ -v = -v ]` (a string comparison) is refused too.
 */
export const testExpression: ReadRule = {
  says: 'file and string tests only: no `-v`, `-R`, or arithmetic comparisons (`-eq` …), which evaluate subscripts',
  check: ({ operands }) => {
    for (const { text, glob } of operands) {
      if (glob) return `test with the pattern ${text} depends on which files exist`;
      if (EVALUATING_OPERATORS.has(text))
        return `test ${text} makes bash evaluate its operand, which can run commands`;
      if (text.startsWith('-') && text.length > 1 && !TEST_OPERATORS.has(text))
        return `test ${text} is not a test operator known to only read`;
    }
    return undefined;
  },
};

/** `[ … ]` is `test …` whose last word is `]`. */
export const bracketExpression: ReadRule = {
  says: `as \`test\`, and the last word is \`]\``,
  check: (args: ParsedProgram) => {
    const last = args.operands.at(-1);
    if (last?.text !== ']') return '[ without a closing ]';
    return testExpression.check({ ...args, operands: args.operands.slice(0, -1) });
  },
};

/**
 * bash's `printf` reads options only before its format: `-v NAME` assigns, and bash evaluates
 * an array subscript in NAME. Nothing else it does runs code.
 */
export const printfFormat: ReadRule = {
  says: 'no option (`-v` assigns to a variable whose subscript bash evaluates); `--` is fine',
  check: ({ operands }) => {
    const first = operands[0]?.text;
    if (first?.startsWith('-') && first !== '--' && first !== '-')
      return `printf ${first} assigns to a variable, and bash evaluates its subscript`;
    return undefined;
  },
};

/**
 * Builtins that evaluate their arguments as arithmetic or assign variables, so a subscript
 * (`'a[$(id)]'`) runs commands: named here so the reason says so. They are not read-only.
 */
export const EVALUATING_BUILTINS: ReadonlyMap<string, string> = new Map([
  ...['read', 'mapfile', 'readarray', 'declare', 'typeset', 'local', 'export', 'readonly', 'let'].map(
    (name) => [name, `${name} assigns variables, and bash evaluates the subscripts it is given`] as const,
  ),
  ['unset', 'unset evaluates the subscripts it is given'],
  ['eval', 'eval runs its arguments as a command'],
  ['source', 'source runs a file as shell code'],
  ['.', '. runs a file as shell code'],
]);
