import { compileArgumentMatcher } from './argument.ts';
import { compileBashMatcher } from './bash.ts';
import { fileToolsFor } from './file-tools.ts';
import { parseRule } from './parse.ts';
import { compilePathMatcher } from './path-matcher.ts';
import { compileToolCoverage, mcpServerOf } from './tool-name.ts';
import {
  type CompiledRule,
  type InputMatcher,
  type RuleBehavior,
  RuleError,
  type RuleTarget,
} from './types.ts';
import { compileWebFetchMatcher } from './web-fetch.ts';

/**
 * Compiles one permission rule in Claude Code's syntax (`Tool`, `Tool(specifier)`) into a matcher.
 * The text is parsed here, once; `matches` never parses it again. Throws RuleError.
 */
export function compileRule(text: string, behavior: RuleBehavior): CompiledRule {
  const { tool, specifier } = parseRule(text);
  const covers = compileToolCoverage(tool, behavior);
  const matchInput = specifier === undefined ? undefined : compileSpecifier(text, tool, specifier, behavior);
  const failClosed = behavior !== 'allow';
  return {
    text,
    tool,
    behavior,
    matches(target: RuleTarget): boolean {
      if (!covers(target.tool)) return false;
      if (matchInput === undefined) return true;
      const input = typeof target.input === 'object' && target.input !== null ? target.input : {};
      try {
        return matchInput({ ...target, input });
      } catch {
        // A matcher that trips over a strange input must not turn a deny into "no match".
        return failClosed;
      }
    },
  };
}

/** Compiles a list of rules with one behavior; throws the first RuleError. */
export function compileRules(texts: readonly string[], behavior: RuleBehavior): CompiledRule[] {
  return texts.map((text) => compileRule(text, behavior));
}

function compileSpecifier(
  rule: string,
  tool: string,
  specifier: string,
  behavior: RuleBehavior,
): InputMatcher {
  if (tool === 'Bash') return compileBashMatcher(rule, specifier, behavior);
  if (tool === 'WebFetch') return compileWebFetchMatcher(rule, specifier, behavior);
  const fileTools = fileToolsFor(tool, behavior !== 'allow');
  if (fileTools !== undefined) return compilePathMatcher(rule, specifier, behavior, fileTools);
  if (mcpServerOf(tool) !== undefined) {
    throw new RuleError(rule, 'a server-wide MCP rule (mcp__server) takes no specifier');
  }
  return compileArgumentMatcher(tool, specifier, behavior);
}
