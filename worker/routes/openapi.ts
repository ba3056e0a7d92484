import { Hono } from 'hono';
import packageJson from '../../package.json' with { type: 'json' };
import { hookRouteDocs } from '../hooks/index.ts';
import type { AppEnv } from '../http/app-env.ts';
import { openApiDocument, type RouteDoc } from '../http/openapi.ts';
import { grantRouteDocs } from './grants.ts';
import { inboxRouteDocs } from './inbox.ts';
import { pairingRouteDocs } from './pairing.ts';
import { permissionRouteDocs } from './permissions.ts';
import { pushRouteDocs } from './push.ts';
import { sessionRouteDocs } from './sessions.ts';
import { tokenRouteDocs } from './tokens.ts';
import { workspaceRouteDocs } from './workspaces.ts';

export const openApiRouteDocs: RouteDoc[] = [
  { method: 'get', path: '/healthz', role: 'none', summary: 'Liveness' },
  { method: 'get', path: '/openapi.json', role: 'none', summary: 'This document' },
];

/** Every route of `/api/v1`, as documented beside each route module. */
export const apiRouteDocs: readonly RouteDoc[] = [
  ...workspaceRouteDocs,
  ...tokenRouteDocs,
  ...pairingRouteDocs,
  ...permissionRouteDocs,
  ...grantRouteDocs,
  ...pushRouteDocs,
  ...inboxRouteDocs,
  ...sessionRouteDocs,
  ...hookRouteDocs,
  ...openApiRouteDocs,
];

let document: Record<string, unknown> | null = null;

/** Built once per isolate: the tables are constants. */
export const apiDocument = () => {
  document ??= openApiDocument(apiRouteDocs, { version: packageJson.version });
  return document;
};

export const openApiRoutes = new Hono<AppEnv>()
  .get('/healthz', (c) => c.json({ ok: true, service: 'gatehouse' }))
  .get('/openapi.json', (c) => c.json(apiDocument()));
