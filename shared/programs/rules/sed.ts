import type { ParsedProgram, ReadRule } from '../types.ts';

/**
 * The sed commands a read-only script may use: they print, delete from the output, move between
 * lines or hold text. Not here: `e` (runs a command), `w`/`W` (write files), `r`/`R` (read files
 * the shield never sees), and any command we do not know.
 */
const SIMPLE_COMMANDS = new Set([
  'p',
  'P',
  'd',
  'D',
  '=',
  'n',
  'N',
  'g',
  'G',
  'h',
  'H',
  'x',
  'z',
  'F',
  'l',
  'q',
  'Q',
]);
const LABEL_COMMANDS = new Set(['b', 't', 'T']);
const TEXT_COMMANDS = new Set(['a', 'i', 'c']);
/** Flags of `s///` that only change what is matched or printed: not `e` (run) or `w` (write). */
const SUBSTITUTE_FLAGS = /^[gpiImM0-9]*$/;

/**
 * Reads a GNU sed script command by command and returns why it is not read-only, or undefined.
 * A small scanner, not a pattern: addresses, `!`, blocks, then one command and what it takes.
 */
export function sedScriptReason(script: string): string | undefined {
  let at = 0;
  let depth = 0;
  const peek = (): string | undefined => script[at];
  const skipBlanks = (): void => {
    while (at < script.length && /[ \t]/.test(script[at]!)) at += 1;
  };
  /** One delimited part (`/re/`, the parts of `s` and `y`), GNU style: `\` escapes the delimiter. */
  const delimited = (delimiter: string): boolean => {
    while (at < script.length) {
      const char = script[at]!;
      if (char === '\\') at += 2;
      else if (char === delimiter) {
        at += 1;
        return true;
      } else if (char === '\n' && delimiter !== '\n') return false;
      else at += 1;
    }
    return false;
  };
  const address = (): string | undefined => {
    const char = peek();
    if (char === undefined) return undefined;
    if (/\d/.test(char)) {
      while (/\d/.test(peek() ?? '')) at += 1;
      if (peek() === '~') {
        at += 1;
        while (/\d/.test(peek() ?? '')) at += 1;
      }
      return undefined;
    }
    if (char === '$') {
      at += 1;
      return undefined;
    }
    if (char === '/' || char === '\\') {
      const delimiter = char === '/' ? '/' : script[at + 1];
      at += char === '/' ? 1 : 2;
      if (delimiter === undefined || delimiter === '\n' || delimiter === '\\' || !delimited(delimiter))
        return 'an address pattern is not closed';
      while (peek() === 'I' || peek() === 'M') at += 1;
    }
    return undefined;
  };
  while (at < script.length) {
    skipBlanks();
    const char = peek();
    if (char === undefined) break;
    if (char === ';' || char === '\n') {
      at += 1;
      continue;
    }
    if (char === '#') {
      while (at < script.length && script[at] !== '\n') at += 1;
      continue;
    }
    if (char === '}') {
      depth -= 1;
      if (depth < 0) return 'a } closes no block';
      at += 1;
      continue;
    }
    const first = address();
    if (first !== undefined) return first;
    skipBlanks();
    if (peek() === ',') {
      at += 1;
      skipBlanks();
      if (peek() === '+' || peek() === '~') {
        at += 1;
        if (!/\d/.test(peek() ?? '')) return 'a relative address has no number';
      }
      const second = address();
      if (second !== undefined) return second;
    }
    skipBlanks();
    while (peek() === '!') {
      at += 1;
      skipBlanks();
    }
    const command = peek();
    if (command === undefined) return 'an address without a command';
    at += 1;
    if (command === '{') {
      depth += 1;
      continue;
    }
    if (SIMPLE_COMMANDS.has(command)) {
      // `q5`, `l 40`: an optional number.
      skipBlanks();
      while (/\d/.test(peek() ?? '')) at += 1;
    } else if (LABEL_COMMANDS.has(command) || command === ':') {
      // GNU ends a label at ";" or a newline.
      while (at < script.length && !/[;\n]/.test(script[at]!)) at += 1;
    } else if (TEXT_COMMANDS.has(command)) {
      // The text runs to the end of the line; a backslash may continue it onto the next one, so
      // a text with any backslash is not read here at all.
      const end = script.indexOf('\n', at);
      const text = script.slice(at, end === -1 ? script.length : end);
      if (text.includes('\\')) return `the text of sed ${command} has a backslash we do not read`;
      at = end === -1 ? script.length : end;
    } else if (command === 's' || command === 'y') {
      const delimiter = script[at];
      if (delimiter === undefined || delimiter === '\n' || delimiter === '\\')
        return `sed ${command} has no delimiter`;
      at += 1;
      if (!delimited(delimiter) || !delimited(delimiter)) return `sed ${command} is not closed`;
      const flagsStart = at;
      while (at < script.length && !/[\s;}#]/.test(script[at]!)) at += 1;
      const flags = script.slice(flagsStart, at);
      if (command === 'y' && flags !== '') return `sed y takes no flags (${flags})`;
      if (!SUBSTITUTE_FLAGS.test(flags)) return `sed s///${flags} runs a command or writes a file`;
    } else return `sed command ${JSON.stringify(command)} is not known to only read`;
    skipBlanks();
    const after = peek();
    if (after !== undefined && !/[;\n}#]/.test(after))
      return `sed command ${command} is followed by ${JSON.stringify(after)}`;
  }
  return depth === 0 ? undefined : 'a sed block { is not closed';
}

/** The scripts of a sed invocation: every -e/--expression, or else the first operand. */
export const sedScript: ReadRule = {
  says: 'each script passes the sed grammar in docs/engine.md (no `e`, `w`, `W`, `r`, `R`, `s///e`, `s///w`)',
  check: (args: ParsedProgram) => {
    const given = args.options.filter((option) => option.name === 'e' || option.name === 'expression');
    const script = args.operands[0];
    if (given.length === 0 && script?.glob === true) return `sed's script ${script.text} is a pattern`;
    const scripts =
      given.length > 0
        ? given.map((option) => option.value ?? '')
        : script === undefined
          ? []
          : [script.text];
    if (scripts.length === 0) return 'sed has no script';
    for (const text of scripts) {
      const reason = sedScriptReason(text);
      if (reason !== undefined) return reason;
    }
    return undefined;
  },
};
