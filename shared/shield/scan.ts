import { secretFileAccess, type ToolCallLike } from './file-access.ts';
import { findSecrets, type SecretFinding } from './find-secrets.ts';

/** What the shield (DESIGN §5 step 2) found in one tool call. */
export interface ShieldScan {
  /** Credentials carried in the input itself. */
  findings: SecretFinding[];
  /** A secret file the call would read, as named in the call. */
  secretFile: string | null;
}

/** Never throws: a call too malformed to read comes back as touching a secret (fail closed). */
export function shieldScan(call: ToolCallLike): ShieldScan {
  // `?.`: callers validate calls first, but the shield must not be the step that crashes.
  return { findings: findSecrets(call?.input), secretFile: secretFileAccess(call)?.path ?? null };
}
