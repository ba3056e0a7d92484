import { asciiBytes, SHARED_BYTES, sharedBytes } from '../text/ascii-bytes.ts';
import { keywordKindAt } from './keywords.ts';
import { wordAt } from './known-words.ts';
import type { ShellAnalysis, ShellSegment, ShellWord } from './types.ts';

/**
 * The analysis of a plain command list, or undefined when the command is not one. Plain means
 * words of letters, digits and the punctuation that means nothing to the shell, blanks, globs, and
 * the operators `&&`, `||`, `|` and `;` between commands — most of what agents run
 * (`npm test -- --run x && git status`). Such a command needs none of the general parser's
 * machinery: each word is a slice of the text and its own raw form, nothing is quoted, expanded,
 * substituted or redirected, and the commands come in text order.
 *
 * Whatever it returns is exactly what the general parser returns (`test/unit/shell-fastpath.test.ts`
 * compares the two); anything else — a quote, `$`, a redirection, a reserved word or an assignment
 * at command position, an operator out of place, a newline, any character outside ASCII — is left
 * to the general parser, which also words every error.
 */
export const analyzePlain: (command: string) => ShellAnalysis | undefined = plainScan();

/**
 * The scan and its tables, made once. They live in a function's scope, not the module's: a
 * bundler (esbuild, as wrangler deploys the Worker) turns a module's top-level constants and
 * classes into `var`s, which optimized code must load and check at every use (and a class it
 * cannot construct inline); a function's constants stay constants, folded into the code.
 */
