/**
 * Dates of post-like records as the original writes them: `YYYY-MM-DDTHH:MM:SS` with no zone,
 * `date`/`modified` in the site's timezone and `date_gmt`/`modified_gmt` in GMT.
 *
 * @module
 */

/** `YYYY-MM-DDTHH:MM:SS`, the stored and served form of every record date. */
export type MysqlDate = string;

/** The moments whose year both forms write in four digits (1000–9999): there they agree. */
const MIN_ISO_YEAR = Date.UTC(1000, 0, 1);
const MAX_ISO_YEAR = Date.UTC(10000, 0, 1);

/** One formatter per time zone: making an `Intl.DateTimeFormat` costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const parts = (date: Date, timeZone: string) =>
  Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;

/**
 * A moment as the site's local time (or GMT with `timeZone: 'UTC'`).
 *
 * @example
 * localDate(new Date('2030-01-01T12:00:00Z'), 'Europe/Paris'); // '2030-01-01T13:00:00'
 */
export function localDate(moment: Date, timeZone: string): MysqlDate {
  // GMT needs no zone data: the ISO form is it.
  const time = moment.getTime();
  if (timeZone === 'UTC' && time >= MIN_ISO_YEAR && time < MAX_ISO_YEAR) return moment.toISOString().slice(0, 19);
  const p = parts(moment, timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

/**
 * The moment a local time of the site's timezone names (the earlier one where a clock change
 * makes it ambiguous).
 *
 * @example
 * momentOf('2030-01-01T13:00:00', 'Europe/Paris').toISOString(); // '2030-01-01T12:00:00.000Z'
 */
export function momentOf(local: MysqlDate, timeZone: string): Date {
  const asUtc = Date.parse(`${local}Z`);
  if (Number.isNaN(asUtc)) return new Date(Number.NaN);
  // The zone's offset at that moment, taken twice to land on the right side of a change.
  let guess = asUtc;
  for (let step = 0; step < 2; step++) {
    const offset = Date.parse(`${localDate(new Date(guess), timeZone)}Z`) - guess;
    guess = asUtc - offset;
  }
  return new Date(guess);
}

/**
 * A date from a request (`2030-01-01T10:00:00`, with or without a zone or fraction), as the
 * original's `rest_parse_date`; `undefined` when it is not a date.
 *
 * @example
 * parseRequestDate('2030-01-01T10:00:00+02:00')?.toISOString(); // '2030-01-01T08:00:00.000Z'
 */
export function parseRequestDate(text: string, timeZone: string): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2})(\.\d+)?(Z|z|[+-]\d{2}:?\d{2})?$/.exec(text);
  if (match === null) return undefined;
  const local = (match[1] as string).replace(/[t ]/, 'T');
  const zone = match[3];
  const moment = zone === undefined ? momentOf(local, timeZone) : new Date(Date.parse(`${local}${zone.toUpperCase()}`));
  return Number.isNaN(moment.getTime()) ? undefined : moment;
}
