/**
 * Site options: the site's title and description, its timezone, the sticky posts, the
 * permalink base and the other settings of `/settings`, kept as one JSON value per name in
 * the `options` table; every name has a default, so a fresh site reads sensible values.
 *
 * @module
 */
import type { Database } from '@cms-json/database';
import type { Kysely } from 'kysely';
import { type ContentTables, contentDatabase, type SiteDatabase } from '../tables.js';

/**
 * The options the content package reads, with their types. A site may keep more names.
 *
 * @example
 * const title: SiteOptions['title'] = 'My site';
 */
export interface SiteOptions {
  /** The site's title (WordPress `blogname`). */
  title: string;
  /** The site's tagline (WordPress `blogdescription`). */
  description: string;
  /** An IANA timezone (`Europe/Paris`) or `UTC`: local dates (`date`, `modified`) are in it. */
  timezone: string;
  /** The ids of the sticky posts, in the order they were made sticky. */
  sticky_posts: number[];
  /** The permalink structure of posts: `/%postname%/` or `/?p=%post_id%` (plain). */
  permalink_structure: string;
  /** The site's address as the settings show it (WordPress `siteurl`); empty: the server's. */
  url: string;
  /** The administrator's address (WordPress `admin_email`). */
  email: string;
  /** How dates are written on the site (PHP `date` format). */
  date_format: string;
  /** How times are written on the site (PHP `date` format). */
  time_format: string;
  /** The first day of the week: 0 Sunday … 6 Saturday. */
  start_of_week: number;
  /** The site's locale code (WordPress `WPLANG`). */
  language: string;
  /** Whether emoticons become images on display. */
  use_smilies: boolean;
  /** The id of the category a post gets when it has none. */
  default_category: number;
  /** The format of a new post (`0`: standard). */
  default_post_format: string;
  /** How many records a page of the site shows. */
  posts_per_page: number;
  /** What the front page shows: `posts` or `page`. */
  show_on_front: string;
  /** The page shown on the front page when {@link show_on_front} is `page`. */
  page_on_front: number;
  /** The page that lists the latest posts when the front page shows a page. */
  page_for_posts: number;
  /** Whether new posts accept pingbacks and trackbacks. */
  default_ping_status: 'open' | 'closed';
  /** Whether new posts accept comments. */
  default_comment_status: 'open' | 'closed';
  /** The media id of the site's logo, `null` when it has none. */
  site_logo: number | null;
  /** The media id of the site's icon, 0 when it has none. */
  site_icon: number;
  /** Whether visitors who are not signed in may comment over REST (WordPress's `rest_allow_anonymous_comments` filter). */
  allow_anonymous_comments: boolean;
  /** Whether only signed-in users may comment at all (WordPress `comment_registration`). */
  comment_registration: boolean;
  /** Whether a comment needs its author's name and email (WordPress `require_name_email`). */
  require_name_email: boolean;
  /** Whether every comment waits for a moderator (WordPress `comment_moderation`). */
  comment_moderation: boolean;
  /** Whether a comment is held unless its author had one approved before (WordPress `comment_previously_approved`). */
  comment_previously_approved: boolean;
}

/** The value of each option on a site that never set it. */
export const DEFAULT_OPTIONS: Readonly<SiteOptions> = Object.freeze({
  title: 'cms-json',
  description: '',
  timezone: 'UTC',
  sticky_posts: [],
  permalink_structure: '/%postname%/',
  // WordPress 6.1's values on a fresh install (wp-admin/includes/schema.php populate_options).
  url: '',
  email: '',
  date_format: 'F j, Y',
  time_format: 'g:i a',
  start_of_week: 1,
  language: 'en_US',
  use_smilies: true,
  default_category: 1,
  default_post_format: '0',
  posts_per_page: 10,
  show_on_front: 'posts',
  page_on_front: 0,
  page_for_posts: 0,
  default_ping_status: 'open',
  default_comment_status: 'open',
  site_logo: null,
  site_icon: 0,
  allow_anonymous_comments: false,
  comment_registration: false,
  require_name_email: true,
  comment_moderation: false,
  comment_previously_approved: true,
});

/**
 * An option's default: a copy when it is an object or a list (never the shared one), as it
 * is when a plain value.
 *
 * @example
 * optionDefault('sticky_posts'); // [] (a fresh array)
 */
export function optionDefault<K extends keyof SiteOptions>(name: K): SiteOptions[K] {
  const value = DEFAULT_OPTIONS[name];
  return (typeof value === 'object' && value !== null ? structuredClone(value) : value) as SiteOptions[K];
}

/**
 * Reads and writes site options: the storage of options behind the settings and every
 * default, which a second storage implements too.
 *
 * @example
 * const options: OptionsStore = new SqlOptionsStore(database);
 * await options.set('title', 'My site');
 * await options.get('title'); // 'My site'
 */
