import { describe, expect, it } from 'vitest';
import { fromWordPressDate, toWordPressDate } from './dates.js';

describe('dates between WordPress and the project', () => {
  it('reads WordPress datetimes, the zero date as none', () => {
    expect(fromWordPressDate('2023-01-05 09:00:00')).toBe('2023-01-05T09:00:00');
    expect(fromWordPressDate('0000-00-00 00:00:00')).toBe('');
    expect(fromWordPressDate(null)).toBe('');
  });

  it('writes project dates and ISO times with a zone (in UTC) as WordPress datetimes', () => {
    expect(toWordPressDate('2023-01-05T09:00:00')).toBe('2023-01-05 09:00:00');
    expect(toWordPressDate('2023-01-05T09:00:00.000Z')).toBe('2023-01-05 09:00:00');
    expect(toWordPressDate('2023-01-05T11:00:00+02:00')).toBe('2023-01-05 09:00:00');
    expect(toWordPressDate('')).toBe('0000-00-00 00:00:00');
  });
});
