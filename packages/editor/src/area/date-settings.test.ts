import { describe, expect, it } from 'vitest';
import { dateSettings } from './date-settings.js';

const site = { timezone: 'UTC', date_format: 'F j, Y', time_format: 'g:i a', start_of_week: 1, language: 'en_US' };

describe("the editor's date settings", () => {
  it("are WordPress 6.1's for a site in UTC", () => {
    const settings = dateSettings(site, new Date('2030-01-01T12:00:00Z'));
    expect(settings.l10n).toMatchObject({ locale: 'en_US', startOfWeek: 1, relative: { future: '%s from now', past: '%s ago' } });
    expect(settings.l10n.monthsShort.slice(0, 3)).toEqual(['Jan', 'Feb', 'Mar']);
    expect(settings.l10n.weekdaysShort[0]).toBe('Sun');
    expect(settings.formats).toEqual({
      time: 'g:i a',
      date: 'F j, Y',
      datetime: 'F j, Y g:i a',
      datetimeAbbreviated: 'M j, Y g:i a',
    });
    expect(settings.timezone).toEqual({ offset: 0, string: 'UTC', abbr: 'UTC' });
  });

  it("follow the site's zone, summer time and half hours included", () => {
    expect(dateSettings({ ...site, timezone: 'Europe/Paris' }, new Date('2030-07-01T12:00:00Z')).timezone.offset).toBe(2);
    expect(dateSettings({ ...site, timezone: 'Europe/Paris' }, new Date('2030-01-01T12:00:00Z')).timezone.offset).toBe(1);
    expect(dateSettings({ ...site, timezone: 'Asia/Kolkata' }, new Date('2030-01-01T12:00:00Z')).timezone.offset).toBe(5.5);
    expect(dateSettings({ ...site, timezone: 'America/New_York' }, new Date('2030-01-01T12:00:00Z')).timezone.abbr).toBe('EST');
  });
});
