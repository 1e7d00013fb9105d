import { describe, expect, it } from 'vitest';
import { OPTION_CACHE_TTL_MS, OptionCache } from './option-cache.js';

describe('the option cache', () => {
  it('answers its snapshot within the TTL and reads again after it', async () => {
    let now = 1000;
    let loads = 0;
    const cache = new OptionCache({ ttlMs: 500, now: () => now });
    const load = async () => ({ blogname: `read ${++loads}` });
    expect(await cache.read(load)).toEqual({ blogname: 'read 1' });
    now += 499;
    expect(await cache.read(load)).toEqual({ blogname: 'read 1' });
    now += 1;
    expect(await cache.read(load)).toEqual({ blogname: 'read 2' });
    // A clock that goes back never makes a snapshot younger.
    now -= 100;
    expect(await cache.read(load)).toEqual({ blogname: 'read 3' });
  });

  it('forgets on invalidate, and does not keep a read that began before a write', async () => {
    let loads = 0;
    const cache = new OptionCache({ ttlMs: 1000, now: () => 0 });
    let release: () => void = () => {};
    const slow = cache.read(
      () =>
        new Promise((resolve) => {
          release = () => resolve({ blogname: 'before the write' });
        }),
    );
    cache.invalidate();
    release();
    expect(await slow).toEqual({ blogname: 'before the write' });
    expect(await cache.read(async () => ({ blogname: `after ${++loads}` }))).toEqual({ blogname: 'after 1' });
    cache.invalidate();
    expect(await cache.read(async () => ({ blogname: `after ${++loads}` }))).toEqual({ blogname: 'after 2' });
  });

  it('keeps nothing with a TTL of 0 (or a broken one) and never longer than a second', async () => {
    let now = 0;
    let loads = 0;
    const load = async () => ({ n: ++loads });
    for (const ttlMs of [0, -5, Number.NaN]) {
      const cache = new OptionCache({ ttlMs, now: () => now });
      await cache.read(load);
      const before = loads;
      await cache.read(load);
      expect(loads).toBe(before + 1);
    }
    const capped = new OptionCache({ ttlMs: 60_000, now: () => now });
    await capped.read(load);
    const before = loads;
    now += OPTION_CACHE_TTL_MS;
    await capped.read(load);
    expect(loads).toBe(before + 1);
  });
});
