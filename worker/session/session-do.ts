import { DurableObject } from 'cloudflare:workers';

/** One agent session: its plan, tool calls, interactions and event log. */
export class SessionDO extends DurableObject<Env> {}
