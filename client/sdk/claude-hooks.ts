import type { z } from 'zod';
import {
  ClaudeHookAck,
  ClaudePermissionRequestOutput,
  ClaudePreToolUseOutput,
} from '../../shared/contract/index.ts';

/**
 * Claude Code's hook events the relay answers, one row each: the event's name in Claude Code,
 * the relay's route under `/api/v1/hooks/claude/`, the schema of the relay's answer, whether
 * `gatehouse init claude` puts it in the settings, and whether the relay may hold it for a human.
 * A new route is one row here; the command hook, the SDK and `init` all read this table.
 */
export const claudeHookEvents = [
  {
    event: 'PreToolUse',
    route: 'pre-tool-use',
    answer: ClaudePreToolUseOutput,
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
    answer: ClaudePermissionRequestOutput,
    install: false,
    waits: true,
    matcher: '*',
  },
  // What ran: one route for a call that ran and one that failed (`TOOL_CALL_RESULT`, ok or error).
  {
    event: 'PostToolUse',
    route: 'post-tool-use',
    answer: ClaudeHookAck,
    install: true,
    waits: false,
    matcher: '*',
  },
  {
    event: 'PostToolUseFailure',
    route: 'post-tool-use',
    answer: ClaudeHookAck,
    install: true,
    waits: false,
    matcher: '*',
  },
  // Why it asks: the user's request, carried by every question that follows it.
  {
    event: 'UserPromptSubmit',
    route: 'user-prompt-submit',
    answer: ClaudeHookAck,
    install: true,
    waits: false,
  },
  // Claude Code's session is over: its open questions are withdrawn, nobody waits on them.
  { event: 'SessionEnd', route: 'session-end', answer: ClaudeHookAck, install: true, waits: false },
] as const satisfies readonly ClaudeHookEventRow[];

export interface ClaudeHookEventRow {
  /** `hook_event_name` and the key under `hooks` in settings.json. */
  event: string;
  /** `POST /api/v1/hooks/claude/<route>`. */
  route: string;
  /** What a 2xx answer must be; anything else is a relay failure. */
  answer: z.ZodType;
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

type ClaudeHookEvents = (typeof claudeHookEvents)[number];
export type ClaudeHookEvent = ClaudeHookEvents['route'];

/** The row for a `hook_event_name`, or undefined for an event the relay has no route for. */
export const claudeHookEventNamed = (event: string): ClaudeHookEvents | undefined =>
  claudeHookEvents.find((row) => row.event === event);
