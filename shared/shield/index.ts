// The shield (DESIGN §5 step 2): credentials carried in a tool call, and secret files it reads.

export { ExaminationBudget } from './budget.ts';
export { type FileAccess, isPathKey, secretFileAccess, type ToolCallLike } from './file-access.ts';
export { findSecrets, type SecretFinding } from './find-secrets.ts';
export { SecretKind } from './kinds.ts';
export { maskSecrets } from './mask.ts';
export { matchSecrets, mergeSpans, type SecretSpan } from './match.ts';
export { type SecretPattern, secretPatterns } from './patterns.ts';
export { type ShieldScan, shieldScan } from './scan.ts';
export {
  globNamesSecretFile,
  isSecretPath,
  readsSecretDirectory,
  type SecretDirectoryEntry,
  type SecretPathEntry,
  secretDirectoryTable,
  secretPathTable,
} from './secret-paths.ts';
export { sensitiveKeyKind, sensitivePairName } from './sensitive-keys.ts';
export { examineShellCommand, type ShellFinding } from './shell-files.ts';
export { isPlaceholder } from './values.ts';
