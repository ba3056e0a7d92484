import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it, vi } from 'vitest';

// The routes run in workerd; their document is plain data, checked here on Node, where the
// validator can read its schemas. Only the Durable Object base class comes from the runtime.
vi.mock('cloudflare:workers', () => ({ DurableObject: class {} }));

const { default: app } = await import('../../worker/index.ts');

describe('the generated OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const response = await app.request('/openapi.json');
    expect(response.status).toBe(200);
    const result = await new Validator().validate((await response.json()) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });
});
