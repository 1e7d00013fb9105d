/**
 * A `wp_posts` row as content's `Post` and back: WordPress's column names (`ID`, `post_type`,
 * `post_name`, …) as the project's (`id`, `type`, `slug`, …), `datetime`s as the project's
 * dates, and the two fields WordPress keeps elsewhere: `template` (the `_wp_page_template`
 * meta, `default` read as `''`) and `format` (the `post_format` term, `post-format-aside` read
 * as `aside`, none as `standard`, the project's default), read by subqueries in the same round trip.
 *
 * @module
 */
import type { Post, PostsTable } from '@cms-json/content';
import type { ExpressionBuilder, Updateable } from 'kysely';
import { fromWordPressDate, toWordPressDate } from '../dates.js';
import type { WordPressTables, WpPostsTable } from '../tables.js';
import { ZERO_DATETIME } from '../tables.js';
import type { SiteClock } from './site-clock.js';

/** The meta key of a record's page template. */
export const TEMPLATE_META_KEY = '_wp_page_template';

/** The taxonomy of post formats, and the prefix of its terms' slugs. */
export const FORMAT_TAXONOMY = 'post_format';
export const FORMAT_SLUG_PREFIX = 'post-format-';

/** The columns of `posts` a record is read from. */
export const POST_COLUMNS = [
  'posts.ID',
  'posts.post_author',
  'posts.post_date',
  'posts.post_date_gmt',
  'posts.post_content',
  'posts.post_title',
  'posts.post_excerpt',
  'posts.post_status',
  'posts.comment_status',
  'posts.ping_status',
  'posts.post_password',
  'posts.post_name',
  'posts.post_modified',
  'posts.post_modified_gmt',
  'posts.post_parent',
  'posts.guid',
  'posts.menu_order',
  'posts.post_type',
  'posts.post_mime_type',
  'posts.comment_count',
] as const;

/** A row as read: the columns of {@link POST_COLUMNS} and the template and format subqueries. */
export interface WordPressPostRow {
  ID: number;
  post_author: number;
  post_date: string;
  post_date_gmt: string;
  post_content: string;
  post_title: string;
  post_excerpt: string;
  post_status: string;
  comment_status: string;
  ping_status: string;
  post_password: string;
  post_name: string;
  post_modified: string;
  post_modified_gmt: string;
  post_parent: number;
  guid: string;
  menu_order: number;
  post_type: string;
  post_mime_type: string;
  comment_count: number;
  template: string | null;
  format_slug: string | null;
}

/**
 * The template and format of each record as two correlated subqueries: the first
 * `_wp_page_template` row, and the slug of its `post_format` term (the first by name, as
 * `get_post_format` takes the first of `get_the_terms`).
 *
 * @example
 * db.selectFrom('posts').select(POST_COLUMNS).select(templateAndFormat);
 */
export function templateAndFormat(eb: ExpressionBuilder<WordPressTables, 'posts'>) {
  return [
    eb
      .selectFrom('postmeta')
      .select('postmeta.meta_value')
      .whereRef('postmeta.post_id', '=', 'posts.ID')
      .where('postmeta.meta_key', '=', TEMPLATE_META_KEY)
      .orderBy('postmeta.meta_id')
      .limit(1)
      .as('template'),
    eb
      .selectFrom('term_relationships')
      .innerJoin('term_taxonomy', 'term_taxonomy.term_taxonomy_id', 'term_relationships.term_taxonomy_id')
      .innerJoin('terms', 'terms.term_id', 'term_taxonomy.term_id')
      .select('terms.slug')
      .whereRef('term_relationships.object_id', '=', 'posts.ID')
      .where('term_taxonomy.taxonomy', '=', FORMAT_TAXONOMY)
      .orderBy('terms.name')
      .limit(1)
      .as('format_slug'),
  ];
}

/** The format of a record with no `post_format` term, as the project's `format` column defaults to it. */
export const STANDARD_FORMAT = 'standard';

/**
 * A post format term's slug as the project's `format` (`get_post_format`): `post-format-aside`
 * → `aside`; none → `standard`.
 *
 * @example
 * formatOfSlug('post-format-gallery'); // 'gallery'
 * formatOfSlug(null); // 'standard'
 */
