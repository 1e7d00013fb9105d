/**
 * The settings `/settings` shows and changes: the options WordPress 6.1 registers with
 * `show_in_rest` (`register_initial_settings`, and the site logo and icon of the block
 * library), in its order, each with its JSON type, description and default.
 *
 * @module
 */
import type { SiteOptions } from '../options/options.js';

/** A setting's value type, as its schema names it. */
export type SettingType = 'string' | 'integer' | 'boolean';

/**
 * One setting of `/settings`: its name (also the option's name), its type, description and
 * the original's extra keywords (`enum`, `format`).
 *
 * @example
 * const setting: Setting = { name: 'posts_per_page', type: 'integer', description: 'Blog pages show at most.' };
 */
export interface Setting {
  readonly name: keyof SiteOptions;
  readonly type: SettingType;
  readonly description: string;
  readonly enum?: readonly string[];
  readonly format?: 'uri' | 'email';
  /** The default its schema shows (`null` for the settings registered without one). */
  readonly schemaDefault?: string | number | boolean;
}

/** The settings of `/settings`, in the original's order. */
export const SETTINGS: readonly Setting[] = [
  { name: 'title', type: 'string', description: 'Site title.' },
  { name: 'description', type: 'string', description: 'Site tagline.' },
  { name: 'url', type: 'string', description: 'Site URL.', format: 'uri' },
  {
    name: 'email',
    type: 'string',
    description: 'This address is used for admin purposes, like new user notification.',
    format: 'email',
  },
  { name: 'timezone', type: 'string', description: 'A city in the same timezone as you.' },
  { name: 'date_format', type: 'string', description: 'A date format for all date strings.' },
  { name: 'time_format', type: 'string', description: 'A time format for all time strings.' },
  { name: 'start_of_week', type: 'integer', description: 'A day number of the week that the week should start on.' },
  { name: 'language', type: 'string', description: 'WordPress locale code.', schemaDefault: 'en_US' },
  {
    name: 'use_smilies',
    type: 'boolean',
    description: 'Convert emoticons like :-) and :-P to graphics on display.',
    schemaDefault: true,
  },
  { name: 'default_category', type: 'integer', description: 'Default post category.' },
  { name: 'default_post_format', type: 'string', description: 'Default post format.' },
  { name: 'posts_per_page', type: 'integer', description: 'Blog pages show at most.', schemaDefault: 10 },
  { name: 'show_on_front', type: 'string', description: 'What to show on the front page' },
  { name: 'page_on_front', type: 'integer', description: 'The ID of the page that should be displayed on the front page' },
  { name: 'page_for_posts', type: 'integer', description: 'The ID of the page that should display the latest posts' },
  {
    name: 'default_ping_status',
    type: 'string',
    description: 'Allow link notifications from other blogs (pingbacks and trackbacks) on new articles.',
    enum: ['open', 'closed'],
  },
  {
    name: 'default_comment_status',
    type: 'string',
    description: 'Allow people to submit comments on new posts.',
    enum: ['open', 'closed'],
  },
  { name: 'site_logo', type: 'integer', description: 'Site logo.' },
  { name: 'site_icon', type: 'integer', description: 'Site icon.' },
];

/**
 * Whether `name` is a time zone this runtime knows (an IANA name such as `Europe/Paris`, or
 * `UTC`): local dates are computed in it, so an unknown one is refused.
 *
 * @example
 * isTimeZone('Europe/Paris'); // true
 * isTimeZone('Mars/Olympus'); // false
 */
export function isTimeZone(name: string): boolean {
  if (name === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The offset from UTC of a time zone at a moment, in hours (`5.5`, `-4`), as WordPress's
 * `gmt_offset` for a site with a named time zone.
 *
 * @example
 * gmtOffset('Asia/Kolkata', Date.UTC(2030, 0, 1)); // 5.5
 */
export function gmtOffset(timeZone: string, at: number): number {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(at))
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(part ?? '');
  if (match === null) return 0;
  const hours = Number(match[2]) + Number(match[3]) / 60;
  return Math.round((match[1] === '-' ? -hours : hours) * 100) / 100;
}
