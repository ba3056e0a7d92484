import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

describe('GET /healthz', () => {
  it('answers without a token', async () => {
    const res = await exports.default.fetch('http://relay/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
  });
});
