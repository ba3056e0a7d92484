import type { Capability, Mode, NativePermissions } from '../../../shared/contract/index.ts';

/**
 * One hostile call: something an agent whose model works against the user could send, which
 * must never be allowed unseen. Each class of attack keeps its rows in a file of its own beside
 * this one (`readonly.ts`, `shield.ts`, `rules.ts`, `risk.ts`, …); the engine test runs every row
 * through `decide` in default and plan mode, and the worker test through the HTTP routes and the
 * Claude Code hook.
 */
export interface HostileRow {
  /** What the row tries, in a few words: shown as the test's name. */
  name: string;
  tool: string;
  input: Record<string, unknown>;
  cwd?: string;
  /**
   * What the engine must answer in every mode listed in `modes`: `not_allow` (ask or deny), or
   * exactly `ask` / `deny`.
   */
  expect: 'not_allow' | 'ask' | 'deny';
  /** Modes to try; default mode and plan mode when unset. */
  modes?: readonly Mode[];
  /** Permission rules the row needs (Claude Code syntax), e.g. `{ deny: ['Bash(git push:*)'] }`. */
  rules?: { allow?: string[]; ask?: string[]; deny?: string[] };
  /** The capability the agent says the tool has (the call's `capability` label). */
  capability?: Capability;
  /** Native workspace settings the row needs beside its rules, e.g. `{ toolCapabilities: {…} }`. */
  workspace?: Omit<NativePermissions, 'rules'>;
}
