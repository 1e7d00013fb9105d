/**
 * WordPress's `datetime` strings (`'2023-01-05 09:00:00'`, `'0000-00-00 00:00:00'` for none)
 * and the project's (`'2023-01-05T09:00:00'`), converted at the stores' edge.
 *
 * @module
 */
import { ZERO_DATETIME } from './tables.js';

/**
 * A WordPress `datetime` as the project writes dates; the zero date as `''`.
 *
 * @example
 * fromWordPressDate('2023-01-05 09:00:00'); // '2023-01-05T09:00:00'
 * fromWordPressDate('0000-00-00 00:00:00'); // ''
 */
export function fromWordPressDate(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '' || value.startsWith('0000-00-00')) return '';
  return value.slice(0, 19).replace(' ', 'T');
}

/**
 * A project date (`YYYY-MM-DDTHH:MM:SS`, or an ISO 8601 time with a zone, read in UTC) as a
 * WordPress `datetime`; `''` as the zero date.
 *
 * @example
 * toWordPressDate('2023-01-05T09:00:00'); // '2023-01-05 09:00:00'
 * toWordPressDate(''); // '0000-00-00 00:00:00'
 */
export function toWordPressDate(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return ZERO_DATETIME;
  if (/[zZ]|[+-]\d\d:?\d\d$/.test(value.slice(19))) {
    const time = new Date(value);
    if (!Number.isNaN(time.getTime())) return time.toISOString().slice(0, 19).replace('T', ' ');
  }
  return value.slice(0, 19).replace('T', ' ');
}
