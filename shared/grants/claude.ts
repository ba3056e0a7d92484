import { z } from 'zod';
import { limits } from '../contract/limits.ts';

/**
 * Claude Code's `permission_suggestions` (PermissionRequest hook input): entries such as
 * `{type: 'addRules', rules: [{toolName: 'Bash', ruleContent: 'npm install:*'}], behavior: 'allow',
 * destination: 'localSettings'}`. Only allow rules become candidates; `setMode`,
 * `addDirectories`, deny and ask rules are not grants. Read leniently: an entry of another shape
 * is skipped, never an error.
 */
const AddRules = z.object({
  type: z.literal('addRules'),
  behavior: z.literal('allow'),
  rules: z
    .array(
      z.object({
        toolName: z.string().min(1).max(limits.toolNameLength),
        ruleContent: z.string().max(limits.ruleLength).optional(),
      }),
    )
    .max(100),
});

/**
 * Candidate rule strings from Claude Code's suggestions, in its order, without repeats. They are
 * the agent's words: check them with `checkGrantRule` against the call before offering them.
 */
export function fromClaudeSuggestions(suggestions: unknown): string[] {
  if (!Array.isArray(suggestions)) return [];
  const rules: string[] = [];
  for (const entry of suggestions.slice(0, 100)) {
    const parsed = AddRules.safeParse(entry);
    if (!parsed.success) continue;
    for (const { toolName, ruleContent } of parsed.data.rules) {
      const rule = ruleContent === undefined || ruleContent === '' ? toolName : `${toolName}(${ruleContent})`;
      if (rule.length <= limits.ruleLength && !rules.includes(rule)) rules.push(rule);
    }
  }
  return rules;
}
