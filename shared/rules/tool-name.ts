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
 * Which tool names a rule's tool part covers: a list of exact names, or every tool of an MCP
 * server (`server` itself and any `server__…`). Kept as data so the rule index can file rules.
 */
export type ToolCoverage =
  | { readonly tools: readonly string[]; readonly mcpServer?: undefined }
  | { readonly mcpServer: string; readonly tools?: undefined };

/**
 * Names are case-sensitive. `mcp__server` and `mcp__server__*` cover every tool of that server;
 * file rules cover their family (file-tools.ts); anything else covers exactly its own name.
 */
export function toolCoverage(ruleTool: string, behavior: RuleBehavior): ToolCoverage {
  const server = mcpServerOf(ruleTool);
  if (server !== undefined) return { mcpServer: server };
  const family = fileToolsFor(ruleTool, behavior !== 'allow');
  return { tools: family === undefined ? [ruleTool] : Object.keys(family) };
}

export function compileToolCoverage(ruleTool: string, behavior: RuleBehavior): (tool: string) => boolean {
  const coverage = toolCoverage(ruleTool, behavior);
  const server = coverage.mcpServer;
  if (server !== undefined) return (tool) => tool === server || tool.startsWith(`${server}__`);
  const [only, ...others] = coverage.tools;
  if (others.length === 0) return (tool) => tool === only;
  const names = new Set(coverage.tools);
  return (tool) => names.has(tool);
}

const NO_SERVERS: readonly string[] = Object.freeze([]);

/**
 * Every MCP server a tool name could belong to: each prefix that ends right before a `__`.
 * `mcp__a__b__c` → `mcp__a`, `mcp__a__b`; the name itself is covered by exact-name lookup
 * plus `server === tool`, so it is listed too.
 */
export function serversOf(tool: string): readonly string[] {
  if (!tool.startsWith(MCP_PREFIX)) return NO_SERVERS;
  const servers = [tool];
  for (let at = tool.indexOf('__', MCP_PREFIX.length); at !== -1; at = tool.indexOf('__', at + 1)) {
    servers.push(tool.slice(0, at));
  }
  return servers;
}
