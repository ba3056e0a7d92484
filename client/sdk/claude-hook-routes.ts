// The table of Claude Code's hook routes, without the answers' schemas: what `gatehouse hook`
// needs to start without loading zod (docs/agents.md, "The command hook starts fast").

/**
 * Claude Code's hook events the relay answers, one row each: the event's name in Claude Code,
 * the relay's route under `/api/v1/hooks/claude/`, whether
 * `gatehouse init claude` puts it in the settings, and whether the relay may hold it for a human.
 * A new route is one row here (and its answer's schema in claude-hooks.ts).
 */
export const claudeHookRoutes = [
  {
    event: 'PreToolUse',
    route: 'pre-tool-use',
    install: true,
    waits: true,
    matcher: '*',
  },
  // Answered for settings written by hand, never installed: PreToolUse already sees every call,
  // and an entry here too would put the same question to the approver twice whenever PreToolUse
  // hands a call back as `ask`.
  {
    event: 'PermissionRequest',
    route: 'permission-request',
    install: false,
    waits: true,
    matcher: '*',
  },
  // What ran: one route for a call that ran and one that failed (`TOOL_CALL_RESULT`, ok or error).
  {
    event: 'PostToolUse',
    route: 'post-tool-use',
    install: true,
    waits: false,
    matcher: '*',
  },
  {
    event: 'PostToolUseFailure',
    route: 'post-tool-use',
    install: true,
    waits: false,
    matcher: '*',
  },
  // Why it asks: the user's request, carried by every question that follows it.
  {
    event: 'UserPromptSubmit',
    route: 'user-prompt-submit',
    install: true,
    waits: false,
  },
  // Claude Code's session is over: its open questions are withdrawn, nobody waits on them.
  { event: 'SessionEnd', route: 'session-end', install: true, waits: false },
] as const satisfies readonly ClaudeHookRouteRow[];

export interface ClaudeHookRouteRow {
  /** `hook_event_name` and the key under `hooks` in settings.json. */
  event: string;
  /** `POST /api/v1/hooks/claude/<route>`. */
  route: string;
  /** Written by `gatehouse init claude`. */
  install: boolean;
  /**
   * The relay may hold the answer for a human (up to its wait), so Claude Code's `timeout` must be
   * above that wait; the others decide nothing and answer at once, so a short one is right.
   */
  waits: boolean;
  /** The settings group's `matcher`, for events that take one (tool events). */
  matcher?: string;
}

type ClaudeHookRoutes = (typeof claudeHookRoutes)[number];
export type ClaudeHookRoute = ClaudeHookRoutes['route'];

/** The row for a `hook_event_name`, or undefined for an event the relay has no route for. */
export const claudeHookRouteNamed = (event: string): ClaudeHookRoutes | undefined =>
  claudeHookRoutes.find((row) => row.event === event);
