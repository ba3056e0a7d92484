import { fileToolsFor } from './file-tools.ts';
import type { RuleBehavior } from './types.ts';

const MCP_PREFIX = 'mcp__';

/** The MCP server a rule names as a whole (`mcp__github` or `mcp__github__*`), else undefined. */
export function mcpServerOf(ruleTool: string): string | undefined {
  if (!ruleTool.startsWith(MCP_PREFIX)) return undefined;
  if (ruleTool.endsWith('__*')) return ruleTool.slice(0, -3);
  return ruleTool.slice(MCP_PREFIX.length).includes('__') ? undefined : ruleTool;
}

/**
 * Which tool names a rule's tool part covers. Names are case-sensitive. `mcp__server` and
 * `mcp__server__*` cover every tool of that server; file rules cover their family (file-tools.ts);
 * anything else covers exactly its own name.
 */
export function compileToolCoverage(ruleTool: string, behavior: RuleBehavior): (tool: string) => boolean {
  const server = mcpServerOf(ruleTool);
  if (server !== undefined) return (tool) => tool === server || tool.startsWith(`${server}__`);
  const family = fileToolsFor(ruleTool, behavior !== 'allow');
  if (family !== undefined) return (tool) => Object.hasOwn(family, tool);
  return (tool) => tool === ruleTool;
}
