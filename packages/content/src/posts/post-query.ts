/**
 * The query of a list of post-like records, as the store takes it: its filters, order and
 * page. Apart from the store so the store and its list builders (`post-lists.ts`) share it
 * without importing each other.
 *
 * @module
 */

/**
 * Sort keys of {@link PostQuery}, named as the REST `orderby` values.
 *
 * @example
 * const key: PostOrderBy = 'date';
 */
export type PostOrderBy =
  | 'author'
  | 'date'
  | 'id'
  | 'include'
  | 'modified'
  | 'parent'
  | 'relevance'
  | 'slug'
  | 'include_slugs'
  | 'title'
  | 'menu_order';

/**
 * A filter and page over the records of some types.
 *
 * @example
 * const query: PostQuery = { types: ['post'], statuses: ['publish'], nowGmt, perPage: 10, offset: 0 };
 */
export interface PostQuery {
  types: readonly string[];
  /** The statuses as they are now (`publish` includes `future` records whose date passed). */
  statuses: readonly string[];
  /** The current GMT time, `YYYY-MM-DDTHH:MM:SS`. */
  nowGmt: string;
  search?: string | undefined;
  /** Whether a search may find password-protected records (WordPress: only for those signed in). */
  searchProtected?: boolean | undefined;
  /** Where `search` looks: `post_title`, `post_content`, `post_excerpt` (default all three). */
  searchColumns?: readonly ('post_title' | 'post_content' | 'post_excerpt')[] | undefined;
  include?: readonly number[] | undefined;
  exclude?: readonly number[] | undefined;
  authors?: readonly number[] | undefined;
  authorsExclude?: readonly number[] | undefined;
  parents?: readonly number[] | undefined;
  parentsExclude?: readonly number[] | undefined;
  slugs?: readonly string[] | undefined;
  menuOrder?: number | undefined;
  /** Media types of attachments: `image/png` exactly, or `image` for any `image/…` (any of them matches). */
  mimeTypes?: readonly string[] | undefined;
  /** Local dates: records published after / before them. */
  after?: string | undefined;
  before?: string | undefined;
  modifiedAfter?: string | undefined;
  modifiedBefore?: string | undefined;
  /** Term filters (`?categories=1,2&tags_exclude=3`): each clause, joined by `relation` (default AND). */
  taxonomies?: { relation: 'AND' | 'OR'; clauses: readonly TaxonomyClause[] } | undefined;
  /** Only these ids (`sticky=true`), or never these (`sticky=false`). */
  stickyIds?: { ids: readonly number[]; include: boolean } | undefined;
  orderBy?: PostOrderBy | undefined;
  order?: 'asc' | 'desc' | undefined;
  /** Records per page; `undefined` for all of them (a post's revisions without `per_page`). */
  perPage: number | undefined;
  offset: number;
}

/**
 * One term filter of a list: records with any of the terms (`IN`), with all of them (`AND`),
 * or with none of them (`NOT IN`).
 *
 * @example
 * const clause: TaxonomyClause = { termIds: [2, 3], operator: 'IN' };
 */
export interface TaxonomyClause {
  readonly termIds: readonly number[];
  readonly operator: 'IN' | 'AND' | 'NOT IN';
}
