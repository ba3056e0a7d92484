import type { z } from 'zod';
import { ClaudePermissionRequestOutput, ClaudePreToolUseOutput } from '../../shared/contract/index.ts';

/**
 * Claude Code's hook events the relay answers, one row each: the event's name in Claude Code,
 * the relay's route under `/api/v1/hooks/claude/`, the schema of the relay's answer, and whether
 * `gatehouse init claude` puts it in the settings. A new route (PostToolUse, UserPromptSubmit,
 * SessionEnd) is one row here; the command hook, the SDK and `init` all read this table.
 */
export const claudeHookEvents = [
  { event: 'PreToolUse', route: 'pre-tool-use', answer: ClaudePreToolUseOutput, install: true, matcher: '*' },
  // Answered for settings written by hand, never installed: PreToolUse already sees every call,
  // and an entry here too would put the same question to the approver twice whenever PreToolUse
  // hands a call back as `ask`.
  {
    event: 'PermissionRequest',
    route: 'permission-request',
    answer: ClaudePermissionRequestOutput,
    install: false,
    matcher: '*',
  },
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
  /** The settings group's `matcher`, for events that take one (tool events). */
  matcher?: string;
}

type ClaudeHookEvents = (typeof claudeHookEvents)[number];
export type ClaudeHookEvent = ClaudeHookEvents['route'];

/** The row for a `hook_event_name`, or undefined for an event the relay has no route for. */
export const claudeHookEventNamed = (event: string): ClaudeHookEvents | undefined =>
  claudeHookEvents.find((row) => row.event === event);
