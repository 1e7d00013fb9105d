/**
 * The query of a list of a taxonomy's terms, as the store takes it. Apart from the store so
 * the store and its list builders (`term-lists.ts`) share it without importing each other.
 *
 * @module
 */

/**
 * Sort keys of {@link TermQuery}, named as the REST `orderby` values.
 *
 * @example
 * const key: TermOrderBy = 'count';
 */
export type TermOrderBy = 'id' | 'include' | 'name' | 'slug' | 'include_slugs' | 'term_group' | 'description' | 'count';

/**
 * A filter and window over one taxonomy's terms.
 *
 * @example
 * const query: TermQuery = { taxonomy: 'post_tag', search: 'alp', hideEmpty: true, limit: 10, offset: 0 };
 */
export interface TermQuery {
  /** The taxonomy; several (in {@link TermStore.list} only): the terms of any of them (the term search). */
  taxonomy: string | readonly string[];
  /** Substring of the name or slug, case-insensitive. */
  search?: string | undefined;
  include?: readonly number[] | undefined;
  exclude?: readonly number[] | undefined;
  slugs?: readonly string[] | undefined;
  /** Only the children of this term (0: the top level). */
  parent?: number | undefined;
  /** Only the terms this object carries. */
  object?: number | undefined;
  /** Leave out terms with a count of 0. */
  hideEmpty?: boolean | undefined;
  /** Default `name`. */
  orderBy?: TermOrderBy | undefined;
  /** Default `asc`. */
  order?: 'asc' | 'desc' | undefined;
  /** Default 10. */
  limit?: number | undefined;
  /** Default 0. */
  offset?: number | undefined;
}

/**
 * The query of {@link TermStore.listForObjects}: a list of ONE taxonomy's terms, without `object`
 * (the objects are given apart).
 *
 * @example
 * const query: TermListForObjectsQuery = { taxonomy: 'post_tag', limit: 100 };
 */
export type TermListForObjectsQuery = Omit<TermQuery, 'object' | 'taxonomy'> & { taxonomy: string };
