/**
 * The `term` search handler: terms of the taxonomies with routes, empty ones too, found by
 * name or slug and sorted by name, as `WP_Term_Query` finds them. As WordPress 6.1, a
 * result's `type` is its taxonomy and it has no `subtype`.
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';
import type { Database } from '@cms-json/database';
import { type Kysely, sql } from 'kysely';
import type { ContentTables } from '../tables.js';
import type { Term } from '../terms/store.js';
import type { TaxonomyRegistry } from '../terms/taxonomy.js';
import type { SearchHandler } from './search-handler.js';

/**
 * What the handler reads.
 *
 * @example
 * termSearchHandler({ database, taxonomies, namespace: 'cms/v2', termLink });
 */
export interface TermSearchOptions {
  /** The content database. */
  readonly database: Database<ContentTables>;
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
 * const handlers = [postSearchHandler(…), termSearchHandler({ database, taxonomies, namespace, termLink })];
 */
export function termSearchHandler(options: TermSearchOptions): SearchHandler {
  const { database } = options;
  const db: Kysely<ContentTables> = database.db;
  const { taxonomies, namespace } = options;
  return {
    type: 'term',
    subtypes: () =>
      taxonomies
        .all()
        .filter((taxonomy) => taxonomy.args.showInRest)
        .map((taxonomy) => taxonomy.name),
    async search(request: RestRequest, query) {
      let base = db.selectFrom('terms').where('terms.taxonomy', 'in', [...query.subtypes]);
      if (query.search !== undefined && query.search !== '') {
        const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        base = base.where((eb) =>
          eb.or([
            eb(database.lowerText(sql.ref('terms.name')), 'like', sql<string>`${pattern} escape '\\'`),
            eb(database.lowerText(sql.ref('terms.slug')), 'like', sql<string>`${pattern} escape '\\'`),
          ]),
        );
      }
      if (query.include.length > 0) base = base.where('terms.id', 'in', [...query.include]);
      if (query.exclude.length > 0) base = base.where('terms.id', 'not in', [...query.exclude]);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('terms.name', 'asc')
          .orderBy('terms.id', 'asc')
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage)
          .execute(),
        base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      const results = [];
      for (const row of rows) {
        const term: Term = {
          id: Number(row.id),
          taxonomy: row.taxonomy,
          name: row.name,
          slug: row.slug,
          description: row.description,
          parent: Number(row.parent),
          count: Number(row.count),
          termGroup: Number(row.term_group),
        };
        results.push({ id: term.id, title: term.name, url: await options.termLink(request, term), type: term.taxonomy });
      }
      return { results, total: Number(count.total) };
    },
    selfPath: (result) => {
      const args = taxonomies.get(result.type)?.args;
      return args === undefined ? undefined : `/${args.restNamespace}/${args.restBase}/${result.id}`;
    },
    aboutPath: (result) => `/${namespace}/taxonomies/${result.type}`,
  };
}
