import { describe, expect, it } from 'vitest';
import { siteTimezone, wordpressTimezone } from './timezone.js';

describe('the site time zone from WordPress options', () => {
  it('takes the city when the site has one', () => {
    expect(siteTimezone({ timezoneString: 'Europe/Paris', gmtOffset: 5 })).toBe('Europe/Paris');
    expect(siteTimezone({ timezoneString: 'UTC', gmtOffset: 0 })).toBe('UTC');
  });

  it('maps a fixed offset with no city to a zone of that offset (POSIX signs)', () => {
    expect(siteTimezone({ timezoneString: '', gmtOffset: 0 })).toBe('UTC');
    expect(siteTimezone({ timezoneString: '', gmtOffset: 2 })).toBe('Etc/GMT-2');
    expect(siteTimezone({ timezoneString: '', gmtOffset: -5 })).toBe('Etc/GMT+5');
    expect(siteTimezone({ timezoneString: '', gmtOffset: 5.5 })).toBe('Asia/Kolkata');
    expect(siteTimezone({ timezoneString: '', gmtOffset: 13 })).toBe('Etc/GMT-13');
  });

  it('computes local times in the mapped zone with the offset WordPress uses', () => {
    const local = (zone: string) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
        new Date('2023-01-05T09:00:00Z'),
      );
    expect(local(siteTimezone({ timezoneString: '', gmtOffset: 2 }))).toBe('11:00');
    expect(local(siteTimezone({ timezoneString: '', gmtOffset: -3 }))).toBe('06:00');
    expect(local(siteTimezone({ timezoneString: '', gmtOffset: 5.5 }))).toBe('14:30');
  });

  it('reads an unknown city or a broken offset as UTC rather than failing', () => {
    expect(siteTimezone({ timezoneString: 'Nowhere/Land', gmtOffset: 0 })).toBe('UTC');
    expect(siteTimezone({ timezoneString: '', gmtOffset: Number.NaN })).toBe('UTC');
  });

  it('writes an Etc/GMT zone back as an offset with no city, any other as the city', () => {
    expect(wordpressTimezone('Etc/GMT-2')).toEqual({ timezoneString: '', gmtOffset: 2 });
    expect(wordpressTimezone('Etc/GMT+10')).toEqual({ timezoneString: '', gmtOffset: -10 });
    expect(wordpressTimezone('Europe/Paris')).toEqual({ timezoneString: 'Europe/Paris', gmtOffset: undefined });
    expect(wordpressTimezone('UTC')).toEqual({ timezoneString: 'UTC', gmtOffset: undefined });
  });
});
