import { describe, expect, it } from 'vitest';
import { localDate, phpDate } from './php-date.js';

describe('PHP date formats', () => {
  const date = localDate('2026-11-02T09:05:07', '2026-11-02T08:05:07');

  it('formats the WordPress date and time settings as PHP does', () => {
    expect(phpDate('F j, Y', date)).toBe('November 2, 2026');
    expect(phpDate('Y-m-d', date)).toBe('2026-11-02');
    expect(phpDate('m/d/Y', date)).toBe('11/02/2026');
    expect(phpDate('g:i a', date)).toBe('9:05 am');
    expect(phpDate('H:i', date)).toBe('09:05');
    expect(phpDate('l, jS \\o\\f F', date)).toBe('Monday, 2nd of November');
  });

  it('writes the offset from the GMT date in c, P and O', () => {
    expect(phpDate('c', date)).toBe('2026-11-02T09:05:07+01:00');
    expect(phpDate('O', date)).toBe('+0100');
    expect(phpDate('c', localDate('2026-11-02T09:05:07', '2026-11-02T14:35:07'))).toBe('2026-11-02T09:05:07-05:30');
  });
});
