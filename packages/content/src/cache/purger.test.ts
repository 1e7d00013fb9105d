/**
 * The purger: batches and deduplicates keys, retries a failing target with bounded attempts,
 * bounds its queue, purges each batch a second time, waits for `beforePurge`, and flushes on
 * close. Targets here are functions (webhookPurgeTarget); purge-targets.test.ts sends real HTTP.
 */
import { describe, expect, it } from 'vitest';
import { webhookPurgeTarget } from './purge-targets.js';
import { createPurger } from './purger.js';

function recorder(options: { failFirst?: number } = {}) {
  const batches: string[][] = [];
  let failures = options.failFirst ?? 0;
  const target = webhookPurgeTarget(async (keys) => {
    if (failures > 0) {
      failures--;
      throw new Error('cache down');
    }
    batches.push([...keys]);
  });
  return { batches, target };
}

describe('createPurger', () => {
  it('sends the keys of writes made together in one deduplicated batch, after the caller went on', async () => {
    const { batches, target } = recorder();
    const purger = createPurger({ targets: [target], repeatAfterMs: 0 });
    purger.purge(['post-1', 'posts-post']);
    purger.purge(['post-1', 'term-3']);
    expect(batches).toEqual([]);
    await purger.settled();
    expect(batches).toEqual([['post-1', 'posts-post', 'term-3']]);
    expect(purger.stats).toMatchObject({ requested: 4, sent: 1, failed: 0, dropped: 0 });
  });

  it('retries a failing target, then delivers', async () => {
    const { batches, target } = recorder({ failFirst: 2 });
    const warnings: string[] = [];
    const purger = createPurger({ targets: [target], repeatAfterMs: 0, retryDelayMs: 1, warn: (m) => warnings.push(m) });
    purger.purge(['post-1']);
    await purger.settled();
    expect(batches).toEqual([['post-1']]);
    expect(purger.stats).toMatchObject({ sent: 1, failed: 2, dropped: 0 });
    expect(warnings).toEqual([]);
  });

  it('gives up after maxAttempts with a warning, and keeps working for the next keys', async () => {
    const { batches, target } = recorder({ failFirst: 3 });
    const warnings: string[] = [];
    const purger = createPurger({
      targets: [target],
      repeatAfterMs: 0,
      retryDelayMs: 1,
      maxAttempts: 3,
      warn: (m) => warnings.push(m),
    });
    purger.purge(['post-1', 'post-2']);
    await purger.settled();
    expect(batches).toEqual([]);
    expect(purger.stats).toMatchObject({ failed: 3, dropped: 2 });
    expect(warnings[0]).toMatch(/failed 3 times \(cache down\); 2 keys dropped.*s-maxage/);
    purger.purge(['post-3']);
    await purger.settled();
    expect(batches).toEqual([['post-3']]);
  });

  it('bounds its queue: keys past maxQueuedKeys are dropped with a warning', async () => {
    const { batches, target } = recorder();
    const warnings: string[] = [];
    const purger = createPurger({ targets: [target], repeatAfterMs: 0, maxQueuedKeys: 2, warn: (m) => warnings.push(m) });
    purger.purge(['a-1', 'a-2', 'a-3', 'a-1']);
    await purger.settled();
    expect(batches).toEqual([['a-1', 'a-2']]);
    expect(purger.stats.dropped).toBe(1);
    expect(warnings[0]).toMatch(/queue is full; key "a-3" dropped/);
  });

  it('purges each batch a second time after repeatAfterMs (a read in flight at the first purge), and settled() waits for it', async () => {
    const { batches, target } = recorder();
    const purger = createPurger({ targets: [target], repeatAfterMs: 20 });
    purger.purge(['post-1']);
    await purger.settled();
    expect(batches).toEqual([['post-1'], ['post-1']]);
  });

  it('waits for beforePurge before the first purge (replicas), and purges anyway when it fails', async () => {
    const order: string[] = [];
    const target = webhookPurgeTarget(async (keys) => void order.push(`purge ${keys.join(' ')}`));
    const warnings: string[] = [];
    let fail = false;
    const purger = createPurger({
      targets: [target],
      repeatAfterMs: 0,
      warn: (m) => warnings.push(m),
      beforePurge: async () => {
        order.push('wait');
        if (fail) throw new Error('replica unreachable');
      },
    });
    purger.purge(['post-1']);
    await purger.settled();
    fail = true;
    purger.purge(['post-2']);
    await purger.settled();
    expect(order).toEqual(['wait', 'purge post-1', 'wait', 'purge post-2']);
    expect(warnings[0]).toMatch(/replica unreachable.*purging anyway/);
  });

  it('sends what is queued on close, second purges without their delay, and takes no keys after', async () => {
    const { batches, target } = recorder();
    const purger = createPurger({ targets: [target], repeatAfterMs: 60_000, warn: () => {} });
    purger.purge(['post-1']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    purger.purge(['post-2']);
    await purger.close();
    expect(batches).toEqual(expect.arrayContaining([['post-1'], ['post-2']]));
    expect(batches.filter((batch) => batch[0] === 'post-1')).toHaveLength(2);
    purger.purge(['post-3']);
    await purger.settled();
    expect(batches.flat()).not.toContain('post-3');
  });

  it('refuses bad options with a clear error', () => {
    const { target } = recorder();
    expect(() => createPurger({ targets: [] })).toThrow(/at least one target/);
    expect(() => createPurger({ targets: [target], repeatAfterMs: -1 })).toThrow(/repeatAfterMs must be a whole number/);
    expect(() => createPurger({ targets: [target], maxAttempts: 0 })).toThrow(/maxAttempts/);
    expect(() => createPurger({ targets: [target], maxQueuedKeys: 1.5 })).toThrow(/maxQueuedKeys/);
  });
});
