import { listed } from '../../../shared/grants/describe.ts';

/**
 * What a saved rule covers, said plainly before it is saved and in the grants list:
 * `Bash(npm install:*)` → "any command starting npm install". Read as Claude Code's
 * rule syntax; a rule this does not recognise is said as itself ("calls matching …"), never as
 * something narrower than it is.
 */

const RULE = /^([A-Za-z][A-Za-z0-9_-]*)(?:\((.*)\))?$/s;
const fileTools: Record<string, string> = {
  Edit: 'edits of',
  MultiEdit: 'edits of',
  Write: 'writes to',
  NotebookEdit: 'edits of',
  Read: 'reads of',
};

function pathWords(verb: string, specifier: string): string {
  const path = specifier.startsWith('/') && !specifier.startsWith('//') ? specifier.slice(1) : specifier;
  const under = /^(.+)\/\*\*$/.exec(path);
  if (under && !/[*?[\]{}]/.test(under[1]!)) return `${verb} any file under ${under[1]}/`;
  if (!/[*?[\]{}]/.test(path)) return `${verb} ${path} only`;
  return `${verb} files matching ${path}`;
}

function bashWords(specifier: string): string {
  const prefix = /^(.*?)(?::\*| \*)$/s.exec(specifier);
  if (prefix && !/[*]/.test(prefix[1]!)) return `any command starting ${prefix[1]}`;
  if (!specifier.includes('*')) return `exactly the command ${specifier}`;
  return `commands matching ${specifier}`;
}

/** One rule's reach in words. */
export function ruleCovers(rule: string): string {
  const parsed = RULE.exec(rule.trim());
  if (!parsed) return `calls matching ${rule}`;
  const [, tool, specifier] = parsed as unknown as [string, string, string | undefined];
  if (specifier === undefined || specifier === '' || specifier === '*') {
    const mcp = /^mcp__(.+?)__(.+)$/.exec(tool);
    return mcp ? `every call of ${mcp[1]} · ${mcp[2]}` : `every ${tool} call`;
  }
  if (tool === 'Bash') return bashWords(specifier);
  const verb = fileTools[tool];
  if (verb) return pathWords(verb, specifier);
  if (tool === 'WebFetch' && specifier.startsWith('domain:'))
    return `fetches from ${specifier.slice('domain:'.length)}`;
  return `calls matching ${rule}`;
}

/** Several rules saved together (a compound command's parts) cover each of their reaches. */
export function rulesCover(rules: readonly string[]): string {
  return listed(rules.map(ruleCovers));
}

/** The rules as they are saved, one after another: `Bash(npm install:*)`, `Bash(a) + Bash(b)`. */
export const rulesText = (rules: readonly string[]): string => rules.join(' + ');
