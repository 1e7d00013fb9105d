/**
 * The `term` search handler: terms of the taxonomies with routes, empty ones too, found by
 * name or slug and sorted by name, as `WP_Term_Query` finds them. As WordPress 6.1, a
 * result's `type` is its taxonomy and it has no `subtype`.
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';
import { termKey, termsKey } from '../cache/keys.js';
import type { Term, TermStore } from '../terms/store.js';
import type { TaxonomyRegistry } from '../terms/taxonomy.js';
import type { SearchHandler } from './search-handler.js';

/**
 * What the handler reads.
 *
 * @example
 * termSearchHandler({ terms: storage.terms, taxonomies, namespace: 'cms/v2', termLink });
 */
export interface TermSearchOptions {
  /** The terms' store. */
  readonly terms: TermStore;
  readonly taxonomies: TaxonomyRegistry;
  /** The content namespace, where `/taxonomies` is. */
  readonly namespace: string;
  /** A term's public address. */
  readonly termLink: (request: RestRequest, term: Term) => Promise<string>;
}

/**
 * The `term` handler of `/search`.
 *
 * @example
 * const handlers = [postSearchHandler(…), termSearchHandler({ terms, taxonomies, namespace, termLink })];
 */
export function termSearchHandler(options: TermSearchOptions): SearchHandler {
  const { terms: store, taxonomies, namespace } = options;
  return {
    type: 'term',
    subtypes: () =>
      taxonomies
        .all()
        .filter((taxonomy) => taxonomy.args.showInRest)
        .map((taxonomy) => taxonomy.name),
    async search(request: RestRequest, query) {
      const { terms, total } = await store.list({
        taxonomy: [...query.subtypes],
        search: query.search,
        include: query.include,
        exclude: query.exclude,
        hideEmpty: false,
        orderBy: 'name',
        order: 'asc',
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
      });
      request.cacheKeys.add(...query.subtypes.map(termsKey));
      const results = [];
      for (const term of terms) {
        request.cacheKeys.add(termKey(term.id));
        results.push({ id: term.id, title: term.name, url: await options.termLink(request, term), type: term.taxonomy });
      }
      return { results, total };
    },
    selfPath: (result) => {
      const args = taxonomies.get(result.type)?.args;
      return args === undefined ? undefined : `/${args.restNamespace}/${args.restBase}/${result.id}`;
    },
    aboutPath: (result) => `/${namespace}/taxonomies/${result.type}`,
  };
}