export interface OptionsStore {
  /** The option's value, or its default when it was never set (or holds what is not JSON). */
  get<K extends keyof SiteOptions>(name: K): Promise<SiteOptions[K]>;
  /** The option's stored value, or `undefined` when it was never set (or holds what is not JSON). */
  find<K extends keyof SiteOptions>(name: K): Promise<SiteOptions[K] | undefined>;
  /** The stored values of several options in one query; a name never set (or not JSON) is left out. */
  findMany<K extends keyof SiteOptions>(names: readonly K[]): Promise<Partial<Pick<SiteOptions, K>>>;
  /** Forgets an option: it reads as its default again. */
  delete(name: keyof SiteOptions): Promise<void>;
  /** Changes an option from its current value, with no other change of it in between. */
  change<K extends keyof SiteOptions>(name: K, next: (current: SiteOptions[K]) => SiteOptions[K]): Promise<void>;
  /** Sets an option. */
  set<K extends keyof SiteOptions>(name: K, value: SiteOptions[K]): Promise<void>;
  /**
   * The time zone as the site's answers name it (the settings' `timezone`, the index's
   * `timezone_string` and `gmt_offset`), for a store that keeps it otherwise than the zone
   * dates are computed in (`timezone`): a WordPress database's `timezone_string` as stored
   * (`''` for a site with only a `gmt_offset`). Absent, or `undefined` (never set): the
   * answers show `timezone`.
   */
  shownTimezone?(): Promise<ShownTimezone | undefined>;
}

/**
 * The time zone as a site's answers name it ({@link OptionsStore.shownTimezone}).
 *
 * @example
 * const shown: ShownTimezone = { timezoneString: '', gmtOffset: '2' }; // WordPress's UTC+2
 */
export interface ShownTimezone {
  /** WordPress's `timezone_string`: a city (`Europe/Paris`), `UTC`, or `''` (only an offset). */
  readonly timezoneString: string;
  /** WordPress's `gmt_offset` as stored (`'2'`, `'-3.5'`): shown when there is no city. */
  readonly gmtOffset: string;
}

/**
 * The options store over a content database (the project's own schema, SQLite or PostgreSQL):
 * one row per option, its value as JSON.
 *
 * @example
 * const options = new SqlOptionsStore(database);
 * await options.set('title', 'My site');
 */
export class SqlOptionsStore implements OptionsStore {
  /** The database the options are kept in. */
  readonly database: Database<ContentTables>;
  readonly #db: Kysely<ContentTables>;

  constructor(database: SiteDatabase) {
    this.database = contentDatabase(database);
    this.#db = this.database.db;
  }

  /** The option's value, or its default when it was never set (or holds what is not JSON). */
  async get<K extends keyof SiteOptions>(name: K): Promise<SiteOptions[K]> {
    const row = await this.#stored(name);
    if (row === undefined) return optionDefault(name);
    try {
      return JSON.parse(row.value) as SiteOptions[K];
    } catch {
      return optionDefault(name);
    }
  }

  /** The option's stored value, or `undefined` when it was never set (or holds what is not JSON). */
  async find<K extends keyof SiteOptions>(name: K): Promise<SiteOptions[K] | undefined> {
    const row = await this.#stored(name);
    if (row === undefined) return undefined;
    try {
      return JSON.parse(row.value) as SiteOptions[K];
    } catch {
      return undefined;
    }
  }

  /** The stored row of an option (a read compiled once). */
  async #stored(name: keyof SiteOptions): Promise<{ value: string } | undefined> {
    const db = this.#db;
    const read = this.database.prepare('options.value', { name: '' }, (p) =>
      db.selectFrom('options').select('value').where('name', '=', p.name),
    );
    return (await read({ name }))[0];
  }

  /** The stored values of several options in one query; a name never set (or not JSON) is left out. */
  async findMany<K extends keyof SiteOptions>(names: readonly K[]): Promise<Partial<Pick<SiteOptions, K>>> {
    const out: Partial<Pick<SiteOptions, K>> = {};
    if (names.length === 0) return out;
    const db = this.#db;
    // Compiled once per number of names (a request asks for a few at a time).
    const read = this.database.prepare(`options.many.${names.length}`, { names: names.map((): string => '') }, (p) =>
      db.selectFrom('options').select(['name', 'value']).where('name', 'in', p.names),
    );
    const rows = await read({ names: [...names] });
    for (const row of rows) {
      try {
        out[row.name as K] = JSON.parse(row.value) as SiteOptions[K];
      } catch {
        // Not JSON: read as never set.
      }
    }
    return out;
  }

  /** Forgets an option: it reads as its default again. */
  async delete(name: keyof SiteOptions): Promise<void> {
    await this.#db.deleteFrom('options').where('name', '=', name).execute();
  }

  /**
   * Changes an option from its current value, with no other change of it in between: two
   * requests that each add a sticky post both find their post in the list. The option's row
   * is locked while `next` runs (`for update` on PostgreSQL; SQLite's one connection runs one
   * transaction at a time); an option never set is stored with its default first, so there
   * is a row to lock.
   *
   * @example
   * await options.change('sticky_posts', (ids) => [...ids, 42]);
   */
  async change<K extends keyof SiteOptions>(name: K, next: (current: SiteOptions[K]) => SiteOptions[K]): Promise<void> {
    const locking = this.database.dialect === 'postgres';
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .insertInto('options')
        .values({ name, value: JSON.stringify(optionDefault(name)) })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
      const read = trx.selectFrom('options').select('value').where('name', '=', name);
      const row = await (locking ? read.forUpdate() : read).executeTakeFirst();
      let current: SiteOptions[K];
      try {
        current = row === undefined ? optionDefault(name) : (JSON.parse(row.value) as SiteOptions[K]);
      } catch {
        current = optionDefault(name);
      }
      const changed = next(current);
      if (changed === current) return;
      await trx
        .updateTable('options')
        .set({ value: JSON.stringify(changed) })
        .where('name', '=', name)
        .execute();
    });
  }

  /** Sets an option (inserting or replacing it in one statement). */
  async set<K extends keyof SiteOptions>(name: K, value: SiteOptions[K]): Promise<void> {
    const json = JSON.stringify(value);
    await this.#db
      .insertInto('options')
      .values({ name, value: json })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: json }))
      .execute();
  }
}
