import { RestRequest } from '@cms-json/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, type OptionsStore, type ShownTimezone, type SiteOptions } from '../options/options.js';
import { describeSiteFromOptions } from './site-description.js';

/** An options store in memory, naming its time zone as `shown` says when given. */
function memoryOptions(stored: Partial<SiteOptions>, shown?: ShownTimezone): OptionsStore {
  const values: Partial<SiteOptions> = { ...stored };
  const store: OptionsStore = {
    get: async (name) => values[name] ?? DEFAULT_OPTIONS[name],
    find: async (name) => values[name],
    findMany: async (names) => {
      const out: Partial<SiteOptions> = {};
      for (const name of names) if (values[name] !== undefined) Object.assign(out, { [name]: values[name] });
      return out;
    },
    delete: async (name) => {
      delete values[name];
    },
    change: async (name, next) => {
      values[name] = next(values[name] ?? DEFAULT_OPTIONS[name]);
    },
    set: async (name, value) => {
      values[name] = value;
    },
  };
  return shown === undefined ? store : { ...store, shownTimezone: async () => shown };
}

const JANUARY = Date.UTC(2030, 0, 1);
const request = new RestRequest({ method: 'GET', path: '/', query: {}, headers: {} });

describe('describeSiteFromOptions', () => {
  it('names a stored zone and its offset now, and leaves UTC to the server', async () => {
    expect(await describeSiteFromOptions(memoryOptions({ timezone: 'Europe/Paris' }), () => JANUARY)(request)).toEqual({
      timezone_string: 'Europe/Paris',
      gmt_offset: 1,
    });
    expect(await describeSiteFromOptions(memoryOptions({ title: 'T', timezone: 'UTC' }), () => JANUARY)(request)).toEqual({
      name: 'T',
    });
  });

  it('shows the time zone as a store names it: no city and the stored offset, as WordPress', async () => {
    const offsetOnly = memoryOptions({ timezone: 'Etc/GMT-2' }, { timezoneString: '', gmtOffset: '2' });
    expect(await describeSiteFromOptions(offsetOnly, () => JANUARY)(request)).toEqual({ timezone_string: '', gmt_offset: '2' });
    const utc = memoryOptions({ timezone: 'UTC' }, { timezoneString: 'UTC', gmtOffset: '0' });
    expect(await describeSiteFromOptions(utc, () => JANUARY)(request)).toEqual({ timezone_string: 'UTC', gmt_offset: 0 });
    const city = memoryOptions({ timezone: 'Europe/Paris' }, { timezoneString: 'Europe/Paris', gmtOffset: '0' });
    expect(await describeSiteFromOptions(city, () => Date.UTC(2030, 6, 1))(request)).toEqual({
      timezone_string: 'Europe/Paris',
      gmt_offset: 2,
    });
  });
});
