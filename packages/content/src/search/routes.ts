/**
 * `/search`: one list over posts or terms, as WordPress 6.1's search controller — results
 * `{id, title, url, type, subtype}` with an embeddable `self` link to the object's own
 * record, `about` and `collection`, paged with the totals headers and `Link`.
 *
 * @module
 */
import {
  collectionArgs,
  collectionResponse,
  contextArg,
  defineRoute,
  type ObjectTypeRegistry,
  READABLE,
  type Route,
} from '@cms-json/core';
import { z } from 'zod';
import { contentError } from '../errors.js';
import type { SearchHandler, SearchResult } from './search-handler.js';

/** The `subtype` that means every subtype of the handler. */
const ANY = 'any';

const SearchResultSchema = z
  .object({
    id: z
      .union([z.number().int(), z.string()])
      .readonly()
      .meta({ description: 'Unique identifier for the object.', context: ['view', 'embed'] }),
    title: z
      .string()
      .readonly()
      .meta({ description: 'The title for the object.', context: ['view', 'embed'] }),
    url: z
      .string()
      .readonly()
      .meta({ description: 'URL to the object.', format: 'uri', context: ['view', 'embed'] }),
    type: z
      .string()
      .readonly()
      .meta({ description: 'Object type.', context: ['view', 'embed'] }),
    subtype: z
      .string()
      .readonly()
      .meta({ description: 'Object subtype.', context: ['view', 'embed'] }),
  })
  .meta({ title: 'search-result' });

/**
 * Registers `/search` to be built with the server's routes (after every plugin registered its
 * post types and taxonomies, so the `type` and `subtype` enums name them all).
 *
 * @example
 * declareSearchRoute(server.objectTypes, 'cms/v2', [postSearchHandler(…), termSearchHandler(…)]);
 */
export function declareSearchRoute(objectTypes: ObjectTypeRegistry, namespace: string, handlers: readonly SearchHandler[]): void {
  objectTypes.declare({
    kind: 'search',
    name: 'search-results',
    args: {},
    routes: () => ({ namespace, routes: [searchRoute(namespace, handlers)] }),
  });
}

/**
 * The `/search` route over the given handlers (the first is the default `type`).
 *
 * @example
 * server.register('cms/v2', searchRoute('cms/v2', handlers));
 */
export function searchRoute(namespace: string, handlers: readonly SearchHandler[]): Route {
  const first = handlers[0];
  if (first === undefined) throw new Error('searchRoute: give at least one search handler.');
  const types = handlers.map((handler) => handler.type) as [string, ...string[]];
  const subtypes: [string, ...string[]] = [ANY];
  subtypes.unshift(...new Set(handlers.flatMap((handler) => handler.subtypes())));
  const { context: _context, page, per_page, search } = collectionArgs({ schema: SearchResultSchema });
  const ids = (description: string) => z.array(z.number().int()).default([]).meta({ description });
  const handlerOf = (result: SearchResult) =>
    handlers.find((handler) => handler.type === result.type) ??
    handlers.find((handler) => handler.subtypes().includes(result.type));
  // The route's records are its handlers' results; the links see them as plain records.
  const resultOf = (record: Record<string, unknown>) => record as SearchResult;
  return defineRoute({
    path: '/search',
    schema: SearchResultSchema,
    links: [
      {
        rel: 'self',
        embeddable: true,
        href: (record, context) => {
          const result = resultOf(record);
          const path = handlerOf(result)?.selfPath(result);
          return path === undefined ? undefined : context.url(path);
        },
      },
      {
        rel: 'about',
        href: (record, context) => {
          const result = resultOf(record);
          const path = handlerOf(result)?.aboutPath(result);
          return path === undefined ? undefined : context.url(path);
        },
      },
      { rel: 'collection', href: `/${namespace}/search` },
    ],
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: {
          context: contextArg(SearchResultSchema),
          page,
          per_page,
          search,
          type: z.enum(types).default(first.type).meta({ description: 'Limit results to items of an object type.' }),
          subtype: z
            .array(z.enum(subtypes))
            .default([ANY])
            .meta({
              description: 'Limit results to items of one or more object subtypes.',
              published: {
                default: ANY,
                description: 'Limit results to items of one or more object subtypes.',
                type: 'array',
                items: { enum: subtypes, type: 'string' },
              },
            }),
          exclude: ids('Ensure result set excludes specific IDs.'),
          include: ids('Limit result set to specific IDs.'),
        },
        permission: 'public',
        handler: async (args, request) => {
          const handler = handlers.find((candidate) => candidate.type === args.type);
          if (handler === undefined) throw contentError('rest_search_invalid_type');
          // As the original: `any` wins; other subtypes are kept only when they are the handler's.
          const own = handler.subtypes();
          const asked = args.subtype.includes(ANY) ? own : own.filter((name) => args.subtype.includes(name));
          const { results, total } = await handler.search(request, {
            subtypes: asked.length > 0 ? asked : own,
            search: args.search,
            include: args.include,
            exclude: args.exclude,
            page: args.page,
            perPage: args.per_page,
          });
          const maxPages = Math.ceil(total / args.per_page);
          if (args.page > maxPages && total > 0) throw contentError('rest_search_invalid_page_number');
          return collectionResponse(request, results, { total, page: args.page, perPage: args.per_page, uncappedPrev: true });
        },
      }),
    ],
  });
}
