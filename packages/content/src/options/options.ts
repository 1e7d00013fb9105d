/**
 * Site options: the site's title and description, its timezone, the sticky posts and the
 * permalink base, kept as one JSON value per name in the `options` table. A later module
 * (settings) adds names; every name has a default, so a fresh site reads sensible values.
 *
 * @module
 */
import type { Kysely } from 'kysely';
import { type ContentTables, contentDb } from '../tables.js';

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
  allow_anonymous_comments: false,
  comment_registration: false,
  require_name_email: true,
  comment_moderation: false,
  comment_previously_approved: true,
});

/**
 * Reads and writes site options.
 *
 * @example
 * const options = new OptionsStore(db);
 * await options.set('title', 'My site');
 * await options.get('title'); // 'My site'
 */
export class OptionsStore {
  readonly #db: Kysely<ContentTables>;

  // biome-ignore lint/suspicious/noExplicitAny: any table types will do; the site's own tables may sit beside the content ones.
  constructor(db: Kysely<any>) {
    this.#db = contentDb(db);
  }

  /** The option's value, or its default when it was never set (or holds what is not JSON). */
  async get<K extends keyof SiteOptions>(name: K): Promise<SiteOptions[K]> {
    const row = await this.#db.selectFrom('options').select('value').where('name', '=', name).executeTakeFirst();
    if (row === undefined) return structuredClone(DEFAULT_OPTIONS[name]) as SiteOptions[K];
    try {
      return JSON.parse(row.value) as SiteOptions[K];
    } catch {
      return structuredClone(DEFAULT_OPTIONS[name]) as SiteOptions[K];
    }
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
