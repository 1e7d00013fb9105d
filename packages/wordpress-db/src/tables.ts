/**
 * The row types of WordPress's own tables (WordPress 6.1's `wp-admin/includes/schema.php`),
 * for Kysely, named without the site's table prefix: the connection adds it to every query
 * ({@link TablePrefixPlugin}). Dates are MySQL `datetime`s read as strings
 * (`'2023-01-05 09:00:00'`, `'0000-00-00 00:00:00'` for none); ids are `bigint unsigned`, read
 * as numbers (`supportBigNumbers` off: WordPress's ids stay far below 2^53).
 *
 * @module
 */
import type { Generated } from 'kysely';

/** A row of `<prefix>posts`: a record of any post type. */
export interface WpPostsTable {
  ID: Generated<number>;
  post_author: Generated<number>;
  post_date: Generated<string>;
  post_date_gmt: Generated<string>;
  post_content: string;
  post_title: string;
  post_excerpt: string;
  post_status: Generated<string>;
  comment_status: Generated<string>;
  ping_status: Generated<string>;
  post_password: Generated<string>;
  post_name: Generated<string>;
  to_ping: string;
  pinged: string;
  post_modified: Generated<string>;
  post_modified_gmt: Generated<string>;
  post_content_filtered: string;
  post_parent: Generated<number>;
  guid: Generated<string>;
  menu_order: Generated<number>;
  post_type: Generated<string>;
  post_mime_type: Generated<string>;
  comment_count: Generated<number>;
}

/** A row of `<prefix>postmeta`, `<prefix>termmeta`, `<prefix>commentmeta` (named by their own id column). */
export interface WpPostMetaTable {
  meta_id: Generated<number>;
  post_id: Generated<number>;
  meta_key: string | null;
  meta_value: string | null;
}

/** A row of `<prefix>termmeta`. */
export interface WpTermMetaTable {
  meta_id: Generated<number>;
  term_id: Generated<number>;
  meta_key: string | null;
  meta_value: string | null;
}

/** A row of `<prefix>commentmeta`. */
export interface WpCommentMetaTable {
  meta_id: Generated<number>;
  comment_id: Generated<number>;
  meta_key: string | null;
  meta_value: string | null;
}

/** A row of `<prefix>usermeta` (its id column is `umeta_id`). */
export interface WpUserMetaTable {
  umeta_id: Generated<number>;
  user_id: Generated<number>;
  meta_key: string | null;
  meta_value: string | null;
}

/** A row of `<prefix>users`. */
export interface WpUsersTable {
  ID: Generated<number>;
  user_login: Generated<string>;
  user_pass: Generated<string>;
  user_nicename: Generated<string>;
  user_email: Generated<string>;
  user_url: Generated<string>;
  user_registered: Generated<string>;
  user_activation_key: Generated<string>;
  user_status: Generated<number>;
  display_name: Generated<string>;
}

/** A row of `<prefix>terms`. */
export interface WpTermsTable {
  term_id: Generated<number>;
  name: Generated<string>;
  slug: Generated<string>;
  term_group: Generated<number>;
}

/** A row of `<prefix>term_taxonomy`. */
export interface WpTermTaxonomyTable {
  term_taxonomy_id: Generated<number>;
  term_id: Generated<number>;
  taxonomy: Generated<string>;
  description: string;
  parent: Generated<number>;
  count: Generated<number>;
}

/** A row of `<prefix>term_relationships`. */
export interface WpTermRelationshipsTable {
  object_id: Generated<number>;
  term_taxonomy_id: Generated<number>;
  term_order: Generated<number>;
}

/** A row of `<prefix>comments`. */
export interface WpCommentsTable {
  comment_ID: Generated<number>;
  comment_post_ID: Generated<number>;
  comment_author: string;
  comment_author_email: Generated<string>;
  comment_author_url: Generated<string>;
  comment_author_IP: Generated<string>;
  comment_date: Generated<string>;
  comment_date_gmt: Generated<string>;
  comment_content: string;
  comment_karma: Generated<number>;
  comment_approved: Generated<string>;
  comment_agent: Generated<string>;
  comment_type: Generated<string>;
  comment_parent: Generated<number>;
  user_id: Generated<number>;
}

/** A row of `<prefix>options`. Values are PHP-serialized when they are not scalars (`php-serialized.ts`). */
export interface WpOptionsTable {
  option_id: Generated<number>;
  option_name: Generated<string>;
  option_value: string;
  autoload: Generated<string>;
}

/**
 * WordPress's tables as Kysely sees them, without the prefix.
 *
 * @example
 * const database: WordPressDatabase = await openWordPressDatabase({ url: 'mysql://wp:secret@127.0.0.1/wordpress' });
 * const posts = await database.db.selectFrom('posts').select(['ID', 'post_title']).where('post_type', '=', 'post').execute();
 */
export interface WordPressTables {
  posts: WpPostsTable;
  postmeta: WpPostMetaTable;
  users: WpUsersTable;
  usermeta: WpUserMetaTable;
  terms: WpTermsTable;
  term_taxonomy: WpTermTaxonomyTable;
  term_relationships: WpTermRelationshipsTable;
  termmeta: WpTermMetaTable;
  comments: WpCommentsTable;
  commentmeta: WpCommentMetaTable;
  options: WpOptionsTable;
}

/** The names of {@link WordPressTables}, which the connection prefixes. */
export const WORDPRESS_TABLES: readonly (keyof WordPressTables)[] = [
  'posts',
  'postmeta',
  'users',
  'usermeta',
  'terms',
  'term_taxonomy',
  'term_relationships',
  'termmeta',
  'comments',
  'commentmeta',
  'options',
];

/** The "no date" of WordPress's `datetime` columns (a draft's `post_date_gmt`, say). */
export const ZERO_DATETIME = '0000-00-00 00:00:00';
