import { compileArgumentMatcher } from './argument.ts';
import { compileBashMatcher } from './bash.ts';
import { compileCommandPattern } from './bash-pattern.ts';
import { fileToolsFor } from './file-tools.ts';
import { parseRule } from './parse.ts';
import { compilePathMatcher } from './path-matcher.ts';
import { compileToolCoverage, mcpServerOf, toolCoverage } from './tool-name.ts';
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
  const compiled = specifier === undefined ? undefined : compileSpecifier(text, tool, specifier, behavior);
  const matchInput = compiled?.match;
  const failClosed = behavior !== 'allow';
  const rule: CompiledRule = {
    text,
    tool,
    behavior,
    coverage: toolCoverage(tool, behavior),
    matches(target: RuleTarget): boolean {
      if (!covers(target.tool)) return false;
      if (matchInput === undefined) return true;
      const input = target.input;
      try {
        return matchInput(typeof input === 'object' && input !== null ? target : { ...target, input: {} });
      } catch {
        // A matcher that trips over a strange input must not turn a deny into "no match".
        return failClosed;
      }
    },
  };
  if (compiled?.commandName !== undefined) rule.commandName = compiled.commandName;
  return rule;
}

/** Compiles a list of rules with one behavior; throws the first RuleError. */
export function compileRules(texts: readonly string[], behavior: RuleBehavior): CompiledRule[] {
  return texts.map((text) => compileRule(text, behavior));
}

interface CompiledSpecifier {
  match: InputMatcher;
  commandName?: string;
}

function compileSpecifier(
  rule: string,
  tool: string,
  specifier: string,
  behavior: RuleBehavior,
): CompiledSpecifier {
  if (tool === 'Bash') {
    const pattern = compileCommandPattern(rule, specifier);
    const [commandName] = pattern.leadingWords;
    const match = compileBashMatcher(pattern, behavior);
    return commandName === undefined || commandName === '' ? { match } : { match, commandName };
  }
  if (tool === 'WebFetch') return { match: compileWebFetchMatcher(rule, specifier, behavior) };
  const fileTools = fileToolsFor(tool, behavior !== 'allow');
  if (fileTools !== undefined) return { match: compilePathMatcher(rule, specifier, behavior, fileTools) };
  if (mcpServerOf(tool) !== undefined) {
    throw new RuleError(rule, 'a server-wide MCP rule (mcp__server) takes no specifier');
  }
  return { match: compileArgumentMatcher(tool, specifier, behavior) };
}
