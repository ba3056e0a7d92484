import type { z } from 'zod';
import {
  ClaudeHookAck,
  ClaudePermissionRequestOutput,
  ClaudePreToolUseOutput,
} from '../../shared/contract/index.ts';
import { type ClaudeHookRouteRow, claudeHookRoutes } from './claude-hook-routes.ts';

/** The schema of the relay's answer on each route: anything else is a relay failure. */
const answers = {
  'pre-tool-use': ClaudePreToolUseOutput,
  'permission-request': ClaudePermissionRequestOutput,
  'post-tool-use': ClaudeHookAck,
  'user-prompt-submit': ClaudeHookAck,
  'session-end': ClaudeHookAck,
} as const;

/**
 * Claude Code's hook events the relay answers (claude-hook-routes.ts), each with the schema of
 * the relay's answer. A new route is one row there and its schema here; the command hook, the SDK
 * and `init` all read these tables.
 */
export const claudeHookEvents = claudeHookRoutes.map((row) => ({ ...row, answer: answers[row.route] }));

export interface ClaudeHookEventRow extends ClaudeHookRouteRow {
  /** What a 2xx answer must be; anything else is a relay failure. */
  answer: z.ZodType;
}

type ClaudeHookEvents = (typeof claudeHookEvents)[number];
export type ClaudeHookEvent = ClaudeHookEvents['route'];

/** The row for a `hook_event_name`, or undefined for an event the relay has no route for. */
export const claudeHookEventNamed = (event: string): ClaudeHookEvents | undefined =>
  claudeHookEvents.find((row) => row.event === event);
