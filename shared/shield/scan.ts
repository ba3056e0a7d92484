import type { ParsedCommand } from '../programs/index.ts';
import type { ShellAnalysis } from '../shell/index.ts';
import type { ToolFacts } from '../tools/catalog.ts';
import { secretFileAccess, type ToolCallLike } from './file-access.ts';
import { findSecrets, type SecretFinding } from './find-secrets.ts';
import { shellWordSecrets } from './shell-words.ts';

/** What the shield (DESIGN §5 step 2) found in one tool call. */
export interface ShieldScan {
  /** Credentials carried in the input itself. */
  findings: SecretFinding[];
  /** A secret file the call would read, as named in the call. */
  secretFile: string | null;
}

/**
 * A command too long to examine whole (past `limits.examinedCommands` or
 * `limits.examinedWords`) with no secret file found in what was examined adds the finding
 * `unexamined_command`, so that nothing past the budget runs unseen.
 *
 * Never throws: a call too malformed to read comes back as touching a secret (fail closed).
 * `tool` is the call's tool facts when the caller has them already (the engine works them out
 * once per call); the shield reads only whether the tool is known and its command field, which
 * a declared capability does not change. `shell` is the analysis of the call's command, when
 * the caller has made it; otherwise the shield analyses the command itself. `programs` is the
 * catalog's parse of each of its segments (CallFacts.programs), read instead of parsing again.
 */
export function shieldScan(
  call: ToolCallLike,
  tool?: ToolFacts,
  shell?: ShellAnalysis,
  programs?: readonly ParsedCommand[],
): ShieldScan {
  // `?.`: callers validate calls first, but the shield must not be the step that crashes.
  const findings = findSecrets(call?.input);
  // The command as bash will pass its words: a token split by quoting is whole there.
  const field = tool?.commandField ?? (call?.tool === 'Bash' ? 'command' : undefined);
  const command = field === undefined ? undefined : call?.input?.[field];
  if (typeof command === 'string') {
    const hidden = shellWordSecrets(command, shell);
    if (hidden.length > 0 && !findings.some((finding) => finding.path === field))
      findings.push({ kind: hidden[0]!.kind, path: field! });
  }
  const access = secretFileAccess(call, tool, shell, programs);
  if (access !== null && 'unexamined' in access) {
    // Not a secret seen but one that could not be ruled out: the call asks, like for a secret.
    return {
      findings: [...findings, { kind: 'unexamined_command', path: access.unexamined }],
      secretFile: null,
    };
  }
  return { findings, secretFile: access?.path ?? null };
}
