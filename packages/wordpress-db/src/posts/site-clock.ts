/**
 * The site's clock as WordPress keeps it: local times in the zone of the `timezone_string`
 * option, or at the fixed `gmt_offset` (hours) when there is no named zone, as
 * `get_gmt_from_date` and `current_time('mysql')` read them. Dates are the project's form
 * (`YYYY-MM-DDTHH:MM:SS`).
 *
 * @module
 */
import { localDate, momentOf } from '@cms-json/content';
import type { Database } from '@cms-json/database';
import type { WordPressTables } from '../tables.js';
import { getOptions } from '../wordpress-options.js';

/**
 * Local time and GMT of one site.
 *
 * @example
 * const clock = await siteClock(wordpress.database);
 * clock.toGmt('2023-01-05T10:00:00'); // '2023-01-05T09:00:00' in Europe/Paris
 */
export interface SiteClock {
  /** A local time of the site as GMT (`get_gmt_from_date`). */
  toGmt(local: string): string;
  /** A moment as the site's local time (`current_time('mysql')` for now). */
  local(moment: Date): string;
}

/** A valid IANA zone name, or `undefined`. */
function zoneOf(name: unknown): string | undefined {
  if (typeof name !== 'string' || name === '') return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name;
  } catch {
    return undefined;
  }
}

/**
 * A clock at a fixed offset from GMT (hours, `5.5` for +05:30), or in a named zone.
 *
 * @example
 * clockOf({ offsetHours: 2 }).local(new Date('2023-01-05T09:00:00Z')); // '2023-01-05T11:00:00'
 */
export function clockOf(zone: { timeZone?: string | undefined; offsetHours?: number | undefined }): SiteClock {
  const timeZone = zoneOf(zone.timeZone);
  if (timeZone !== undefined) {
    return {
      toGmt: (local) => {
        const moment = momentOf(local, timeZone);
        return Number.isNaN(moment.getTime()) ? local : localDate(moment, 'UTC');
      },
      local: (moment) => localDate(moment, timeZone),
    };
  }
  const offsetMs = Math.round((zone.offsetHours ?? 0) * 3_600_000);
  return {
    toGmt: (local) => {
      const time = Date.parse(`${local}Z`);
      return Number.isNaN(time) ? local : localDate(new Date(time - offsetMs), 'UTC');
    },
    local: (moment) => localDate(new Date(moment.getTime() + offsetMs), 'UTC'),
  };
}

/**
 * The clock of the site in this database (its `timezone_string` and `gmt_offset` options).
 *
 * @example
 * const nowLocal = (await siteClock(wordpress.database)).local(new Date());
 */
export async function siteClock(database: Database<WordPressTables>): Promise<SiteClock> {
  const options = await getOptions(database, ['timezone_string', 'gmt_offset']);
  const offset = Number(options.gmt_offset ?? 0);
  return clockOf({
    timeZone: typeof options.timezone_string === 'string' ? options.timezone_string : undefined,
    offsetHours: Number.isFinite(offset) ? offset : 0,
  });
}
