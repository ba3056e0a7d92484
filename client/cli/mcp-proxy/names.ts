import { randomBytes } from 'node:crypto';
import { limits } from '../../../shared/contract/index.ts';

/**
 * A server's name as it appears in tool names: letters, digits, `_` and `-`, everything else
 * `_`, as Claude Code and Codex spell `mcp__<server>__<tool>`. A run of `_` becomes one, so the
 * name holds no `__`: otherwise `a__b`'s tools would read as server `a`'s, and rules for `mcp__a`
 * would cover them.
 */
export function serverSlug(name: string): string {
  return name
    .replace(/[^A-Za-z0-9_-]/g, '_')
    .replace(/_{2,}/g, '_')
    .slice(0, 64);
}

/**
 * The tool name the relay decides. The MCP tool's own name is kept exactly, never rewritten:
 * two tools must not share a name (and so a rule) because a character was replaced; a name the
 * relay does not accept is refused, not forwarded.
 */
export function gatedToolName(server: string, tool: string): string {
  return `mcp__${server}__${tool}`;
}

/** One relay session per gateway process: `mcp-<server>-<random>`. */
export function generatedSessionId(server: string): string {
  // serverSlug bounds the name to 64 characters, so the id stays within limits.idLength.
  return `mcp-${server}-${randomBytes(6).toString('hex')}`;
}

/** The session's title: the name as the user or the server wrote it, within the relay's bound. */
export function sessionTitle(name: string): string {
  return name.slice(0, limits.titleLength);
}
