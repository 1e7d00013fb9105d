/**
 * `GET /<rest_base>`: a taxonomy's terms, filtered, sorted and paged as the original's
 * `get_terms` does it. The taxonomy's `query` hooks see the store query last.
 *
 * @module
 */
import { pageWindow, type RestRequest } from '@cms-json/core';
import type { ListTermArgs } from './args.js';
import type { TermsContext } from './context.js';
import type { TermQuery } from './store.js';

/**
 * The store query of a list request, after the taxonomy's `query` hooks.
 *
 * @example
 * const query = await termQuery(context, args, request);
 * const { terms, total } = await context.store.list(query);
 */
export async function termQuery(context: TermsContext, args: ListTermArgs, request: RestRequest): Promise<TermQuery> {
  const { limit, offset } = pageWindow(args);
  const query: TermQuery = {
    taxonomy: context.taxonomy.name,
    search: args.search,
    include: args.include,
    exclude: args.exclude,
    slugs: args.slug,
    parent: context.taxonomy.args.hierarchical ? args.parent : undefined,
    object: args.post ?? undefined,
    hideEmpty: args.hide_empty,
    orderBy: args.orderby,
    order: args.order,
    limit,
    offset,
  };
  // No hook: the query as it is, with no wait (each `cms:term` link of an `_embed` is a list).
  if (context.type.hooks('query').length === 0) return query;
  return context.type.filter('query', { ...query }, { request });
}