export function formatOfSlug(slug: string | null): string {
  if (slug === null) return STANDARD_FORMAT;
  const format = slug.startsWith(FORMAT_SLUG_PREFIX) ? slug.slice(FORMAT_SLUG_PREFIX.length) : slug;
  return format === '' ? STANDARD_FORMAT : format;
}

/**
 * A row read from `posts` as content's `Post`. A zero GMT date (a draft whose date floats) is
 * read as WordPress's REST controller shows it: the local date taken to GMT by the site's
 * clock; without a clock it stays `''`.
 *
 * @example
 * const post = toPost(row, clock);
 */
export function toPost(row: WordPressPostRow, clock?: SiteClock): Post {
  const date = fromWordPressDate(row.post_date);
  const modified = fromWordPressDate(row.post_modified);
  const gmtOf = (local: string, stored: string) => {
    const gmt = fromWordPressDate(stored);
    return gmt !== '' || local === '' || clock === undefined ? gmt : clock.toGmt(local);
  };
  return {
    id: Number(row.ID),
    type: row.post_type,
    status: row.post_status,
    author: Number(row.post_author),
    parent: Number(row.post_parent),
    menu_order: Number(row.menu_order),
    slug: row.post_name,
    title: row.post_title,
    content: row.post_content,
    excerpt: row.post_excerpt,
    password: row.post_password,
    comment_status: row.comment_status,
    ping_status: row.ping_status,
    template: row.template === null || row.template === 'default' ? '' : row.template,
    format: formatOfSlug(row.format_slug),
    date,
    date_gmt: gmtOf(date, row.post_date_gmt),
    modified,
    modified_gmt: gmtOf(modified, row.post_modified_gmt),
    guid: row.guid,
    comment_count: Number(row.comment_count),
    mime_type: row.post_mime_type,
  };
}

/** Whether a stored row floats (a zero `post_date_gmt` or `post_modified_gmt`): reading it needs the site's clock. */
export function needsClock(row: Pick<WordPressPostRow, 'post_date_gmt' | 'post_modified_gmt'>): boolean {
  return row.post_date_gmt.startsWith('0000-00-00') || row.post_modified_gmt.startsWith('0000-00-00');
}

/**
 * The `posts` columns of some of a record's fields (not `id`, `template` and `format`, which
 * are not columns). Dates as WordPress `datetime`s.
 *
 * @example
 * postColumns({ title: 'Hello', status: 'publish' }); // { post_title: 'Hello', post_status: 'publish' }
 */
export function postColumns(changes: Updateable<PostsTable>): Updateable<WpPostsTable> {
  const out: Updateable<WpPostsTable> = {};
  if (changes.type !== undefined) out.post_type = changes.type;
  if (changes.status !== undefined) out.post_status = changes.status;
  if (changes.author !== undefined) out.post_author = changes.author;
  if (changes.parent !== undefined) out.post_parent = changes.parent;
  if (changes.menu_order !== undefined) out.menu_order = changes.menu_order;
  if (changes.slug !== undefined) out.post_name = changes.slug;
  if (changes.title !== undefined) out.post_title = changes.title;
  if (changes.content !== undefined) out.post_content = changes.content;
  if (changes.excerpt !== undefined) out.post_excerpt = changes.excerpt;
  if (changes.password !== undefined) out.post_password = changes.password;
  if (changes.comment_status !== undefined) out.comment_status = changes.comment_status;
  if (changes.ping_status !== undefined) out.ping_status = changes.ping_status;
  if (changes.date !== undefined) out.post_date = toWordPressDate(changes.date);
  if (changes.date_gmt !== undefined) out.post_date_gmt = toWordPressDate(changes.date_gmt);
  if (changes.modified !== undefined) out.post_modified = toWordPressDate(changes.modified);
  if (changes.modified_gmt !== undefined) out.post_modified_gmt = toWordPressDate(changes.modified_gmt);
  if (changes.guid !== undefined) out.guid = changes.guid;
  if (changes.comment_count !== undefined) out.comment_count = changes.comment_count;
  if (changes.mime_type !== undefined) out.post_mime_type = changes.mime_type;
  return out;
}

/** The zero date, for a draft whose date floats. */
export const FLOATING_GMT = ZERO_DATETIME;
