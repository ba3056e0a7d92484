/** One word of a simple command's argv, with what the parser knows about how the shell will treat it. */
export interface ShellWord {
  /** The word as written in the source, quotes included. */
  raw: string;
  /**
   * True when the word's runtime value is not its literal text: it contains a parameter,
   * arithmetic, command or process substitution, or a brace expansion (`{a,b}`, `{1..3}`).
   */
  dynamic: boolean;
  /** True when the word has an unquoted `*`, `?` or `[`, so the shell may expand it to file names. */
  glob: boolean;
}

export interface ShellSegment {
  /** Words after quote removal; leading `NAME=value` words are moved to `assignments`. */
  argv: string[];
  assignments: string[];
  /** The raw source text of this simple command, trimmed. */
  text: string;
  /** Parallel to `argv`. Always filled by `analyzeShell`; consumers treat a missing entry as dynamic. */
  words?: ShellWord[];
}

export interface ShellRedirection {
  /**
   * The operator as written, with its file-descriptor number (`>`, `2>>`, `&>`, `<<<`, `<<`, `<<-`).
   * Descriptor duplications are listed without the number: `2>&1` is `{ op: '>&', target: '1' }`.
   */
  op: string;
  /** The target word after quote removal; for a heredoc, its delimiter. */
  target: string;
}

export interface ShellAnalysis {
  /**
   * Every simple command: split on `&&` `||` `;` `|` `|&` `&` and newlines, including the commands
   * inside `$(…)`, backticks, `<(…)`, `>(…)`, `( … )` subshells, `{ …; }` groups, `if`/`while`
   * bodies and unquoted heredoc bodies.
   */
  segments: ShellSegment[];
  redirections: ShellRedirection[];
  /** Any `$(…)`, backticks, `<(…)` or `>(…)`. */
  substitution: boolean;
  /** Any `$VAR`, `${…}`, `$((…))` or brace expansion outside single quotes. Tilde is not counted. */
  expansion: boolean;
  /** A trailing or separating single `&`. */
  background: boolean;
  /** Set when the command could not be parsed with confidence; callers then fail closed. */
  error?: string;
}
