import type { ParsedProgram, ReadRule } from '../types.ts';

/** Globs are refused wherever operands are counted: `uniq src/*` may expand to `uniq in out`. */
function literal(args: ParsedProgram, command: string): string | undefined {
  const glob = args.operands.find((operand) => operand.glob);
  return glob === undefined
    ? undefined
    : `${command} with the pattern ${glob.text} may get more operands than written`;
}

export const noOperands = (command: string, why: string): ReadRule => ({
  says: `no operand (${why})`,
  check: (args) => (args.operands.length === 0 ? undefined : `${command} with an operand ${why}`),
});

/** `date +FORMAT` prints; `date 0101…` and `date -s` set the clock. */
export const dateFormat: ReadRule = {
  says: 'operands are `+FORMAT` only (any other operand sets the clock)',
  check: (args) =>
    literal(args, 'date') ??
    (args.operands.some((operand) => !operand.text.startsWith('+'))
      ? 'date with an operand that is not +FORMAT sets the clock'
      : undefined),
};

/** `command -v NAME` looks a name up; `command NAME` runs it. */
export const commandLookup: ReadRule = {
  says: 'with `-v` or `-V` only (without them, `command` runs its operand)',
  check: (args) =>
    literal(args, 'command') ??
    (args.options.some((option) => option.name === 'v' || option.name === 'V')
      ? undefined
      : 'command without -v or -V runs another command'),
};

/**
 * `jq -n env`, `$ENV.AWS_SECRET_ACCESS_KEY`: the program prints the environment, secrets
 * included. `import` and `include` load modules and data files from paths we do not see.
 */
const JQ_ENVIRONMENT = /\b(?:env|import|include)\b|\$ENV\b|\$__prog/;

export const jqProgram: ReadRule = {
  says: 'the program (first operand) is not a pattern and uses no `env`, `$ENV` (the environment holds secrets), `import` or `include`',
  check: (args) => {
    const program = args.operands[0];
    if (program === undefined) return undefined;
    if (program.glob) return `jq's program ${program.text} is a pattern`;
    return JQ_ENVIRONMENT.test(program.text)
      ? 'the jq program uses env, $ENV, import or include: the environment holds secrets, modules are files we do not see'
      : undefined;
  },
};

/** `/`, `//.`, `..`, `../..`: a directory that may be the root, under which /proc lies. */
export function mayBeRoot(word: string): boolean {
  const parts = word.split(/\/+/).filter((part) => part !== '.' && part !== '');
  return parts.every((part) => part === '..') && (word.startsWith('/') || parts.length > 0);
}
