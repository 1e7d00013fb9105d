/**
 * What every route of one taxonomy's terms shares: the taxonomy (its filtered arguments),
 * the term store, the object type named after the taxonomy (fields, links, hooks), and the
 * term a request is about, looked up once per request.
 *
 * @module
 */
import { type RestRequest, requestLocal } from '@cms-json/core';
import { contentError } from '../errors.js';
import type { PostAccessFields } from '../posts/store.js';
import { keptBatchPer, listsPerObject } from '../request-batch.js';
import type { Term, TermListForObjectsQuery, TermQuery, TermStore } from './store.js';
import type { TermsContext } from './types.js';

export type { TermsContext } from './types.js';

/** The collection's path under the REST root: `/cms/v2/categories`. */
export function basePath(context: TermsContext): string {
  return `/${context.taxonomy.args.restNamespace}/${context.taxonomy.args.restBase}`;
}

const loaded = requestLocal<Map<number, Promise<Term | undefined>>>('terms.loaded');

/**
 * The term with this id (of any taxonomy), looked up once per request.
 *
 * @example
 * const term = await lookupTerm(context, request, 3);
 */
export function lookupTerm(context: TermsContext, request: RestRequest, id: number): Promise<Term | undefined> {
  const cache = loaded.ensure(request, () => new Map());
  let found = cache.get(id);
  if (found === undefined) cache.set(id, (found = context.store.find(id)));
  return found;
}

/**
 * Forgets a deleted term for the rest of the request, so that the checks of `Allow` run after
 * the delete find it gone, as the original's do (a forced delete answers with no `Allow`).
 */
export function forgetTerm(request: RestRequest, id: number): void {
  loaded.ensure(request, () => new Map()).set(id, Promise.resolve(undefined));
}

/**
 * The term of the route's taxonomy with this id, or the original's 404 `rest_term_invalid`.
 *
 * @example
 * const term = await existingTerm(context, request, id);
 */
export async function existingTerm(context: TermsContext, request: RestRequest, id: number): Promise<Term> {
  const term = await lookupTerm(context, request, id);
  if (term === undefined || term.taxonomy !== context.taxonomy.name) throw contentError('rest_term_invalid');
  return term;
}

/**
 * What each post carries (its term ids, of every taxonomy, and the fields its read check
 * reads), or `undefined` for no such post: read for the requests answered together (the
 * `cms:term` links of an `_embed`) in one query, which the check of the post and the list of
 * its terms both use.
 */
const carried = keptBatchPer((store: TermStore, ids: number[]) => store.carriedTerms(ids));

/**
 * The post of this id as the terms' read check sees it, asked for with the other requests
 * answered together (the `cms:term` links of an `_embed`): one query for all of them, which
 * reads the terms they carry too, for their lists; `undefined` for no such post.
 *
 * @example
 * const post = await objectOf(context, request, args.post);
 * if (post === undefined) return contentError('rest_post_invalid_id');
 */
export async function objectOf(context: TermsContext, request: RestRequest, id: number): Promise<PostAccessFields | undefined> {
  return (await carried(context.store, request, id))?.post;
}

/** The fields a list of terms reads besides its object (every field of {@link TermQuery} but `object`). */
const QUERY_FIELDS = new Set([
  'taxonomy',
  'search',
  'include',
  'exclude',
  'slugs',
  'parent',
  'hideEmpty',
  'orderBy',
  'order',
  'limit',
  'offset',
]);

/**
 * The shape of a list of an object's terms: its fields' values in a fixed order, as JSON
 * (cheaper than the query object's own JSON, on each `cms:term` link of an `_embed`); a query
 * with a field a hook added, or a `null`, by its whole JSON text. Two queries of one shape
 * read the same.
 */
function termListShape(query: Omit<TermQuery, 'object'>): string {
  // A value `null` would be written as an absent one is: such a query by its own JSON too.
  const fields = query as Readonly<Record<string, unknown>>;
  for (const key in fields) if (!QUERY_FIELDS.has(key) || fields[key] === null) return JSON.stringify(query);
  const { taxonomy, search, include, exclude, slugs, parent, hideEmpty, orderBy, order, limit, offset } = query;
  return JSON.stringify([taxonomy, search, include, exclude, slugs, parent, hideEmpty, orderBy, order, limit, offset]);
}

const termsOfObject = listsPerObject(
  async (store: TermStore, query: TermListForObjectsQuery, ids, request) => {
    // Read when the check of the list found the posts (else now, for them all at once).
    const terms = await Promise.all(ids.map((id) => carried(store, request, id)));
    const known = new Map<number, readonly number[]>(ids.map((id, index) => [id, terms[index]?.terms ?? []]));
    return store.listForObjects(query, ids, { carried: known });
  },
  () => ({ terms: [] as Term[], total: 0 }),
  { shapeOf: termListShape },
);

/**
 * `store.list(query)`, where a query for the terms of one object is read with the others of
 * the same shape asked for by the requests answered together (the `cms:term` links of an
 * `_embed`): one query for all the posts of a page.
 *
 * @example
 * const { terms, total } = await listTerms(context, request, query);
 */
export async function listTerms(
  context: TermsContext,
  request: RestRequest,
  query: TermQuery,
): Promise<{ terms: Term[]; total: number }> {
  const { object, taxonomy, ...rest } = query;
  // The terms of one taxonomy an object carries are read with the other objects'; any other list alone.
  return object === undefined || typeof taxonomy !== 'string'
    ? context.store.list(query)
    : termsOfObject(context.store, request, { ...rest, taxonomy }, object);
}
