import { runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../shared/contract/index.ts';
import {
  countHit,
  defaultRequestsPerMinute,
  RequestWindows,
  requestsPerMinute,
} from '../../worker/common/rate-limit.ts';
import { WorkspaceStore } from '../../worker/workspace/store.ts';
import type { WorkspaceDO } from '../../worker/workspace/workspace-do.ts';
import { api, bootstrapToken, issue, json, warmUp } from './helpers.ts';

beforeAll(warmUp);

const errorOf = async (res: Response) =>
  (await json<{ error: { code: string; message: string } }>(res)).error;

describe('request bodies over 1 MiB', () => {
  it('are refused with 413 JSON before the route reads them', async () => {
    const big = JSON.stringify({ role: 'agent', label: 'x'.repeat(limits.bodyBytes) });
    const res = await api('POST', '/tokens', {
      token: bootstrapToken,
      rawBody: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toMatchObject({ code: 'payload_too_large' });
  });

  it('are refused when streamed without a length, too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > limits.bodyBytes + chunk.length) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await exports.default.fetch('http://relay/api/v1/pair', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    expect(res.status).toBe(413);
  });

  it('just under the limit still reach the route (and are judged on their content)', async () => {
    const body = JSON.stringify({ code: 'x'.repeat(limits.bodyBytes - 20) });
    expect(body.length).toBeLessThan(limits.bodyBytes);
    const res = await api('POST', '/pair', {
      rawBody: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });
});

describe('unknown routes and methods', () => {
  it.each([
    ['GET', '/api/v1/nothing-here'],
    ['GET', '/nowhere'],
    ['PATCH', '/api/v1/tokens'],
    ['PUT', '/api/v1/pair'],
    ['DELETE', '/api/v1/permissions'],
  ])('%s %s → 404 JSON', async (method, path) => {
    const res = await exports.default.fetch(`http://relay${path}`, { method });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await errorOf(res)).toMatchObject({ code: 'not_found' });
  });
});

describe('rate limit per token', () => {
  it('reads the limit from GATEHOUSE_RATE_LIMIT_PER_MINUTE, with a sane default', () => {
    expect(requestsPerMinute(undefined)).toBe(defaultRequestsPerMinute);
    expect(requestsPerMinute('30')).toBe(30);
    for (const bad of ['', '0', '-5', '1.5', 'many'])
      expect(requestsPerMinute(bad)).toBe(defaultRequestsPerMinute);
  });

  it('counts fixed one-minute windows (the object clock, set explicitly here)', async () => {
    await runInDurableObject(env.WORKSPACE.getByName('limits-clock'), async (instance, state) => {
      await instance.listTokens(); // runs the migrations
      const store = new WorkspaceStore(state.storage);
      const start = 1_800_000_000_000 - (1_800_000_000_000 % 60_000);
      for (let i = 0; i < 3; i++)
        expect(countHit(store, 'k', 3, start + i * 1000)).toEqual({ allowed: true });
      expect(countHit(store, 'k', 3, start + 45_000)).toEqual({ allowed: false, retryAfterSeconds: 15 });
      expect(countHit(store, 'k', 3, start + 59_999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
      // A new window starts afresh; other keys are counted apart.
      expect(countHit(store, 'k', 3, start + 60_000)).toEqual({ allowed: true });
      expect(countHit(store, 'other', 3, start + 45_000)).toEqual({ allowed: true });
    });
  });

  it('counts bearer requests in memory: per key, per window, pruned once the window is over', () => {
    const windows = new RequestWindows();
    const start = 1_800_000_000_000 - (1_800_000_000_000 % 60_000);
    for (let i = 0; i < 3; i++)
      expect(countHit(windows, 'token:a', 3, start + i * 1000)).toEqual({ allowed: true });
    expect(countHit(windows, 'token:a', 3, start + 30_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 30,
    });
    expect(countHit(windows, 'token:b', 3, start + 30_000)).toEqual({ allowed: true });
    expect(countHit(windows, 'token:a', 3, start + 60_000)).toEqual({ allowed: true });
    expect(windows.size).toBe(2);
    windows.prune(start + 60_000);
    expect(windows.size).toBe(1);
    windows.set('token:b', start + 60_000, 3);
    expect(countHit(windows, 'token:b', 3, start + 61_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 59,
    });
  });

  it('answers 429 JSON with Retry-After once a token is over its limit; other tokens are unaffected', async () => {
    const limited = await issue('admin');
    const bystander = await issue('admin');
    expect((await api('GET', '/tokens', { token: limited.token })).status).toBe(200);
    // Per-token windows are counted in the object's memory (no storage write per request).
    const exhaust = () =>
      runInDurableObject(env.WORKSPACE.getByName('default'), (instance: WorkspaceDO) => {
        const now = Date.now();
        instance.requestWindows.set(`token:${limited.id}`, now - (now % 60_000), 1_000_000);
      });
    await exhaust();
    let res = await api('GET', '/tokens', { token: limited.token });
    // A minute boundary may just have passed between the two calls: exhaust the new window too.
    if (res.status === 200) {
      await exhaust();
      res = await api('GET', '/tokens', { token: limited.token });
    }
    expect(res.status).toBe(429);
    expect(await errorOf(res)).toMatchObject({ code: 'rate_limited' });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await api('GET', '/tokens', { token: bystander.token })).status).toBe(200);
  });
});
