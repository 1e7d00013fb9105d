/**
 * The site's time zone as WordPress keeps it (`timezone_string`, a city, or only `gmt_offset`,
 * a fixed offset in hours) and as cms-json computes dates in it (an IANA name, which
 * `Intl.DateTimeFormat` takes), both ways, as WordPress's `wp_timezone_string` reads it.
 *
 * @module
 */

/**
 * Fixed offsets that are not whole hours, each with an IANA zone that keeps that offset all
 * year (no daylight saving time). Whole hours are `Etc/GMT∓h`.
 */
const FRACTIONAL_ZONES: ReadonlyMap<number, string> = new Map([
  [3.5, 'Asia/Tehran'],
  [4.5, 'Asia/Kabul'],
  [5.5, 'Asia/Kolkata'],
  [5.75, 'Asia/Kathmandu'],
  [6.5, 'Asia/Yangon'],
  [8.75, 'Australia/Eucla'],
  [9.5, 'Australia/Darwin'],
  [-9.5, 'Pacific/Marquesas'],
]);

/** WordPress's storage of a time zone: a city name, or none and an offset in hours. */
export interface WordPressTimezone {
  /** `timezone_string`: an IANA name (`Europe/Paris`, `UTC`) or `''`. */
  timezoneString: string;
  /** `gmt_offset`: hours east of UTC (`2`, `-3.5`), used when {@link timezoneString} is empty. */
  gmtOffset: number;
}

/**
 * The IANA zone cms-json computes dates in, from WordPress's two options: the city when there
 * is one; else the fixed offset as `Etc/GMT-2` (POSIX signs: `Etc/GMT-2` is UTC+2), a zone
 * with that fixed offset for the half and three-quarter hours WordPress offers, or the
 * offset rounded to the hour for any other (WordPress's admin offers none other).
 *
 * @example
 * siteTimezone({ timezoneString: 'Europe/Paris', gmtOffset: 0 }); // 'Europe/Paris'
 * siteTimezone({ timezoneString: '', gmtOffset: 2 });             // 'Etc/GMT-2'
 * siteTimezone({ timezoneString: '', gmtOffset: 5.5 });           // 'Asia/Kolkata'
 * siteTimezone({ timezoneString: '', gmtOffset: 0 });             // 'UTC'
 */
export function siteTimezone(stored: WordPressTimezone): string {
  if (stored.timezoneString !== '' && isTimeZone(stored.timezoneString)) return stored.timezoneString;
  const offset = Number.isFinite(stored.gmtOffset) ? stored.gmtOffset : 0;
  const fractional = FRACTIONAL_ZONES.get(offset);
  if (fractional !== undefined) return fractional;
  // Etc/GMT zones go from -14 to +12 hours.
  const hours = Math.max(-12, Math.min(14, Math.round(offset)));
  if (hours === 0) return 'UTC';
  return hours > 0 ? `Etc/GMT-${hours}` : `Etc/GMT+${-hours}`;
}

/**
 * How WordPress stores a zone cms-json was given: `Etc/GMT∓h` as an offset with no city, as
 * WordPress's settings page stores a `UTC+2` choice; any other name (a city, `UTC`) as
 * `timezone_string`. `undefined` offset: leave `gmt_offset` as it is.
 *
 * @example
 * wordpressTimezone('Etc/GMT-2');    // { timezoneString: '', gmtOffset: 2 }
 * wordpressTimezone('Europe/Paris'); // { timezoneString: 'Europe/Paris', gmtOffset: undefined }
 */
export function wordpressTimezone(zone: string): { timezoneString: string; gmtOffset: number | undefined } {
  const etc = /^Etc\/GMT([+-])(\d{1,2})$/.exec(zone);
  if (etc !== null) {
    const hours = Number(etc[2]);
    return { timezoneString: '', gmtOffset: etc[1] === '-' ? hours : -hours };
  }
  return { timezoneString: zone, gmtOffset: undefined };
}

/** Whether `Intl` knows the zone. */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
