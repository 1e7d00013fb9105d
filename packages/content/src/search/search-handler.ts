/**
 * What `/search` asks of each kind of object it finds (the original's `WP_REST_Search_Handler`):
 * its `type`, its subtypes, and a page of results with the total.
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';

/**
 * One search: the subtypes to look in (never empty), the words, the ids to keep or leave out,
 * and the page.
 *
 * @example
 * const query: SearchQuery = { subtypes: ['post', 'page'], search: 'hello', include: [], exclude: [], page: 1, perPage: 10 };
 */
export interface SearchQuery {
  readonly subtypes: readonly string[];
  readonly search: string | undefined;
  readonly include: readonly number[];
  readonly exclude: readonly number[];
  readonly page: number;
  readonly perPage: number;
}

/**
 * One result, in the original's field order: `subtype` only for posts (WordPress 6.1's term
 * results carry the taxonomy as their `type` and no subtype).
 *
 * @example
 * const result: SearchResult = { id: 1, title: 'Hello world', url: 'https://example.com/hello-world/', type: 'post', subtype: 'post' };
 */
// A type, not an interface: a route's record (a plain record to the links) is read back as one.
export type SearchResult = {
  id: number;
  title: string;
  url: string;
  type: string;
  subtype?: string;
};

/**
 * A kind of object `/search` finds: `post` (posts, pages, custom types) or `term`.
 *
 * @example
 * const handler: SearchHandler = { type: 'term', subtypes: () => ['category', 'post_tag'], search, selfPath, aboutPath };
 */
export interface SearchHandler {
  /** The `type` argument that picks it. */
  readonly type: string;
  /** Its subtypes: the post types or taxonomies it searches. */
  subtypes(): string[];
  /** A page of results and the count of all. */
  search(request: RestRequest, query: SearchQuery): Promise<{ results: SearchResult[]; total: number }>;
  /** The REST path of a result's own record (`/cms/v2/posts/1`), for its embeddable `self` link. */
  selfPath(result: SearchResult): string | undefined;
  /** The REST path of the description of a result's subtype (`/cms/v2/types/post`). */
  aboutPath(result: SearchResult): string;
}