function plainScan() {
  function analyzePlain(command: string): ShellAnalysis | undefined {
    // Read as bytes (ascii-bytes.ts); a character outside ASCII is the general parser's anyway, and
    // so is a text too long for the shared buffer (a command of over 16 KiB). Read from the shared
    // buffer itself, a constant here, the bytes cost less than from whichever array a call returns.
    const length = command.length;
    if (length > SHARED_LENGTH || asciiBytes(command) === undefined) return undefined;
    const text = SHARED;
    // The table in a local: read for every character, a binding of the enclosing scope cost a
    // load more each time.
    const kinds = KINDS;
    // The scan writes each word's start and end (and a glob flag) to a scratch list, and where
    // each command's words end to another; the segments are made once it is done, in an array of
    // their exact number, and each argv at its exact size.
    let words = 0;
    let commands = 0;
    // The first word of the command being read, and where the word before ends.
    let first = 0;
    let end = 0;
    // After `&&`, `||` or `|` another command must follow.
    let pending = false;
    // Every command so far written plainly (plainly-written.ts): its name without a path or a
    // glob, and one space between its words.
    let plainly = true;
    let pos = 0;
    while (pos < length) {
      const code = text[pos]!;
      const kind = kinds[code]!;
      if (kind === BLANK) {
        pos += 1;
      } else if ((kind & WORD) !== 0) {
        // The word's characters' marks, gathered as it is read: a glob, and (in a command's name)
        // an assignment or a path.
        let marks = kind;
        let after = pos + 1;
        for (; after < length; after += 1) {
          const next = kinds[text[after]!]!;
          if ((next & WORD) === 0) break;
          marks |= next;
        }
        if (words === MAX_SCRATCH_WORDS) return undefined;
        if (words === first) {
          // A reserved word or an assignment changes what the next words are: the general parser's.
          if ((marks & EQUALS_MARK) !== 0 || keywordKindAt(command, pos, after) !== undefined)
            return undefined;
          if ((marks & (GLOB_MARK | SLASH_MARK)) !== 0) plainly = false;
        } else if (pos - end !== 1 || text[end] !== SPACE) plainly = false;
        scratch[words] = (pos << 16) | (after << 1) | ((marks & GLOB_MARK) !== 0 ? 1 : 0);
        words += 1;
        end = after;
        // The single space after a word is skipped here: a turn of the loop for it cost more.
        pos = after < length && text[after] === SPACE ? after + 1 : after;
        pending = false;
      } else if (kind === OPERATOR) {
        if (words === first) return undefined;
        // (Past the end the shared bytes hold an older text's: none is read there.)
        const next = pos + 1 < length ? text[pos + 1]! : 0;
        if (code === AMPERSAND) {
          // A single `&` (a background job, `&>`) is the general parser's.
          if (next !== AMPERSAND) return undefined;
          pos += 2;
          pending = true;
        } else if (code === PIPE) {
          if (next === AMPERSAND) return undefined;
          pos += next === PIPE ? 2 : 1;
          pending = true;
        } else {
          // `;;` and `;&` belong to `case`.
          if (next === SEMICOLON || next === AMPERSAND) return undefined;
          pos += 1;
          pending = false;
        }
        ends[commands] = words;
        commands += 1;
        first = words;
      } else return undefined;
    }
    if (pending) return undefined;
    if (words > first) {
      ends[commands] = words;
      commands += 1;
    }
    const segments = new Array<ShellSegment>(commands);
    let from = 0;
    for (let index = 0; index < commands; index += 1) {
      const to = ends[index]!;
      segments[index] = segmentOf(command, from, to);
      from = to;
    }
    return {
      segments,
      redirections: NONE,
      substitution: false,
      expansion: false,
      background: false,
      plainlyWritten: plainly && commands > 0,
    };
  }

  /** Words a command line may have in the scratch list; a command line with more is the general parser's. */
  const MAX_SCRATCH_WORDS = 4096;
  /** The shared buffer, as a constant of this scope: its bytes are then read without looking it up. */
  const SHARED = sharedBytes;
  const SHARED_LENGTH = SHARED_BYTES;

  /**
   * Each word of the command line as one number: its start in the high 16 bits, its end shifted
   * left by one in the low 16, and its glob flag below that (a shared text is at most 16 KiB long).
   */
  const scratch = new Int32Array(MAX_SCRATCH_WORDS);
  if (SHARED_LENGTH > 0x7fff) throw new Error("a word's start and end must fit in 16 bits each");
  /** How many words there are up to the end of each command of the command line. */
  const ends = new Int32Array(MAX_SCRATCH_WORDS);

  /**
   * The segment of the words `from` to `to` in the scratch list, its text running from the
   * first to the last.
   */
  function segmentOf(command: string, from: number, to: number): ShellSegment {
    const count = to - from;
    const argv = new Array<string>(count);
    let globs: boolean[] | undefined;
    for (let index = 0; index < count; index += 1) {
      const word = scratch[from + index]!;
      argv[index] = wordAt(command, word >>> 16, (word & 0xffff) >> 1);
      if ((word & 1) !== 0) {
        globs ??= new Array<boolean>(count).fill(false);
        globs[index] = true;
      }
    }
    return new PlainSegment(argv, command, scratch[from]! >>> 16, (scratch[to - 1]! & 0xffff) >> 1, globs);
  }

  /**
   * A simple command of a plain list. Its words are its argv, none of them dynamic, so they are made
   * only when asked for: most readers of a plain command (risk, shield, rules) read its argv, and a
   * word object per word was a large part of the fast path's cost. Its text is sliced out of the
   * command when first asked for too: rules compare a simply written command's words, not its text.
   */
  class PlainSegment implements ShellSegment {
    readonly argv: readonly string[];
    readonly assignments: readonly string[] = NONE;
    readonly #command: string;
    readonly #start: number;
    readonly #end: number;
    #text: string | undefined;
    readonly #globs: readonly boolean[] | undefined;
    #words: readonly ShellWord[] | undefined;

    constructor(
      argv: readonly string[],
      command: string,
      start: number,
      end: number,
      globs: readonly boolean[] | undefined,
    ) {
      this.argv = argv;
      this.#command = command;
      this.#start = start;
      this.#end = end;
      this.#globs = globs;
    }

    get text(): string {
      this.#text ??= this.#command.slice(this.#start, this.#end);
      return this.#text;
    }

    get words(): readonly ShellWord[] {
      this.#words ??= this.argv.map((raw, index) => ({
        raw,
        dynamic: false,
        glob: this.#globs?.[index] === true,
      }));
      return this.#words;
    }
  }

  /** What a segment without assignments and an analysis without redirections share: nobody may change one. */
  const NONE: readonly never[] = Object.freeze([]);

  const AMPERSAND = 38;
  const SPACE = 32;
  const SEMICOLON = 59;
  const PIPE = 124;

  // How the fast path treats a character: a kind, or for a word's characters a set of marks. Any
  // character not listed below (0) sends the command to the general parser.

  /** Any character of a word: ordinary in every position but at the start of a command. */
  const WORD = 1;
  /** `*`, `?`, `[`: the word may expand to file names. */
  const GLOB_MARK = 2;
  /** `=`: in a command's name, an assignment. */
  const EQUALS_MARK = 4;
  /** `/`: in a command's name, a path. */
  const SLASH_MARK = 8;
  const BLANK = 16;
  /** `&`, `|`, `;`. */
  const OPERATOR = 32;
  /** An entry for every byte value, though only ASCII is read (0 above it, like any other character). */
  const KINDS = new Uint8Array(256);
  for (const [chars, kind] of [
    ['abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789%+,-.:@]^_~', WORD],
    ['*?[', WORD | GLOB_MARK],
    ['=', WORD | EQUALS_MARK],
    ['/', WORD | SLASH_MARK],
    [' \t', BLANK],
    ['&|;', OPERATOR],
  ] as const) {
    for (const char of chars) KINDS[char.charCodeAt(0)] = kind;
  }

  return analyzePlain;
}
