import { DurableObject } from 'cloudflare:workers';

/** One approver's workspace: tokens, default permissions, global grants and the inbox. */
export class WorkspaceDO extends DurableObject<Env> {}
