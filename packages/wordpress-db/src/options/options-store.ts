/**
 * `WordPressOptionsStore`: content's `OptionsStore` over WordPress's `<prefix>options`: each
 * site option read from and written to the WordPress option that holds it (`title` is
 * `blogname`, `language` is `WPLANG`, …; `option-table.ts`), converted between WordPress's text
 * and cms-json's types, so the settings cms-json changes are the ones WordPress's admin shows.
 *
 * @module
 */
import type { OptionsStore, SiteOptions } from '@cms-json/content';
import { DEFAULT_OPTIONS } from '@cms-json/content';
import type { WordPressDatabase } from '../connection.js';
import { maybeUnserialize, type PhpValue } from '../php-serialized.js';
import { deleteOption, getOptions, setOption } from '../wordpress-options.js';
import { OptionCache, type OptionCacheOptions, type StoredOptions } from './option-cache.js';
import { type MappedOption, OPTION_TABLE, TIMEZONE_OPTIONS } from './option-table.js';
import { siteTimezone, wordpressTimezone } from './timezone.js';

/** A copy of an option's default (never the shared list). */
function defaultOf<K extends keyof SiteOptions>(name: K): SiteOptions[K] {
  const value = DEFAULT_OPTIONS[name];
  return (typeof value === 'object' && value !== null ? structuredClone(value) : value) as SiteOptions[K];
}

/** The WordPress options that hold a site option. */
function optionNamesOf(name: keyof SiteOptions): string[] {
  return name === 'timezone' ? [TIMEZONE_OPTIONS.timezoneString, TIMEZONE_OPTIONS.gmtOffset] : [OPTION_TABLE[name].option];
}

/** Every WordPress option a site option is kept in: read together, one statement. */
const ALL_OPTION_NAMES: readonly string[] = [
  ...new Set([
    ...(Object.keys(OPTION_TABLE) as MappedOption[]).map((name) => OPTION_TABLE[name].option),
    ...optionNamesOf('timezone'),
  ]),
];

/** The key of the probe that tells whether a transaction is open (its work does nothing). */
const TRANSACTION_PROBE: object = Object.freeze({});

/**
 * Options of {@link WordPressOptionsStore}.
 *
 * @example
 * const options: WordPressOptionsStoreOptions = { cache: { ttlMs: 0 } }; // no cache
 */
export interface WordPressOptionsStoreOptions {
  /** The short-lived cache of the options read (`option-cache.ts`): at most 1 s. @default { ttlMs: 1000 } */
  cache?: OptionCacheOptions | undefined;
}

/**
 * The options store of a WordPress site. A WordPress option that is missing, or holds what
 * does not convert, reads as never set (the content default); the time zone is
 * `timezone_string`, or a fixed-offset zone from `gmt_offset` when the site has no city
 * (`timezone.ts`). Reads outside a transaction are answered from a snapshot of every mapped
 * option at most 1 s old (`option-cache.ts`: WordPress's own changes show within that second;
 * this store's writes clear it at once).
 *
 * @example
 * const options = new WordPressOptionsStore(wordpress);
 * await options.get('title');              // blogname
 * await options.set('posts_per_page', 5);  // posts_per_page = '5'
 */
export class WordPressOptionsStore implements OptionsStore {
  readonly #wordpress: WordPressDatabase;
  readonly #cache: OptionCache;

  constructor(wordpress: WordPressDatabase, options: WordPressOptionsStoreOptions = {}) {
    this.#wordpress = wordpress;
    this.#cache = new OptionCache(options.cache);
  }

