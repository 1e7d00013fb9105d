import { describe, expect, it } from 'vitest';
import { localDate, momentOf, parseRequestDate } from './dates.js';

describe('record dates', () => {
  it('writes a moment in the site timezone without a zone', () => {
    const moment = new Date('2030-07-01T12:00:00Z');
    expect(localDate(moment, 'UTC')).toBe('2030-07-01T12:00:00');
    expect(localDate(moment, 'Europe/Paris')).toBe('2030-07-01T14:00:00');
    expect(localDate(moment, 'America/New_York')).toBe('2030-07-01T08:00:00');
  });

  it('writes GMT the same as the zone formatter does, at the edges of four-digit years too', () => {
    const gmt = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'UTC',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    const viaFormatter = (moment: Date) => {
      const p = Object.fromEntries(gmt.formatToParts(moment).map((part) => [part.type, part.value]));
      return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
    };
    const moments = [
      Date.UTC(999, 11, 31, 23, 59, 59),
      Date.UTC(1000, 0, 1),
      Date.UTC(9999, 11, 31, 23, 59, 59),
      Date.UTC(10000, 0, 1),
    ];
    for (let year = 1000; year <= 9999; year += 397) moments.push(Date.UTC(year, (year * 7) % 12, 28, year % 24, year % 60, 7));
    for (const time of moments) expect(localDate(new Date(time), 'UTC')).toBe(viaFormatter(new Date(time)));
  });

  it('reads a local time back as the moment it names, across the date line and in summer', () => {
    expect(momentOf('2030-07-01T14:00:00', 'Europe/Paris').toISOString()).toBe('2030-07-01T12:00:00.000Z');
    expect(momentOf('2030-01-01T01:00:00', 'Europe/Paris').toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect(momentOf('2030-01-01T00:30:00', 'Pacific/Auckland').toISOString()).toBe('2029-12-31T11:30:00.000Z');
  });

  it('parses request dates with or without a zone, and refuses what is not a date', () => {
    expect(parseRequestDate('2030-01-01T10:00:00', 'Europe/Paris')?.toISOString()).toBe('2030-01-01T09:00:00.000Z');
    expect(parseRequestDate('2030-01-01T10:00:00Z', 'Europe/Paris')?.toISOString()).toBe('2030-01-01T10:00:00.000Z');
    expect(parseRequestDate('2030-01-01 10:00:00+02:00', 'UTC')?.toISOString()).toBe('2030-01-01T08:00:00.000Z');
    expect(parseRequestDate('yesterday', 'UTC')).toBeUndefined();
    expect(parseRequestDate('2030-13-45T10:00:00', 'UTC')).toBeUndefined();
  });
});
