import type { ParsedProgram, ReadRule } from '../types.ts';

/**
 * Names an awk program may not mention anywhere, strings included: `system` runs a command,
 * `getline` reads from a command or any file, `ENVIRON` (and gawk's `PROCINFO`) print the
 * environment's secrets, and setting `ARGV`/`ARGC` makes awk read files never named on the
 * command line (`ARGV[1]="/proc/self/environ"`). A mention inside a string is refused too; a scanner that has to guess
 * whether a `/` starts a pattern must not be the only thing between a program and `system`.
 */
const FORBIDDEN_NAMES = /\b(system|getline|ENVIRON|PROCINFO|SYMTAB|FUNCTAB|ARGV|ARGC)\b/;
/** Keywords after which a `/` starts a regular expression, as after an operator. */
const EXPECTS_OPERAND = new Set(['print', 'printf', 'return', 'in', 'case', 'do', 'else']);
const PRINTING = new Set(['print', 'printf']);

/**
 * Why an awk program may do more than read its input and print. Besides the names above, the
 * scanner refuses every `|` that is not `||` (a pipe to or from a command, gawk's `|&`), `@`
 * (gawk's `@load` of native code, `@include`, indirect calls), and a `>` at the top level of a
 * `print`/`printf` statement, where it writes a file (`print > "out"`); a `>` elsewhere compares.
 */
export function awkProgramReason(program: string): string | undefined {
  const named = FORBIDDEN_NAMES.exec(program);
  if (named !== null)
    return `the awk program uses ${named[1]}, which runs commands, reads files or prints secrets`;
  let at = 0;
  /** Whether the last token ends an operand, so that `/` divides instead of opening a pattern. */
  let afterOperand = false;
  let printing = false;
  let depth = 0;
  while (at < program.length) {
    const char = program[at]!;
    if (char === '"') {
      at += 1;
      while (at < program.length && program[at] !== '"') {
        if (program[at] === '\n') return 'an awk string is not closed';
        at += program[at] === '\\' ? 2 : 1;
      }
      if (at >= program.length) return 'an awk string is not closed';
      at += 1;
      afterOperand = true;
      continue;
    }
    if (char === '/' && !afterOperand) {
      at += 1;
      let inClass = false;
      while (at < program.length && (program[at] !== '/' || inClass)) {
        if (program[at] === '\n') return 'an awk pattern is not closed';
        if (program[at] === '[') inClass = true;
        else if (program[at] === ']') inClass = false;
        at += program[at] === '\\' ? 2 : 1;
      }
      if (at >= program.length) return 'an awk pattern is not closed';
      at += 1;
      afterOperand = true;
      continue;
    }
    if (char === '#') {
      while (at < program.length && program[at] !== '\n') at += 1;
      continue;
    }
    if (/[A-Za-z_]/.test(char)) {
      const start = at;
      while (at < program.length && /\w/.test(program[at]!)) at += 1;
      const word = program.slice(start, at);
      if (PRINTING.has(word)) {
        printing = true;
        depth = 0;
      }
      afterOperand = !EXPECTS_OPERAND.has(word);
      continue;
    }
    if (/[0-9.]/.test(char)) {
      while (at < program.length && /[\w.]/.test(program[at]!)) at += 1;
      afterOperand = true;
      continue;
    }
    if (char === '|') {
      if (program[at + 1] !== '|') return 'the awk program pipes to or from a command';
      at += 2;
      afterOperand = false;
      continue;
    }
    if (char === ' ' || char === '\t') {
      at += 1;
      continue;
    }
    // `x++ / 2` divides: an increment or decrement leaves the operand where it was.
    if ((char === '+' || char === '-') && program[at + 1] === char) {
      at += 2;
      continue;
    }
    if (char === '@') return 'the awk program uses @ (gawk loads code or calls indirectly)';
    if (char === '>' && printing && depth === 0) return 'the awk program writes its output to a file';
    if (char === '(' || char === '[') depth += 1;
    if (char === ')' || char === ']') depth -= 1;
    // A statement ends, and with it any print.
    if (char === ';' || char === '\n' || char === '{' || char === '}') {
      printing = false;
      depth = 0;
    }
    if (char === '\\' && program[at + 1] === '\n') {
      at += 2;
      continue;
    }
    afterOperand = char === ')' || char === ']' || char === '$';
    at += 1;
  }
  return undefined;
}

/** The program of an awk invocation: the first operand (`-f progfile` is not an option we list). */
export const awkProgram: ReadRule = {
  says: 'the program passes the awk rules in docs/engine.md (no system, getline, `|`, `>` output, ENVIRON, @)',
  check: (args: ParsedProgram) => {
    const program = args.operands[0];
    if (program === undefined) return 'awk has no program';
    if (program.glob) return `awk's program ${program.text} is a pattern`;
    return awkProgramReason(program.text);
  },
};
