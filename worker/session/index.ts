// One agent session (DESIGN §2, §6): the Durable Object and what its callers need to reach it.
export { callerHeader, type SessionCaller, sessionObjectName } from './caller.ts';
export { missingSession } from './ownership.ts';
export type { Refusal, Result } from './result.ts';
export { SessionDO, type ToolCallSubmission } from './session-do.ts';
