import { stringField, type ToolFacts, toolFacts } from '../tools/catalog.ts';
import { secretFileAccess, type ToolCallLike } from './file-access.ts';
import { findSecrets, type SecretFinding } from './find-secrets.ts';
import { plainLook } from './plain-input.ts';
import { type HintedText, textHints } from './text-hints.ts';

/** What the shield (DESIGN §5 step 2) found in one tool call. */
export interface ShieldScan {
  /** Credentials carried in the input itself. */
  findings: SecretFinding[];
  /** A secret file the call would read, as named in the call. */
  secretFile: string | null;
}

/**
 * The call's shell command with its hints (text-hints.ts): both halves of the shield read the
 * command, the longest text of most calls, and one pass over it serves them both.
 */
function hintedCommand(call: ToolCallLike, tool: ToolFacts): HintedText | undefined {
  const command = stringField(call.input, tool.commandField);
  return command === undefined ? undefined : { text: command, hints: textHints(command) };
}

/**
 * Never throws: a call too malformed to read comes back as touching a secret (fail closed).
 * `tool` is the call's tool facts when the caller has them already (the engine works them out
 * once per call); the shield reads only whether the tool is known and its command field, which
 * a declared capability does not change.
 */
export function shieldScan(call: ToolCallLike, tool?: ToolFacts): ShieldScan {
  let known: HintedText | undefined;
  let facts = tool;
  try {
    facts ??= toolFacts(call.tool);
    known = hintedCommand(call, facts);
  } catch {
    // Each half below reads the call on its own and answers for what it cannot read.
    known = undefined;
  }
  // `?.`: callers validate calls first, but the shield must not be the step that crashes.
  const input = call?.input;
  // Most inputs are a few plain fields (plain-input.ts): one look at them answers for both walks.
  const look = plainLook(input, call?.tool, known);
  const plain = look === true;
  // A call without a command hands the walk the string the look stopped at, already sieved.
  const secretsKnown = known ?? (plain ? undefined : look);
  return {
    findings: plain ? [] : findSecrets(input, secretsKnown),
    secretFile: secretFileAccess(call, known, facts, plain)?.path ?? null,
  };
}
