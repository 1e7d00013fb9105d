/**
 * Every site option cms-json reads (`SiteOptions`) with the WordPress option that holds it and
 * how its value converts, in one table: WordPress keeps options as text (`'1'`, `'10'`,
 * PHP-serialized lists), cms-json as typed values. The time zone, kept in two options, is
 * the one not here (`timezone.ts`).
 *
 * @module
 */
import type { SiteOptions } from '@cms-json/content';
import { type PhpValue, phpList } from '../php-serialized.js';

/** How a value converts between WordPress's stored form and cms-json's. */
export interface OptionConversion<T> {
  /** The value from what `get_option` returns; `undefined` when it is not one (read as never set). */
  read(stored: PhpValue): T | undefined;
  /** What `update_option` is given; `null`: the option is deleted (`delete_option`). */
  write(value: T): PhpValue;
}

/** One option of the table. */
export interface OptionMapping<K extends keyof SiteOptions> {
  /** The WordPress option's name. */
  readonly option: string;
  readonly convert: OptionConversion<SiteOptions[K]>;
  /**
   * What WordPress's installer stores (`populate_options`): a forgotten option is set back to
   * it, as WordPress needs its options. Absent: forgetting the option leaves it as it is.
   */
  readonly installed?: PhpValue | undefined;
}

/** Text as it is (numbers as PHP prints them). */
const text: OptionConversion<string> = {
  read: (stored) => (typeof stored === 'string' ? stored : typeof stored === 'number' ? String(stored) : undefined),
  write: (value) => value,
};

/** An integer stored as its digits (`'10'`), as PHP's `(int)` reads it. */
const integer: OptionConversion<number> = {
  read: (stored) => {
    if (typeof stored === 'number') return Math.trunc(stored);
    if (typeof stored === 'boolean') return stored ? 1 : 0;
    if (typeof stored !== 'string') return undefined;
    const match = /^\s*[+-]?\d+/.exec(stored);
    return match === null ? 0 : Number.parseInt(match[0], 10);
  },
  write: (value) => String(value),
};

/** A boolean stored as `'1'` or `''` (`'0'` read as false too), as PHP's `(bool)` reads it. */
const boolean: OptionConversion<boolean> = {
  read: (stored) => {
    if (typeof stored === 'boolean') return stored;
    if (typeof stored === 'number') return stored !== 0;
    if (typeof stored === 'string') return stored !== '' && stored !== '0';
    return undefined;
  },
  write: (value) => (value ? '1' : ''),
};

/** A PHP-serialized list of ids (`a:1:{i:0;i:6;}`), positive integers only. */
const idList: OptionConversion<number[]> = {
  read: (stored) => {
    if (stored === '' || stored === false) return [];
    if (typeof stored !== 'object' || stored === null) return undefined;
    return phpList(stored)
      .map((id) => (typeof id === 'number' ? id : Number(id)))
      .filter((id) => Number.isInteger(id) && id > 0);
  },
  write: (value) => [...value],
};

/** An attachment id, or none (`null`): WordPress keeps `site_logo` only while there is a logo. */
const optionalId: OptionConversion<number | null> = {
  read: (stored) => {
    const id = integer.read(stored);
    return id === undefined || id <= 0 ? null : id;
  },
  write: (value) => (value === null ? null : String(value)),
};

/** `open` or `closed` (WordPress's settings page stores `''` for an unchecked box: closed). */
const openClosed: OptionConversion<'open' | 'closed'> = {
  read: (stored) => (stored === 'open' ? 'open' : stored === 'closed' || stored === '' || stored === '0' ? 'closed' : undefined),
  write: (value) => value,
};

/** The locale: WordPress stores `''` for English (United States). */
const locale: OptionConversion<string> = {
  read: (stored) => (stored === '' ? 'en_US' : text.read(stored)),
  write: (value) => (value === 'en_US' ? '' : value),
};

/** A value of `show_on_front`: `posts` or `page`. */
const frontPage: OptionConversion<string> = {
  read: (stored) => (stored === 'page' ? 'page' : stored === 'posts' ? 'posts' : undefined),
  write: (value) => value,
};

/** The names of the options that are not the time zone. */
export type MappedOption = Exclude<keyof SiteOptions, 'timezone'>;

/**
 * The table: each option of cms-json with its WordPress name, conversion and installed value.
 * `allow_anonymous_comments` is a filter in WordPress (`rest_allow_anonymous_comments`), not an
 * option: cms-json keeps it in an option of its own, `cms_json_allow_anonymous_comments`,
 * which WordPress ignores.
 */
export const OPTION_TABLE: { readonly [K in MappedOption]: OptionMapping<K> } = {
  title: { option: 'blogname', convert: text },
  description: { option: 'blogdescription', convert: text },
  sticky_posts: { option: 'sticky_posts', convert: idList, installed: [] },
  permalink_structure: { option: 'permalink_structure', convert: text, installed: '' },
  url: { option: 'siteurl', convert: text },
  email: { option: 'admin_email', convert: text },
  date_format: { option: 'date_format', convert: text, installed: 'F j, Y' },
  time_format: { option: 'time_format', convert: text, installed: 'g:i a' },
  start_of_week: { option: 'start_of_week', convert: integer, installed: '1' },
  language: { option: 'WPLANG', convert: locale, installed: '' },
  use_smilies: { option: 'use_smilies', convert: boolean, installed: '1' },
  default_category: { option: 'default_category', convert: integer, installed: '1' },
  default_post_format: { option: 'default_post_format', convert: text, installed: '0' },
  posts_per_page: { option: 'posts_per_page', convert: integer, installed: '10' },
  show_on_front: { option: 'show_on_front', convert: frontPage, installed: 'posts' },
  page_on_front: { option: 'page_on_front', convert: integer, installed: '0' },
  page_for_posts: { option: 'page_for_posts', convert: integer, installed: '0' },
  default_ping_status: { option: 'default_ping_status', convert: openClosed, installed: 'open' },
  default_comment_status: { option: 'default_comment_status', convert: openClosed, installed: 'open' },
  site_logo: { option: 'site_logo', convert: optionalId },
  site_icon: { option: 'site_icon', convert: integer, installed: '0' },
  allow_anonymous_comments: { option: 'cms_json_allow_anonymous_comments', convert: boolean },
  comment_registration: { option: 'comment_registration', convert: boolean, installed: '0' },
  require_name_email: { option: 'require_name_email', convert: boolean, installed: '1' },
  comment_moderation: { option: 'comment_moderation', convert: boolean, installed: '0' },
  comment_previously_approved: { option: 'comment_previously_approved', convert: boolean, installed: '1' },
};

/** The WordPress options that hold the time zone. */
export const TIMEZONE_OPTIONS = { timezoneString: 'timezone_string', gmtOffset: 'gmt_offset' } as const;
