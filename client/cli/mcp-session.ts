/**
 * The session `gatehouse mcp` asks in: `--session` or `$GATEHOUSE_SESSION` when given; else the
 * Claude Code session that started it — Claude Code (2.1.154 on) names it to stdio MCP servers in
 * `$CLAUDE_CODE_SESSION_ID`, the id its hooks send, so the prompt tool's questions join the
 * session the hooks report to (docs/claude-code.md); else a new one.
 */
export function mcpSessionId(
  chosen: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  fresh: () => string,
): string {
  const claudeSession = env.CLAUDE_CODE_SESSION_ID?.trim();
  return chosen ?? (claudeSession ? claudeSession : fresh());
}
