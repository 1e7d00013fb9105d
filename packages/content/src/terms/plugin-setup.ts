/**
 * How the content plugin sets up taxonomies on a server: the term store, the registry (tied
 * to the server for {@link taxonomiesOf}), `category` and `post_tag`, each taxonomy's routes
 * from its controller class, and `/taxonomies`.
 *
 * @module
 */
import type { RestServer } from '@cms-json/core';
import { MetaFields } from '../meta/fields.js';
import { metaRegistry } from '../meta/registry.js';
import type { MetaStore } from '../meta/store.js';
import { userCan } from '../permissions.js';
import type { TermsContext } from './context.js';
import { TermsController } from './controller.js';
import { connectPostTerms } from './post-terms.js';
import type { TermStore } from './store.js';
import { taxonomiesRoutes } from './taxonomies-routes.js';
import { attachTaxonomies, registerBuiltInTaxonomies, TaxonomyRegistry } from './taxonomy.js';
import type { TermRecordTypes } from './types.js';

/**
 * Sets up taxonomies and terms on a server; returns the registry and the store.
 *
 * @example
 * const { taxonomies, terms } = setUpTaxonomies(server, { terms: storage.terms, meta: storage.meta.term }, 'cms/v2', {
 *   canReadPost: (request, post) => posts.canReadPost(request, post),
 * });
 */
export function setUpTaxonomies(
  server: RestServer,
  stores: { readonly terms: TermStore; readonly meta: MetaStore },
  namespace: string,
  posts: { readonly canReadPost?: TermsContext['canReadPost'] } = {},
): { taxonomies: TaxonomyRegistry; terms: TermStore } {
  const { terms, meta: metaStore } = stores;
  const relationBase = server.options.curieBase;
  const taxonomies: TaxonomyRegistry = new TaxonomyRegistry(server.objectTypes, namespace, (taxonomy) => {
    const context: TermsContext = {
      taxonomy,
      taxonomies,
      store: terms,
      type: server.objectTypes.serving<TermRecordTypes>(taxonomy.name),
      objectTypes: server.objectTypes,
      contentNamespace: namespace,
      relationBase,
      meta: new MetaFields({ registry: metaRegistry(server), store: metaStore, objectType: 'term', subtype: taxonomy.name }),
      canReadPost: posts.canReadPost,
    };
    // The taxonomy's post types get its field, filters, link, default term and counts.
    for (const objectType of taxonomy.objectTypes) {
      connectPostTerms(server.objectTypes.get(objectType), taxonomy, {
        store: terms,
        relationBase,
        userCan: (request, capability) => userCan(request, capability),
      });
    }
    const Controller = taxonomy.args.controller ?? TermsController;
    return { namespace: taxonomy.args.restNamespace, routes: new Controller(context).routes() };
  });
  attachTaxonomies(server, taxonomies);
  registerBuiltInTaxonomies(taxonomies);
  server.register(namespace, ...taxonomiesRoutes({ taxonomies, relationBase, namespace }));
  return { taxonomies, terms };
}
