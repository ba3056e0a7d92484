import { $, createRoute } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import packageJson from '../package.json' with { type: 'json' };
import { limits } from '../shared/contract/index.ts';
import { slackRoutes } from './chat/slack/routes.ts';
import { telegramRoutes } from './chat/telegram/webhook.ts';
import { errorBody, renderError, tooLarge } from './common/errors.ts';
import { hookRoutes } from './hooks/routes.ts';
import { completeErrors, open, openApiRoutes } from './http/openapi.ts';
import { appFallbackRoutes } from './routes/app-fallback.ts';
import { chatRoutes } from './routes/chat.ts';
import { grantRoutes } from './routes/grants.ts';
import { healthRoutes } from './routes/health.ts';
import { inboxRoutes } from './routes/inbox.ts';
import { jwksRoutes } from './routes/jwks.ts';
import { pairingRoutes } from './routes/pairing.ts';
import { passkeyRoutes } from './routes/passkeys.ts';
import { permissionRoutes } from './routes/permissions.ts';
import { pushRoutes } from './routes/push.ts';
import { respondManyRoutes } from './routes/respond-many.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { suggestionRoutes } from './routes/suggestions.ts';
import { tokenRoutes } from './routes/tokens.ts';
import { workspaceRoutes } from './routes/workspaces.ts';

export { ChatDirectory } from './chat/directory.ts';
export { SessionDO } from './session/session-do.ts';
export { WorkspaceDO } from './workspace/workspace-do.ts';

/** Request bodies are capped at 1 MiB before any route reads them. */
const bodyCap = bodyLimit({
  maxSize: limits.bodyBytes,
  onError: () => {
    throw tooLarge(`request bodies are limited to ${limits.bodyBytes} bytes`);
  },
});

/** Everything under `/api/v1`, one line per route module. */
const api = openApiRoutes()
  .route('/', workspaceRoutes)
  .route('/', tokenRoutes)
  .route('/', pairingRoutes)
  .route('/', permissionRoutes)
  .route('/', grantRoutes)
  .route('/', passkeyRoutes)
  .route('/', pushRoutes)
  .route('/', chatRoutes)
  .route('/', inboxRoutes)
  .route('/', sessionRoutes)
  .route('/', respondManyRoutes)
  .route('/', suggestionRoutes)
  .route('/', hookRoutes);

const app = $(openApiRoutes().use('/api/v1/*', bodyCap).use('/integrations/*', bodyCap))
  .route('/', healthRoutes)
  .route('/', telegramRoutes)
  .route('/', slackRoutes)
  .route('/', jwksRoutes)
  .route('/', appFallbackRoutes)
  .route('/api/v1', api);

/** The API described, generated from the routes registered above (each says its own schemas and roles). */
const apiDocument = () =>
  completeErrors(
    app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'Gatehouse relay',
        version: packageJson.version,
        description:
          'Approval relay for AI agents: allow, deny or ask a human. Errors are `{error:{code,message,details?}}`.',
      },
    }),
  );

// Registered outside the chain: the document describes the app, so it cannot be part of its type.
app.openapi(
  createRoute({
    method: 'get',
    path: '/openapi.json',
    summary: 'This document (OpenAPI 3.1)',
    ...open,
    responses: { 200: { description: 'the OpenAPI 3.1 document' } },
  }),
  (c) => c.json(apiDocument(), 200),
);
app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });

app.onError(renderError);
// Unknown paths and known paths with another method alike: JSON, never HTML.
app.notFound((c) => c.json(errorBody('not_found', `no route for ${c.req.method} ${c.req.path}`), 404));

export type AppType = typeof app;
export default app;
