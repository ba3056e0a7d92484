import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { warmUp } from './helpers.ts';

// /app is Workers Static Assets (wrangler.toml `[assets]`). The test runner's
// `exports.default.fetch` calls the Worker itself, past the assets, so the built files are read
// through the ASSETS binding (which applies `_headers` as the edge does), and the Worker's side
// — the API, and what it says when /app was never built — through `exports.default`.

declare global {
  namespace Cloudflare {
    interface Env {
      /** The /app assets (worker/app/dist); the Worker itself does not use them. */
      ASSETS: Fetcher;
    }
  }
}

const csp =
  "default-src 'self'; script-src 'self'; worker-src 'self'; manifest-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

const asset = (path: string) => env.ASSETS.fetch(`http://relay${path}`, { redirect: 'manual' });

beforeAll(async () => {
  const res = await asset('/app/');
  if (res.status !== 200)
    throw new Error('worker/app/dist holds no /app build: run `npm run build:app` first (npm test does)');
  await warmUp();
});

describe('/app from static assets', () => {
  it('serves the web app with its security headers', async () => {
    const res = await asset('/app/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toBe(csp);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await res.text();
    expect(html).toContain('<title>Gatehouse</title>');
    expect(html).toContain('name="viewport"');
  });

  it('redirects /app to /app/, where a #pair= fragment survives', async () => {
    const res = await asset('/app');
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('/app/');
  });

  it('loads its script and styles from /app/ itself: no inline code for the CSP to refuse', async () => {
    const html = await (await asset('/app/')).text();
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const references = [...html.matchAll(/(?:src|href)="(\/app\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    expect(references.some((path) => path.endsWith('.js'))).toBe(true);
    for (const path of references) {
      const res = await asset(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-security-policy'), path).toBe(csp);
      await res.body?.cancel();
    }
  });

  it('serves neither its headers file nor anything outside /app', async () => {
    for (const path of [
      '/_headers',
      '/.assetsignore',
      '/healthz',
      '/openapi.json',
      '/api/v1/inbox',
      '/nope',
    ]) {
      const res = await asset(path);
      expect(res.status, path).toBe(404);
      await res.body?.cancel();
    }
  });
});

describe('the Worker beside /app', () => {
  it('still answers the API, health and the API description', async () => {
    expect((await exports.default.fetch('http://relay/healthz')).status).toBe(200);
    expect((await exports.default.fetch('http://relay/openapi.json')).status).toBe(200);
    const inbox = await exports.default.fetch('http://relay/api/v1/inbox');
    expect(inbox.status).toBe(401);
    expect(await inbox.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('keeps its JSON 404 for unknown paths, under /app too', async () => {
    for (const path of ['/nope', '/app/assets/missing.js']) {
      const res = await exports.default.fetch(`http://relay${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });

  it('says how to build /app when a request for it reaches the Worker', async () => {
    for (const path of ['/app', '/app/']) {
      const res = await exports.default.fetch(`http://relay${path}`);
      expect(res.status).toBe(404);
      const body = (await res.json()) as { error: { message: string } };
      expect(body.error.message).toContain('npm run build:app');
    }
  });
});
