/**
 * PHP's `date()` formatting of a site-local date, as WordPress's `mysql2date` and
 * `get_the_date` give it (English names): the format characters of WordPress's date and time
 * settings, `\` escapes.
 *
 * @module
 */

/** The months' English names, as WordPress's `$wp_locale` (en_US) has them. */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** The weekdays' English names, Sunday first, as `$wp_locale` (en_US) has them. */
export const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A site-local date and time, and its offset from UTC in minutes. */
export interface LocalDate {
  readonly year: number;
  /** 1–12. */
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** Minutes east of UTC (`date` minus `date_gmt` of a record). */
  readonly offsetMinutes: number;
}

/** The month's English name (1–12), as WordPress's `$wp_locale->get_month`. */
export function monthName(month: number): string {
  return MONTHS[month - 1] ?? '';
}

/**
 * A record's `date` (site-local, `2026-11-28T17:02:03`) with its offset from its `date_gmt`.
 *
 * @example
 * localDate('2026-11-28T19:02:03', '2026-11-28T17:02:03').offsetMinutes; // 120
 */
export function localDate(date: string, dateGmt?: string | null): LocalDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})/.exec(date);
  if (match === null) throw new Error(`Not a date: ${date}`);
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const local = Date.UTC(year, month - 1, day, hour, minute, second);
  const gmt = typeof dateGmt === 'string' ? Date.parse(`${dateGmt.replace(' ', 'T')}Z`) : Number.NaN;
  const offsetMinutes = Number.isNaN(gmt) ? 0 : Math.round((local - gmt) / 60_000);
  return { year, month, day, hour, minute, second, offsetMinutes };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function suffix(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
}

function offset(minutes: number, colon: boolean): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${colon ? ':' : ''}${pad(abs % 60)}`;
}

/**
 * Formats a site-local date with a PHP `date()` format (`F j, Y`, `c`, `Y-m-d H:i`, …).
 *
 * @example
 * phpDate('F j, Y', localDate('2026-11-28T17:02:03')); // 'November 28, 2026'
 * phpDate('c', localDate('2026-11-28T17:02:03', '2026-11-28T17:02:03')); // '2026-11-28T17:02:03+00:00'
 */
export function phpDate(format: string, date: LocalDate): string {
  const utc = new Date(Date.UTC(date.year, date.month - 1, date.day, date.hour, date.minute, date.second));
  const weekday = utc.getUTCDay();
  const dayOfYear = Math.floor((utc.getTime() - Date.UTC(date.year, 0, 1)) / 86_400_000);
  const leap = (date.year % 4 === 0 && date.year % 100 !== 0) || date.year % 400 === 0;
  const daysInMonth = new Date(Date.UTC(date.year, date.month, 0)).getUTCDate();
  const hour12 = date.hour % 12 === 0 ? 12 : date.hour % 12;
  let out = '';
  for (let index = 0; index < format.length; index++) {
    const char = format[index] as string;
    switch (char) {
      case 'd':
        out += pad(date.day);
        break;
      case 'D':
        out += (DAYS[weekday] ?? '').slice(0, 3);
        break;
      case 'j':
        out += String(date.day);
        break;
      case 'l':
        out += DAYS[weekday] ?? '';
        break;
      case 'N':
        out += String(weekday === 0 ? 7 : weekday);
        break;
      case 'S':
        out += suffix(date.day);
        break;
      case 'w':
        out += String(weekday);
        break;
      case 'z':
        out += String(dayOfYear);
        break;
      case 'F':
        out += monthName(date.month);
        break;
      case 'M':
        out += monthName(date.month).slice(0, 3);
        break;
      case 'm':
        out += pad(date.month);
        break;
      case 'n':
        out += String(date.month);
        break;
      case 't':
        out += String(daysInMonth);
        break;
      case 'L':
        out += leap ? '1' : '0';
        break;
      case 'Y':
        out += String(date.year);
        break;
      case 'y':
        out += pad(date.year % 100);
        break;
      case 'a':
        out += date.hour < 12 ? 'am' : 'pm';
        break;
      case 'A':
        out += date.hour < 12 ? 'AM' : 'PM';
        break;
      case 'g':
        out += String(hour12);
        break;
      case 'G':
        out += String(date.hour);
        break;
      case 'h':
        out += pad(hour12);
        break;
      case 'H':
        out += pad(date.hour);
        break;
      case 'i':
        out += pad(date.minute);
        break;
      case 's':
        out += pad(date.second);
        break;
      case 'O':
        out += offset(date.offsetMinutes, false);
        break;
      case 'P':
        out += offset(date.offsetMinutes, true);
        break;
      case 'Z':
        out += String(date.offsetMinutes * 60);
        break;
      case 'U':
        out += String(Math.floor(utc.getTime() / 1000) - date.offsetMinutes * 60);
        break;
      case 'c':
        out += `${date.year}-${pad(date.month)}-${pad(date.day)}T${pad(date.hour)}:${pad(date.minute)}:${pad(date.second)}${offset(date.offsetMinutes, true)}`;
        break;
      case '\\':
        index++;
        out += format[index] ?? '';
        break;
      default:
        out += char;
    }
  }
  return out;
}
