import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { limits } from '../shared/contract/index.ts';
import { hookRoutes } from './hooks/index.ts';
import type { AppEnv } from './http/app-env.ts';
import { errorBody, renderError, tooLarge } from './http/errors.ts';
import { grantRoutes } from './routes/grants.ts';
import { inboxRoutes } from './routes/inbox.ts';
import { apiDocument, openApiRoutes } from './routes/openapi.ts';
import { pairingRoutes } from './routes/pairing.ts';
import { permissionRoutes } from './routes/permissions.ts';
import { pushRoutes } from './routes/push.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { tokenRoutes } from './routes/tokens.ts';
import { workspaceRoutes } from './routes/workspaces.ts';

export { SessionDO } from './session/session-do.ts';
export { WorkspaceDO } from './workspace/workspace-do.ts';

/** Everything under `/api/v1`; request bodies are capped at 1 MiB before any route reads them. */
const api = new Hono<AppEnv>()
  .use(
    bodyLimit({
      maxSize: limits.bodyBytes,
      onError: () => {
        throw tooLarge(`request bodies are limited to ${limits.bodyBytes} bytes`);
      },
    }),
  )
  .route('/', workspaceRoutes)
  .route('/', tokenRoutes)
  .route('/', pairingRoutes)
  .route('/', permissionRoutes)
  .route('/', grantRoutes)
  .route('/', pushRoutes)
  .route('/', inboxRoutes)
  .route('/', sessionRoutes)
  .route('/', hookRoutes)
  .route('/', openApiRoutes);

/**
 * `/app` is served from static assets (worker/app/dist) before the Worker runs, so a request
 * for it reaches the Worker only when the web app was never built: say that, not just "no route".
 */
const appNotBuilt =
  'the /app web app is not built: run `npm run build:app` (npm start, npm test and npm run deploy do)';

const app = new Hono<AppEnv>()
  .get('/healthz', (c) => c.json({ ok: true, service: 'gatehouse' }))
  .get('/openapi.json', (c) => c.json(apiDocument()))
  .get('/app', (c) => c.json(errorBody('not_found', appNotBuilt), 404))
  .get('/app/', (c) => c.json(errorBody('not_found', appNotBuilt), 404))
  .route('/api/v1', api);

app.onError(renderError);
// Unknown paths and known paths with another method alike: JSON, never HTML.
app.notFound((c) => c.json(errorBody('not_found', `no route for ${c.req.method} ${c.req.path}`), 404));

export type AppType = typeof app;
export default app;
