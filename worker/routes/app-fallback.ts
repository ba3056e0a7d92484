import { createRoute } from '@hono/zod-openapi';
import { errorBody } from '../common/errors.ts';
import { failures, open, openApiRoutes } from '../http/openapi.ts';

/**
 * `/app` is served from static assets (worker/app/dist) before the Worker runs, so a request
 * for it reaches the Worker only when the web app was never built: say that, not just "no route".
 */
const appNotBuilt =
  'the /app web app is not built: run `npm run build:app` (npm start, npm test and npm run deploy do)';

const appRoute = (path: '/app' | '/app/') =>
  createRoute({
    method: 'get',
    path,
    summary: 'The mobile web app (static assets; this route answers only when it was not built)',
    ...open,
    responses: { 200: { description: 'the web app (HTML)' }, ...failures(404) },
  });

export const appFallbackRoutes = openApiRoutes()
  .openapi(appRoute('/app'), (c) => c.json(errorBody('not_found', appNotBuilt), 404))
  .openapi(appRoute('/app/'), (c) => c.json(errorBody('not_found', appNotBuilt), 404));
