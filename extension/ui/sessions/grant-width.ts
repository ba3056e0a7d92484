import type { RequestedAuthority } from '../../../shared/contract/index.ts';
import { parseRule } from '../../../shared/rules/parse.ts';
import { runsOtherCommands } from '../../../shared/wrappers/runners.ts';

/**
 * Whether granting what a session's agent asked for asks for a confirm click (DESIGN §5
 * "Layering"). A module of its own because it reads the catalog of programs that run other
 * commands: the popup loads it only when a grant is clicked (requested-line.tsx), which keeps
 * the popup within its size budget (test/e2e/extension-bundle.test.ts).
 */

/** A specifier made of nothing but wildcards and separators matches every call of its tool. */
const onlyWildcards = (text: string) => /^[\s*?:/.~\\-]*$/.test(text);

/**
 * Whether a Bash allow rule's specifier covers a whole program or more: a wildcard in the
 * program's name, a wildcard after a program that runs other commands (a shell, `env`, `sudo`,
 * `xargs`, …), or a prefix that is the program alone (`python3:*`, `git *`). An exact command
 * line is narrow, whatever its program.
 */
function wholeBashProgram(specifier: string): boolean {
  const star = specifier.search(/[*?]/);
  const literal = star === -1 ? specifier : specifier.slice(0, star);
  const words = literal.replace(/:$/, '').trim().split(/\s+/).filter(Boolean);
  // Without a wildcard the rule is one exact command line.
  if (star === -1) return false;
  const program = words[0];
  if (program === undefined || runsOtherCommands(program)) return true;
  // A wildcard after the program's name alone (`python3:*`, `git *`, `np*`): every use of it.
  return words.length === 1;
}

/** `WebFetch(domain:…)`: every domain, or every domain under a public suffix. */
function everyDomain(specifier: string): boolean {
  if (!specifier.startsWith('domain:')) return onlyWildcards(specifier);
  const domain = specifier.slice('domain:'.length).replace(/^\*\./, '');
  return domain.includes('*') || !domain.includes('.');
}

/**
 * Whether one left-out permission (as the relay words it: `allow rule Bash(npm test)`,
 * `tools.Bash: allow`, `capabilities.exec: allow`, `default: allow`) lets a whole tool or more
 * through. Anything not an allow rule that parses to something narrower counts as wide: an
 * unsure reading asks twice.
 */
export function coversWholeTool(permission: string): boolean {
  const prefix = 'allow rule ';
  if (!permission.startsWith(prefix)) return true;
  let rule: ReturnType<typeof parseRule>;
  try {
    rule = parseRule(permission.slice(prefix.length));
  } catch {
    return true;
  }
  if (rule.specifier === undefined || rule.tool.endsWith('*')) return true;
  if (onlyWildcards(rule.specifier)) return true;
  if (rule.tool === 'Bash') return wholeBashProgram(rule.specifier);
  if (rule.tool === 'WebFetch') return everyDomain(rule.specifier);
  return false;
}

/** Why granting asks for a confirm click, or null when it does not. */
export function grantConfirmReason(requested: RequestedAuthority): string | null {
  const fullAccess = requested.engineMode === 'bypass';
  const wide = (requested.permissions ?? []).filter(coversWholeTool);
  const reasons: string[] = [];
  if (fullAccess)
    reasons.push('Full Access runs every call of this session without review: nothing is asked.');
  if (wide.length > 0)
    reasons.push(
      `${wide.length === 1 ? 'This permission lets' : 'These permissions let'} a whole tool run without asking: ${wide.join(', ')}.`,
    );
  return reasons.length === 0 ? null : reasons.join(' ');
}
