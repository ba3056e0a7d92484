import { type ProtectedPath, protectedPath } from '../paths/protected.ts';
import type { ShellAnalysis } from '../shell/index.ts';
import type { CallFacts } from './facts.ts';

/**
 * Protected names a word may be without a `.`, `/`, `\` or `~` (every other row of the list
 * holds one of those): a word with none of them and not one of these is passed over unparsed, as
 * most words of a command are (`npm`, `run`, `build`).
 */
const BARE_NAMES =
  /^(?:config|head|packed-refs|commondir|gitdir|orig_head|fetch_head|jenkinsfile)[. ]*(?::.*)?$/i;
const mayBeProtected = (word: string) => /[./\\~]/.test(word) || BARE_NAMES.test(word);

/** A redirection that duplicates a descriptor (`2>&1`, `>&-`) writes no file. */
const duplicates = (op: string, target: string) => op.endsWith('>&') && /^(?:[0-9]+|-)$/.test(target);

/**
 * The protected file a command may write (DESIGN §5 protected paths): a redirection that writes
 * (`>`, `>>`, `>|`, `&>`, `<>`, `>&file`) to one, or any word of a command that is not a read
 * naming one (`tee .mcp.json`, `cp x ~/.gitconfig`, `sed -i … .husky/pre-commit`,
 * `--output=.git/config`, `of=…`). Every word is looked at, not only the operands the rater knows
 * to be outputs: a command that mentions a protected file and is not a read asks (fail closed).
 */
function protectedInCommand(shell: ShellAnalysis, cwd: string | undefined, home: string | undefined) {
  for (const { op, target } of shell.redirections) {
    if (!op.includes('>') || duplicates(op, target)) continue;
    const reached = protectedPath(target, cwd, home);
    if (reached !== undefined) return reached;
  }
  for (const segment of shell.segments) {
    for (const word of segment.argv.slice(1)) {
      const value = word.includes('=') ? word.slice(word.indexOf('=') + 1) : word;
      for (const candidate of value === word ? [word] : [word, value]) {
        if (candidate === '' || candidate.startsWith('-') || !mayBeProtected(candidate)) continue;
        const reached = protectedPath(candidate, cwd, home);
        if (reached !== undefined) return reached;
      }
    }
  }
  return undefined;
}

/**
 * The protected file an edit reaches, if any. A patch reaches every file it names; one whose files
 * cannot be read for sure could reach any, so it is treated as reaching a protected one. A Bash
 * command that is not a read is looked at as `protectedInCommand` says.
 */
export function protectedWriteOf(
  facts: CallFacts,
  cwd: string | undefined,
  home: string | undefined,
): ProtectedPath | undefined {
  if (facts.shell !== undefined) return facts.read ? undefined : protectedInCommand(facts.shell, cwd, home);
  if (!facts.tool.edits) return undefined;
  if (facts.tool.patchField === undefined) return protectedPath(facts.path, cwd, home);
  if (facts.edited === undefined) {
    const why = facts.patch?.ok === false ? facts.patch.reason : 'the call carries no patch';
    return { path: 'the patch', why: `its files cannot be known for sure (${why})` };
  }
  for (const path of facts.edited) {
    const reached = protectedPath(path, cwd, home);
    if (reached !== undefined) return reached;
  }
  return undefined;
}