  /**
   * The stored options: inside a transaction read there (its own writes seen), else every
   * mapped option from the cache's snapshot (one statement a second at most).
   */
  async #stored(names: readonly string[]): Promise<StoredOptions> {
    const database = this.#wordpress.database;
    const inTransaction = database.beforeCommit(TRANSACTION_PROBE, () => ({ beforeCommit: async () => {} }));
    if (inTransaction !== undefined) return getOptions(database, names);
    return this.#cache.read(() => getOptions(database, ALL_OPTION_NAMES));
  }

  /** Runs a write with the cache cleared when it starts and when its transaction commits. */
  async #writing(work: () => Promise<void>): Promise<void> {
    this.#cache.invalidate();
    try {
      await work();
    } finally {
      this.#cache.invalidate();
    }
    await this.#wordpress.database.afterCommit(() => this.#cache.invalidate());
  }

  /** The option's value, or its default when the site has none (or one that does not convert). */
  async get<K extends keyof SiteOptions>(name: K): Promise<SiteOptions[K]> {
    return (await this.find(name)) ?? defaultOf(name);
  }

  /** The option's stored value, or `undefined` when the site has none (or one that does not convert). */
  async find<K extends keyof SiteOptions>(name: K): Promise<SiteOptions[K] | undefined> {
    const found = await this.findMany([name]);
    return found[name];
  }

  /** The stored values of several options in one query; a missing (or unconvertible) one is left out. */
  async findMany<K extends keyof SiteOptions>(names: readonly K[]): Promise<Partial<Pick<SiteOptions, K>>> {
    const out: Partial<Pick<SiteOptions, K>> = {};
    if (names.length === 0) return out;
    const stored = await this.#stored([...new Set(names.flatMap(optionNamesOf))]);
    for (const name of names) {
      const value = readOption(name, stored);
      if (value !== undefined) out[name] = value;
    }
    return out;
  }

  /**
   * The time zone as WordPress's own answers name it: `timezone_string` as stored (`''` for a
   * site with only a `gmt_offset`, where `timezone` is the `Etc/GMT∓h` zone dates use) and
   * `gmt_offset` as stored; `undefined` when the site has neither.
   *
   * @example
   * await options.shownTimezone(); // { timezoneString: '', gmtOffset: '2' } on a UTC+2 site
   */
  async shownTimezone(): Promise<{ timezoneString: string; gmtOffset: string } | undefined> {
    const stored = await this.#stored(optionNamesOf('timezone'));
    const city = stored[TIMEZONE_OPTIONS.timezoneString];
    const offset = stored[TIMEZONE_OPTIONS.gmtOffset];
    if (city === undefined && offset === undefined) return undefined;
    return {
      timezoneString: typeof city === 'string' ? city : '',
      gmtOffset: typeof offset === 'string' || typeof offset === 'number' ? String(offset) : '0',
    };
  }

  /**
   * Forgets an option: WordPress's options are set back to the value WordPress's installer
   * gives them (WordPress needs them); those with none (`blogname`, `siteurl`, `admin_email`)
   * are left as they are; cms-json's own option is deleted.
   */
  async delete(name: keyof SiteOptions): Promise<void> {
    await this.#writing(() => this.#delete(name));
  }

  async #delete(name: keyof SiteOptions): Promise<void> {
    const database = this.#wordpress.database;
    if (name === 'timezone') {
      await setOption(database, TIMEZONE_OPTIONS.timezoneString, '');
      await setOption(database, TIMEZONE_OPTIONS.gmtOffset, '0');
      return;
    }
    const mapping = OPTION_TABLE[name];
    if ('installed' in mapping && mapping.installed !== undefined) await setOption(database, mapping.option, mapping.installed);
    else if (name === 'allow_anonymous_comments' || name === 'site_logo') await deleteOption(database, mapping.option);
  }

  /**
   * Changes an option from its current value with no other change of it in between: the
   * option's row is locked (`SELECT … FOR UPDATE`) in a transaction while `next` runs; a
   * missing option is added first, so there is a row to lock.
   *
   * @example
   * await options.change('sticky_posts', (ids) => [...ids, 42]);
   */
  async change<K extends keyof SiteOptions>(name: K, next: (current: SiteOptions[K]) => SiteOptions[K]): Promise<void> {
    await this.#writing(() => this.#change(name, next));
  }

  async #change<K extends keyof SiteOptions>(name: K, next: (current: SiteOptions[K]) => SiteOptions[K]): Promise<void> {
    const database = this.#wordpress.database;
    const names = optionNamesOf(name);
    await database.transaction(async () => {
      const db = database.db;
      const rows = await db
        .selectFrom('options')
        .select(['option_name', 'option_value'])
        .where('option_name', 'in', names)
        .forUpdate()
        .execute();
      const stored: Record<string, PhpValue> = {};
      for (const row of rows) stored[row.option_name] = maybeUnserialize(row.option_value);
      const current = readOption(name, stored) ?? defaultOf(name);
      const changed = next(current);
      if (changed === current) return;
      await this.#write(name, changed);
    });
  }

  /** Sets an option (as `update_option`: the row added when the site had none). */
  async set<K extends keyof SiteOptions>(name: K, value: SiteOptions[K]): Promise<void> {
    await this.#writing(() => this.#write(name, value));
  }

  async #write<K extends keyof SiteOptions>(name: K, value: SiteOptions[K]): Promise<void> {
    const database = this.#wordpress.database;
    if (name === 'timezone') {
      const zone = wordpressTimezone(String(value));
      await database.transaction(async () => {
        await setOption(database, TIMEZONE_OPTIONS.timezoneString, zone.timezoneString);
        if (zone.gmtOffset !== undefined) await setOption(database, TIMEZONE_OPTIONS.gmtOffset, String(zone.gmtOffset));
      });
      return;
    }
    const mapping = OPTION_TABLE[name as MappedOption] as { option: string; convert: { write(value: unknown): PhpValue } };
    const written = mapping.convert.write(value);
    if (written === null) await deleteOption(database, mapping.option);
    else await setOption(database, mapping.option, written);
  }
}

/** A site option from the WordPress options read (by WordPress name), or `undefined`. */
function readOption<K extends keyof SiteOptions>(
  name: K,
  stored: Readonly<Partial<Record<string, PhpValue>>>,
): SiteOptions[K] | undefined {
  if (name === 'timezone') {
    const city = stored[TIMEZONE_OPTIONS.timezoneString];
    const offset = stored[TIMEZONE_OPTIONS.gmtOffset];
    if (city === undefined && offset === undefined) return undefined;
    const zone = siteTimezone({
      timezoneString: typeof city === 'string' ? city : '',
      gmtOffset: offset === undefined || offset === '' ? 0 : Number(offset),
    });
    return zone as SiteOptions[K];
  }
  const mapping = OPTION_TABLE[name as MappedOption] as { option: string; convert: { read(stored: PhpValue): unknown } };
  const value = stored[mapping.option];
  return value === undefined ? undefined : (mapping.convert.read(value) as SiteOptions[K] | undefined);
}
