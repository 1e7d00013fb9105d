/**
 * The root index's `name`, `description`, `timezone_string` and `gmt_offset` read from the
 * site's settings at each request, so a change through `/settings` shows in the index.
 *
 * @module
 */
import type { SiteDescriber, SiteDescription } from '@cms-json/core';
import { optionKey } from '../cache/keys.js';
import type { OptionsStore } from '../options/options.js';
import { gmtOffset, isTimeZone } from './settings.js';

/**
 * A describer for `server.describeSite`: the stored title, tagline and time zone (as the
 * store's {@link OptionsStore.shownTimezone} names it, when it does); a setting never stored
 * leaves the server's own value (`UTC` leaves WordPress's `'0'` and `''`).
 *
 * @example
 * server.describeSite(describeSiteFromOptions(new OptionsStore(db), Date.now));
 */
export function describeSiteFromOptions(options: OptionsStore, now: () => number): SiteDescriber {
  return async function describeSite(request) {
    // The index was built from these options: a shared cache files it under their keys.
    request.cacheKeys.add(optionKey('title'), optionKey('description'), optionKey('timezone'));
    const [stored, shown] = await Promise.all([
      options.findMany(['title', 'description', 'timezone']),
      options.shownTimezone?.(),
    ]);
    const out: SiteDescription = {};
    if (typeof stored.title === 'string') out.name = stored.title;
    if (typeof stored.description === 'string') out.description = stored.description;
    if (shown !== undefined) {
      // As the store names it (WordPress's options): a city's offset now, else the stored offset.
      out.timezone_string = shown.timezoneString;
      out.gmt_offset =
        shown.timezoneString !== '' && isTimeZone(shown.timezoneString)
          ? gmtOffset(shown.timezoneString, now())
          : shown.gmtOffset;
    } else if (typeof stored.timezone === 'string' && stored.timezone !== 'UTC') {
      out.timezone_string = stored.timezone;
      out.gmt_offset = gmtOffset(stored.timezone, now());
    }
    return out;
  };
}
