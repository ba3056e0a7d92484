import { limits } from '../contract/limits.ts';
import { RuleError } from './types.ts';

export interface ParsedRule {
  tool: string;
  /** Undefined for a tool-level rule: `Tool`, `Tool()` and `Tool(*)` all mean every call. */
  specifier: string | undefined;
}

const TOOL_NAME = /^[A-Za-z0-9_-]+$/;
const MCP_SERVER_WILDCARD = /^mcp__[A-Za-z0-9_-]+__\*$/;

/** Splits `Tool(specifier)` and validates its shape. Throws RuleError. */
export function parseRule(text: string): ParsedRule {
  if (text.length > limits.ruleLength) {
    throw new RuleError(text, `longer than ${limits.ruleLength} characters`);
  }
  const rule = text.trim();
  if (rule === '') throw new RuleError(text, 'the rule is empty');
  const open = rule.indexOf('(');
  const tool = (open === -1 ? rule : rule.slice(0, open)).trim();
  if (open === -1 && rule.includes(')')) throw new RuleError(text, 'unbalanced parentheses');
  if (open !== -1 && !rule.endsWith(')')) {
    throw new RuleError(
      text,
      rule.lastIndexOf(')') > open ? 'text after the closing parenthesis' : 'unbalanced parentheses',
    );
  }
  if (tool === '') throw new RuleError(text, 'the tool name is empty');
  if (tool.length > limits.toolNameLength) {
    throw new RuleError(text, `the tool name is longer than ${limits.toolNameLength} characters`);
  }
  if (!TOOL_NAME.test(tool) && !MCP_SERVER_WILDCARD.test(tool)) {
    throw new RuleError(
      text,
      `the tool name ${JSON.stringify(tool)} may only contain letters, digits, "_" and "-" (or be mcp__server__*)`,
    );
  }
  if (open === -1) return { tool, specifier: undefined };
  const specifier = rule.slice(open + 1, -1);
  if (!parenthesesBalance(specifier)) throw new RuleError(text, 'unbalanced parentheses');
  // `\(` and `\)` only escape the rule syntax; the specifier itself means plain parentheses.
  const trimmed = specifier.trim().replace(/\\([()])/g, '$1');
  if (trimmed === '' || trimmed === '*') return { tool, specifier: undefined };
  if (MCP_SERVER_WILDCARD.test(tool)) {
    throw new RuleError(text, 'a server-wide MCP rule (mcp__server__*) takes no specifier');
  }
  return { tool, specifier: trimmed };
}

/** Unescaped parentheses inside the specifier must pair up; `\(` and `\)` are literal. */
function parenthesesBalance(specifier: string): boolean {
  let depth = 0;
  for (let index = 0; index < specifier.length; index += 1) {
    const c = specifier[index];
    if (c === '\\') index += 1;
    else if (c === '(') depth += 1;
    else if (c === ')') {
      depth -= 1;
      if (depth < 0) return false;
    }
  }
  return depth === 0;
}
