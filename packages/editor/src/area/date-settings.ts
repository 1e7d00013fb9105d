/**
 * The editor's date settings (`wp.date.setSettings`), as WordPress 6.1's script loader prints
 * them: the English names of months and days, the site's date and time formats and week
 * start, and its time zone with the current offset.
 *
 * @module
 */
import { localDate, type SiteOptions } from '@cms-json/content';
import { MONTHS, DAYS as WEEKDAYS } from '../blocks/renderers/php-date.js';
import type { DateSettings } from '../boot-config.js';

/**
 * The date settings of a site at a moment (the offset of a zone with summer time changes).
 *
 * @example
 * dateSettings({ timezone: 'UTC', date_format: 'F j, Y', time_format: 'g:i a', start_of_week: 1 }, new Date()).timezone;
 * // { offset: 0, string: 'UTC', abbr: 'UTC' }
 */
export function dateSettings(
  options: Pick<SiteOptions, 'timezone' | 'date_format' | 'time_format' | 'start_of_week' | 'language'>,
  now: Date,
): DateSettings {
  const local = Date.parse(`${localDate(now, options.timezone)}Z`);
  const offset = Math.round((local - Math.floor(now.getTime() / 1000) * 1000) / 60_000) / 60;
  return {
    l10n: {
      locale: options.language,
      months: [...MONTHS],
      monthsShort: MONTHS.map((month) => month.slice(0, 3)),
      weekdays: [...WEEKDAYS],
      weekdaysShort: WEEKDAYS.map((day) => day.slice(0, 3)),
      meridiem: { am: 'am', pm: 'pm', AM: 'AM', PM: 'PM' },
      relative: { future: '%s from now', past: '%s ago' },
      startOfWeek: options.start_of_week,
    },
    formats: {
      time: options.time_format,
      date: options.date_format,
      datetime: 'F j, Y g:i a',
      datetimeAbbreviated: 'M j, Y g:i a',
    },
    timezone: { offset, string: options.timezone, abbr: zoneAbbreviation(options.timezone, now) },
  };
}

/** The zone's short name at a moment (`UTC`, `EST`; `GMT+1` where the runtime knows no abbreviation). */
function zoneAbbreviation(timeZone: string, now: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(now)
      .find((candidate) => candidate.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    return '';
  }
}
