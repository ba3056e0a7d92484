import { Hono } from 'hono';

export { SessionDO } from './session/session-do.ts';
export { WorkspaceDO } from './workspace/workspace-do.ts';

const app = new Hono<{ Bindings: Env }>().get('/healthz', (c) => c.json({ ok: true, service: 'gatehouse' }));

export type AppType = typeof app;
export default app;
