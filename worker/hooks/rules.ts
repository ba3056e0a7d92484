import type { ClaudePermissionRuleValue, ToolInput } from '../../shared/contract/index.ts';
import { limits } from '../../shared/contract/index.ts';

/**
 * Characters that would make a Claude Code `Bash(…)` rule match more than the one command the
 * approver saw: `*` is a wildcard (and `:*` a prefix), parentheses end the specifier, a
 * backslash escapes, control characters split lines.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const broadening = /[*()\\\u0000-\u001f\u007f]/;

/**
 * The Claude Code rule that allows exactly the approved call, or null when its rule syntax
 * cannot say "this call and nothing more". The relay's own grant is keyed on the tool and the
 * whole input; Claude Code's rules are coarser (a file rule allows any edit of that file, a
 * tool rule every call of the tool), so only an exact Bash command is handed back. Every other
 * session or always approval stays in the relay, which still allows the identical call.
 */
export function exactRule(tool: string, input: ToolInput): ClaudePermissionRuleValue | null {
  if (tool !== 'Bash') return null;
  const command = input.command;
  if (typeof command !== 'string') return null;
  const trimmed = command.trim();
  if (trimmed === '' || trimmed !== command || broadening.test(command)) return null;
  if (command.length + tool.length + 2 > limits.ruleLength) return null;
  return { toolName: tool, ruleContent: command };
}
