import type { Classifier } from '../classifier/index.ts';
import type { Mode } from '../contract/index.ts';
import type { CompiledGrants } from '../grants/index.ts';

/** What the engine needs to know about the session besides the plan and the call. */
export interface DecisionContext {
  /** The engine mode in force (the session's selected mode, mapped). */
  mode: Mode;
  /** `approvalKey(call.tool, call.input)`, computed by the relay — never by the caller. */
  approvalKey?: string;
  /**
   * Grants as stored (exact calls and saved rules, with time boxes), compiled once by
   * `compileGrants(records, now)` from shared/grants: `allow_session` and `allow_always`.
   */
  grants?: { session: CompiledGrants; global: CompiledGrants };
  /** The relay's clock, epoch milliseconds: a time-boxed grant applies only while `now` is before its end. */
  now?: number;
  /** The agent's home directory, for `~/` path rules, when known. */
  home?: string;
  /** The reviewer for `auto` mode; the heuristic one when unset. */
  classifier?: Classifier;
  /** How long the classifier may take before the call is escalated to a human. */
  classifierTimeoutMs?: number;
}
