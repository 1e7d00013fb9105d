import { describe, expect, it } from 'vitest';
import { POSTS_LIST_MIX, renderSharedCache } from './shared-cache.js';

describe('renderSharedCache', () => {
  it('says why the case was skipped', () => {
    expect(renderSharedCache({ rows: [], hitRatio: undefined, skipped: 'varnishd is not installed' })).toEqual([
      'Shared cache (Varnish): skipped: varnishd is not installed.',
    ]);
  });

  it('prints both ways, the saving, the hit ratio, the load and the clock tick’s resolution', () => {
    const lines = renderSharedCache({
      rows: [
        { via: 'origin', requests: 9000, rps: 88.4, cpuMsPer1000: 2976.66, failures: 0 },
        { via: 'varnish', requests: 9000, rps: 1441.2, cpuMsPer1000: 1.11, failures: 0 },
      ],
      hitRatio: 0.99,
      loadAverage: 3.25,
    });
    expect(lines[0]).toBe(
      `Anonymous posts lists (${POSTS_LIST_MIX.length} URLs), the same requests directly and through Varnish, one run (load average 3.3 at the end):`,
    );
    expect(lines).toContain('| origin (no cache) | 9000 | 88 | 2976.7 ms | 0 |');
    expect(lines).toContain('| Varnish in front | 9000 | 1441 | 1.1 ms | 0 |');
    expect(lines).toContain('Origin CPU saved: 2682× less through Varnish.');
    expect(lines).toContain('Varnish hit ratio over the measured rounds: 99.00 %.');
    expect(lines.at(-1)).toBe('(CPU is read from /proc in 10 ms ticks: one tick over 9000 reads is 1.1 ms per 1,000.)');
  });

  it('prints no ratio when the cache side used no measurable CPU', () => {
    const lines = renderSharedCache({
      rows: [
        { via: 'origin', requests: 1000, rps: 80, cpuMsPer1000: 3000, failures: 0 },
        { via: 'varnish', requests: 1000, rps: 900, cpuMsPer1000: 0, failures: 0 },
      ],
      hitRatio: undefined,
    });
    expect(lines.some((line) => line.startsWith('Origin CPU saved'))).toBe(false);
    expect(lines.some((line) => line.startsWith('Varnish hit ratio'))).toBe(false);
  });

  it('keeps every URL of the mix on the anonymous posts routes', () => {
    for (const path of POSTS_LIST_MIX) expect(path).toMatch(/^\/cms-json\/cms\/v2\/posts(\?|$)/);
  });
});
