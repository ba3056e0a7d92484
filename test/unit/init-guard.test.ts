import { describe, expect, it } from 'vitest';
import { InitGuard } from '../../worker/durable/init-guard.ts';

/** A Durable Object state whose `blockConcurrencyWhile` runs the callback and counts the blocks. */
function fakeState() {
  const state = {
    blocks: 0,
    blockConcurrencyWhile: async <T>(callback: () => Promise<T>): Promise<T> => {
      state.blocks += 1;
      return callback();
    },
  };
  return state;
}

describe('InitGuard', () => {
  it('runs the setup once for any number of concurrent entry points', async () => {
    const ctx = fakeState();
    let runs = 0;
    const guard = new InitGuard(ctx as unknown as DurableObjectState, () => {
      runs += 1;
    });
    await Promise.all([guard.ready(), guard.ready(), guard.ready()]);
    await guard.ready();
    expect(runs).toBe(1);
    expect(ctx.blocks).toBe(1);
    expect(guard.state).toBe('started');
  });

  it('goes back to zero when the setup fails, without throwing inside blockConcurrencyWhile, and tries again', async () => {
    const ctx = fakeState();
    let runs = 0;
    const guard = new InitGuard(ctx as unknown as DurableObjectState, () => {
      runs += 1;
      if (runs === 1) throw new Error('migration failed');
    });
    const inside: unknown[] = [];
    const original = ctx.blockConcurrencyWhile;
    ctx.blockConcurrencyWhile = async (callback) => {
      try {
        return await original(callback);
      } catch (error) {
        inside.push(error);
        throw error;
      }
    };
    await expect(Promise.all([guard.ready(), guard.ready()])).rejects.toThrow('migration failed');
    expect(inside).toEqual([]);
    expect(guard.state).toBe('zero');
    await guard.ready();
    expect(guard.state).toBe('started');
    expect(runs).toBe(2);
  });
});
