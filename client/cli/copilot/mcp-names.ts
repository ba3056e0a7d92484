import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How Copilot CLI names an MCP tool to its hooks (seen with Copilot CLI 1.0.102 and a local stdio
 * server, test/peers/copilot-mcp.test.ts): preToolUse says `<server>-<tool>` (the name its model
 * calls), permissionRequest `<server>/<tool>`; the arguments are the MCP call's own. Copilot's own
 * tools have no `-` or `/` in their names. A `/` splits cleanly; a `-` may be in the server's name
 * too, so preToolUse's name is split after the longest server name Copilot's MCP config lists
 * (`$COPILOT_HOME/mcp-config.json`), else at the first `-` (a server added only on the command
 * line with a `-` in its name is then misread: its preToolUse is asked under that name, and its
 * permissionRequest under the right one).
 */
export interface McpToolName {
  server: string;
  tool: string;
}

/** The server names in Copilot's MCP config (`{mcpServers: {name: …}}`); none when unreadable. */
export function configuredMcpServers(copilotHome: string): string[] {
  try {
    const config = JSON.parse(readFileSync(join(copilotHome, 'mcp-config.json'), 'utf8')) as {
      mcpServers?: unknown;
    };
    return config.mcpServers && typeof config.mcpServers === 'object' ? Object.keys(config.mcpServers) : [];
  } catch {
    return [];
  }
}

/** The server and tool of an MCP tool as a Copilot hook names it; undefined for Copilot's own tools. */
export function copilotMcpTool(name: string, servers: readonly string[]): McpToolName | undefined {
  const slash = name.indexOf('/');
  if (slash > 0 && slash < name.length - 1)
    return { server: name.slice(0, slash), tool: name.slice(slash + 1) };
  const known = [...servers]
    .sort((a, b) => b.length - a.length)
    .find((server) => name.startsWith(`${server}-`) && name.length > server.length + 1);
  if (known) return { server: known, tool: name.slice(known.length + 1) };
  const dash = name.indexOf('-');
  if (dash > 0 && dash < name.length - 1) return { server: name.slice(0, dash), tool: name.slice(dash + 1) };
  return undefined;
}
