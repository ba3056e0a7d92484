import type { Behavior } from '../contract/decision.ts';
import type { PatchReading } from '../patch/index.ts';
import type { ShellAnalysis } from '../shell/index.ts';
import type { ToolCoverage } from './tool-name.ts';

/** The contract's behavior: what a matching rule decides. */
export type RuleBehavior = Behavior;

/** A tool call as the rules see it. `cwd` and `home` are absolute paths when known. */
export interface RuleTarget {
  tool: string;
  input: Record<string, unknown>;
  cwd?: string;
  home?: string;
  /**
   * For Bash, the analysis of `input.command`, made once per call by the engine and read by every
   * Bash rule; without it each rule analyses the command itself.
   */
  shell?: ShellAnalysis;
  /** For a patch tool (apply_patch), its patch as the engine read it; without it each rule reads it. */
  patch?: PatchReading | undefined;
}

export interface CompiledRule {
  /** The rule as written, e.g. `Bash(git push:*)`; used as `decision.matchedRule`. */
  text: string;
  /** The tool-name part of the rule. */
  tool: string;
  behavior: RuleBehavior;
  /** The tools the rule can match, for the rule index. Absent: the index checks it for every call. */
  coverage?: ToolCoverage;
  /**
   * Bash rules with a command pattern: the first word of every command text the pattern matches,
   * when it has one (`Bash(* --version)` has none). The rule index tries the rule only on calls
   * that may run a command of that name.
   */
  commandName?: string;
  /**
   * Allow rules match strictly (every part of the call must be covered); deny and ask rules
   * match generously (any part, and whenever the call cannot be understood).
   */
  matches(target: RuleTarget): boolean;
}

/** Matches one call's input once its tool is known to be covered by the rule. */
export type InputMatcher = (target: RuleTarget) => boolean;

const SHOWN_RULE_CHARS = 120;

/** A rule that cannot be compiled. The message names the rule and the reason. */
export class RuleError extends Error {
  override readonly name = 'RuleError';
  readonly rule: string;
  readonly reason: string;

  constructor(rule: string, reason: string) {
    const shown = rule.length > SHOWN_RULE_CHARS ? `${rule.slice(0, SHOWN_RULE_CHARS)}…` : rule;
    super(`Invalid permission rule ${JSON.stringify(shown)}: ${reason}`);
    this.rule = rule;
    this.reason = reason;
  }
}
