/**
 * What every route of one taxonomy's terms shares: the taxonomy (its filtered arguments),
 * the term store, the object type named after the taxonomy (fields, links, hooks), and the
 * term a request is about, looked up once per request.
 *
 * @module
 */
import { type ObjectType, type ObjectTypeRegistry, type RestRequest, requestLocal } from '@cms-json/core';
import { contentError } from '../errors.js';
import type { MetaFields } from '../meta/fields.js';
import { listsPerObject, requestBatchPer } from '../request-batch.js';
import type { Term, TermQuery, TermStore } from './store.js';
import type { Taxonomy, TaxonomyRegistry } from './taxonomy.js';

/**
 * The shared state of a taxonomy's routes, given to its controller.
 *
 * @example
 * const controller = new TermsController(context);
 */
export interface TermsContext {
  readonly taxonomy: Taxonomy;
  readonly taxonomies: TaxonomyRegistry;
  readonly store: TermStore;
  /** The object type of the terms: named after the taxonomy (`category`, `genre`). */
  readonly type: ObjectType;
  /** The server's object types: the post types' arguments give their routes. */
  readonly objectTypes: ObjectTypeRegistry;
  /** The content namespace (`cms/v2`); post types without a namespace of their own are served there. */
  readonly contentNamespace: string;
  /** The base of the relation URIs (`https://api.cms-json.org/`). */
  readonly relationBase: string;
  /** The taxonomy's registered term meta; none when left out. */
  readonly meta?: MetaFields | undefined;
}

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

const existing = requestBatchPer(async (store: TermStore, ids: number[]) => {
  const found = await store.existingObjects(ids);
  return new Map(ids.map((id) => [id, found.has(id)]));
});

/**
 * Whether a post of this id exists, asked for with the other requests answered together
 * (the `cms:term` links of an `_embed`): one query for all of them.
 *
 * @example
 * if (!(await objectExists(context, request, args.post))) return contentError('rest_post_invalid_id');
 */
export async function objectExists(context: TermsContext, request: RestRequest, id: number): Promise<boolean> {
  return (await existing(context.store, request, id)) === true;
}

const termsOfObject = listsPerObject(
  (store: TermStore, query: Omit<TermQuery, 'object'>, ids) => store.listForObjects(query, ids),
  () => ({ terms: [] as Term[], total: 0 }),
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
  const { object, ...rest } = query;
  return object === undefined ? context.store.list(query) : termsOfObject(context.store, request, rest, object);
}
