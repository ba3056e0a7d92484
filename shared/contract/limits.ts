/**
 * Every bound the relay enforces, in one place, so the docs, the schemas and the tests agree.
 * Sizes are in characters of JSON text unless they say otherwise.
 */
export const limits = {
  /** Request bodies (DESIGN §3). */
  bodyBytes: 1024 * 1024,
  /** Identifiers: session, tool call, interaction, token ids. */
  idLength: 128,
  toolNameLength: 200,
  /** A tool call's `input`, serialized. */
  inputChars: 256 * 1024,
  /** Nesting of a tool call's `input`. */
  inputDepth: 32,
  cwdLength: 4096,
  titleLength: 200,
  labelLength: 100,
  descriptionLength: 500,
  commentLength: 2000,
  /** The user's request shown beside a question (UserPromptSubmit). */
  promptLength: 2000,
  reasonLength: 1000,
  /** One permission rule, e.g. `Bash(npm run test:*)`. */
  ruleLength: 1000,
  /** Rules one answer may save at once (one per part of a compound command). */
  grantRules: 8,
  /** Rule choices offered with one question. */
  ruleSuggestions: 8,
  /** Rules in one plan (per behavior list or native `rules`). */
  rules: 500,
  /** Per-tool overrides in one plan. */
  toolOverrides: 500,
  declaredModes: 20,
  riskCategories: 16,
  /** Queued interactions behind the active one, per session. */
  queueLength: 50,
  /** `wait` on a tool call, seconds. */
  waitSeconds: 300,
  timeoutSecondsMin: 10,
  timeoutSecondsMax: 86_400,
  timeoutSecondsDefault: 600,
  /**
   * How much of one call's command the shield and the risk rater each examine: simple commands
   * (nested ones, and those run by wrappers and `find -exec`, included) and their words. Real
   * commands stay far below; past it the rest is not looked at, so the call is not let through
   * on what was: the shield asks (`unexamined_command`) and the rater rates it at least high.
   */
  examinedCommands: 500,
  examinedWords: 5000,
  /** Display copies: longest string kept before truncation, deepest nesting, total size. */
  displayStringChars: 2000,
  displayDepth: 8,
  displayChars: 32 * 1024,
  displayKeys: 200,
} as const;
