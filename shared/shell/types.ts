/** One word of a simple command's argv, with what the parser knows about how the shell will treat it. */
export interface ShellWord {
  /** The word as written in the source, quotes included. */
  readonly raw: string;
  /**
   * Where the word is in the analysed command, as half-open character offsets:
   * `command.slice(start, end) === raw` (inside a backtick body that held an escape, the span is
   * the escaped original and `raw` the unescaped text the inner shell reads).
   */
  readonly start: number;
  readonly end: number;
  /**
   * True when the word's runtime value is not its literal text: it contains a parameter,
   * arithmetic, command or process substitution, or a brace expansion (`{a,b}`, `{1..3}`).
   */
  readonly dynamic: boolean;
  /** True when the word has an unquoted `*`, `?` or `[`, so the shell may expand it to file names. */
  readonly glob: boolean;
}

export interface ShellSegment {
  /** Words after quote removal; leading `NAME=value` words are moved to `assignments`. */
  readonly argv: readonly string[];
  readonly assignments: readonly string[];
  /** The raw source text of this simple command, trimmed. */
  readonly text: string;
  /**
   * Where `text` is in the analysed command, as half-open character offsets:
   * `command.slice(start, end) === text` (with the same backtick exception as `ShellWord`).
   */
  readonly start: number;
  readonly end: number;
  /** Parallel to `argv`. Always filled by `analyzeShell`; consumers treat a missing entry as dynamic. */
  readonly words?: readonly ShellWord[];
  /**
   * The assignments, then each word as written (quotes kept), one space apart: what an allow rule
   * compares (shared/rules/bash-render.ts). Made once by the parser, since every allow rule of a
   * call reads it for every simple command; absent when `words` does not match `argv`.
   */
  readonly written?: string;
}

export interface ShellRedirection {
  /**
   * The operator as written, with its file-descriptor number (`>`, `2>>`, `&>`, `<<<`, `<<`, `<<-`).
   * Descriptor duplications are listed without the number: `2>&1` is `{ op: '>&', target: '1' }`.
   */
  readonly op: string;
  /** The target word after quote removal; for a heredoc, its delimiter. */
  readonly target: string;
}

export interface ShellAnalysis {
  /**
   * Every simple command: split on `&&` `||` `;` `|` `|&` `&` and newlines, including the commands
   * inside `$(…)`, backticks, `<(…)`, `>(…)`, `( … )` subshells, `{ …; }` groups, `if`/`while`
   * bodies and unquoted heredoc bodies.
   */
  readonly segments: readonly ShellSegment[];
  readonly redirections: readonly ShellRedirection[];
  /** Any `$(…)`, backticks, `<(…)` or `>(…)`. */
  readonly substitution: boolean;
  /** Any `$VAR`, `${…}`, `$((…))` or brace expansion outside single quotes. Tilde is not counted. */
  readonly expansion: boolean;
  /** A trailing or separating single `&`. */
  readonly background: boolean;
  /** Set when the command could not be parsed with confidence; callers then fail closed. */
  readonly error?: string;
}
