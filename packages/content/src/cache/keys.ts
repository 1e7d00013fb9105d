/**
 * The surrogate keys of a site's content: the names a shared cache (Varnish `xkey`, a CDN's
 * `Surrogate-Key`) files each answer under, and the names a write purges. One vocabulary for
 * both sides, so that what a read declares and what a write purges cannot drift apart.
 *
 * The rules (docs/scaling.md, "Purging by keys"):
 *
 * - **A read declares everything its answer was built from**: the key of every record it
 *   shows (embedded ones included), the collection key of every list it ran (a list's
 *   membership and order), and the key of anything else that decided the answer (the options
 *   it read; for an anonymous users list, the post lists whose published posts decide who is
 *   listed; for a page's `link`, its ancestors).
 * - **A write purges exactly what it changed**: the key of every row it wrote (counts it
 *   recomputed included: a post's terms move their `count`), and the collection key of the
 *   kind of each, after the commit.
 *
 * A record key names one record of any sub-type: posts, pages, attachments and custom types
 * share one id space, so `post-12` is record 12 whatever its type; `posts-page` is every list
 * of pages.
 *
 * @module
 */

/** A surrogate key: a short token without spaces (`post-12`, `posts-page`, `option-blogname`). */
export type CacheKey = string;

/** The key of one post of any type (post, page, attachment, a custom type). */
export function postKey(id: number): CacheKey {
  return `post-${id}`;
}

/** The key of every list of one post type (`posts-post`, `posts-page`, `posts-attachment`). */
export function postsKey(type: string): CacheKey {
  return `posts-${type}`;
}

/** The key of one term of any taxonomy. */
export function termKey(id: number): CacheKey {
  return `term-${id}`;
}

/** The key of every list of one taxonomy's terms (`terms-category`). */
export function termsKey(taxonomy: string): CacheKey {
  return `terms-${taxonomy}`;
}

/** The key of one user. */
export function userKey(id: number): CacheKey {
  return `user-${id}`;
}

/** The key of every list of users. */
export const USERS_KEY: CacheKey = 'users';

/** The key of one comment. */
export function commentKey(id: number): CacheKey {
  return `comment-${id}`;
}

/** The key of every list of comments not limited to given posts. */
export const COMMENTS_KEY: CacheKey = 'comments';

/** The key of the comments of one post (a list filtered by `post`, a post's embedded `replies`). */
export function postCommentsKey(postId: number): CacheKey {
  return `comment-post-${postId}`;
}

/** The key of one option (a setting: `option-blogname`, `option-timezone_string`). */
export function optionKey(name: string): CacheKey {
  return `option-${name}`;
}
