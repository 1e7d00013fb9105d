/**
 * A route's links, made ready once per link context (one site URL) and kept on the compiled
 * route: the function that builds each record's `_links`, and the writer of their JSON text.
 *
 * @module
 */
import type { CurieRegistry } from './curies.js';
import {
  type LinkContext,
  type LinkResolver,
  type LinkTemplate,
  type ReadyTemplate,
  readyTemplates,
  resolverOf,
} from './link.js';
import { type LinksWriter, linksWriter } from './link-json.js';

/** What one link context gets: the templates made ready, their resolver, and their writer once asked for. */
interface ForContext {
  readonly ready: readonly ReadyTemplate[];
  readonly resolver: LinkResolver;
  writer: LinksWriter | undefined | null;
}

/**
 * The links of one compiled route.
 *
 * @example
 * ```ts
 * const links = new RouteLinks([{ rel: 'self', href: '/tel/v1/outgoing-links/:id' }]);
 * links.resolver(context)({ id: 3 }); // { self: [{ href: '…/tel/v1/outgoing-links/3' }] }
 * ```
 */
export class RouteLinks {
  readonly #byContext = new WeakMap<LinkContext, ForContext>();

  constructor(readonly templates: readonly LinkTemplate[]) {}

  #for(context: LinkContext): ForContext {
    let found = this.#byContext.get(context);
    if (found === undefined) {
      const ready = readyTemplates(this.templates, context);
      found = { ready, resolver: resolverOf(ready), writer: null };
      this.#byContext.set(context, found);
    }
    return found;
  }

  /** Builds a record's `_links` (relations as declared; CURIEs are applied by the caller). */
  resolver(context: LinkContext): LinkResolver {
    return this.#for(context).resolver;
  }

  /** Writes a record's `_links` as JSON text, CURIEs applied; `undefined` when the templates need link objects. */
  writer(context: LinkContext, curies: CurieRegistry): LinksWriter | undefined {
    const found = this.#for(context);
    if (found.writer === null) found.writer = linksWriter(found.ready, curies);
    return found.writer;
  }
}
