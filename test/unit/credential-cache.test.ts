import { describe, expect, it } from 'vitest';
import { CredentialCache, credentialReuseMs } from '../../worker/common/credential-cache.ts';
import type { Principal } from '../../worker/common/principal.ts';
import { windowMs } from '../../worker/common/rate-limit.ts';

const principal = (workspaceId = 'default', tokenId = 'tk-a'): Principal => ({
  workspaceId,
  tokenId,
  role: 'agent',
  policyVersion: 3,
});
const windowStart = 10 * windowMs;
const check = (requests: number, who = principal()) => ({
  principal: who,
  allowance: { requests, windowStart },
});

describe('CredentialCache', () => {
  it('reuses a check until it is credentialReuseMs old', () => {
    const cache = new CredentialCache();
    const now = windowStart + 1000;
    cache.remember('bearer', check(100), now);
    expect(cache.use('bearer', now)).toEqual(principal());
    expect(cache.use('bearer', now + credentialReuseMs - 1)).toEqual(principal());
    expect(cache.use('bearer', now + credentialReuseMs)).toBeNull();
    expect(cache.use('other', now)).toBeNull();
  });

  it('ends reuse with the rate window, however young the check', () => {
    const cache = new CredentialCache();
    const now = windowStart + windowMs - 10;
    cache.remember('bearer', check(100), now);
    expect(cache.use('bearer', now + 9)).not.toBeNull();
    expect(cache.use('bearer', now + 10)).toBeNull();
  });

  it('serves no more requests than the window allowed, and reports each one once', () => {
    const cache = new CredentialCache();
    const now = windowStart + 5;
    cache.remember('bearer', check(2), now);
    expect(cache.use('bearer', now)).not.toBeNull();
    expect(cache.use('bearer', now)).not.toBeNull();
    expect(cache.use('bearer', now)).toBeNull();
    expect(cache.settle('bearer')).toEqual({ count: 2, windowStart });
    expect(cache.settle('bearer')).toBeUndefined();
    expect(cache.use('bearer', now)).toBeNull();
  });

  it('remembers nothing when the window has no request left', () => {
    const cache = new CredentialCache();
    cache.remember('bearer', check(0), windowStart);
    expect(cache.size).toBe(0);
    expect(cache.use('bearer', windowStart)).toBeNull();
  });

  it('reports nothing for a check that served nothing', () => {
    const cache = new CredentialCache();
    cache.remember('bearer', check(5), windowStart);
    expect(cache.settle('bearer')).toBeUndefined();
  });

  it("expires one workspace's checks and keeps what they served for the next report", () => {
    const cache = new CredentialCache();
    cache.remember('a', check(9, principal('default', 'tk-a')), windowStart);
    cache.remember('b', check(9, principal('other', 'tk-b')), windowStart);
    cache.use('a', windowStart);
    cache.expireWorkspace('default');
    expect(cache.use('a', windowStart)).toBeNull();
    expect(cache.use('b', windowStart)).not.toBeNull();
    expect(cache.settle('a')).toEqual({ count: 1, windowStart });
  });

  it('holds at most 1024 credentials, forgetting the oldest first', () => {
    const cache = new CredentialCache();
    for (let i = 0; i < 1030; i += 1) cache.remember(`bearer-${i}`, check(5), windowStart);
    expect(cache.size).toBe(1024);
    expect(cache.use('bearer-0', windowStart)).toBeNull();
    expect(cache.use('bearer-5', windowStart)).toBeNull();
    expect(cache.use('bearer-6', windowStart)).not.toBeNull();
    expect(cache.use('bearer-1029', windowStart)).not.toBeNull();
  });
});
