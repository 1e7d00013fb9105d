/**
 * Collections: the arguments every list route takes (`context`, `page`, `per_page`,
 * `offset`, `order`, `orderby`, `search`) and the response helper that writes
 * `X-CMS-Total`, `X-CMS-TotalPages` and `Link` prev/next.
 *
 * Paging rules (specification §4.2): with `page` > 1 the first item is at
 * `(page - 1) * per_page`; otherwise at `offset`. So `per_page=1&page=2` and
 * `per_page=1&offset=1&page=1` give the same item.
 *
 * @module
 */
import { z } from 'zod';
import type { RestRequest } from './request.js';
import { RestResponse } from './response.js';
import { itemJsonSchema, type RestContext, schemaContexts } from './schema/to-json-schema.js';

/** Options of {@link collectionArgs}. */
export interface CollectionArgsOptions<TOrderby extends string> {
  /** The item schema: the `context` enum comes from its properties' contexts. */
  schema?: z.ZodObject;
  /** The fields a client may sort by; omit for no `orderby`. */
  orderby?: readonly [TOrderby, ...TOrderby[]];
  /** The default sort field. @default the first of `orderby` */
  defaultOrderby?: TOrderby;
  /** @default 10 */
  defaultPerPage?: number;
  /** @default 100 */
  maxPerPage?: number;
  /** @default 'desc' */
  defaultOrder?: 'asc' | 'desc';
}

/**
 * The `context` argument: an enum of the contexts the schema names, default `view`.
 */
export function contextArg(schema?: z.ZodObject) {
  const found = schema === undefined ? [] : schemaContexts(itemJsonSchema(schema));
  const values = (found.length > 0 ? found : ['view', 'embed', 'edit']) as [RestContext, ...RestContext[]];
  return z
    .enum(values)
    .default('view')
    .meta({ description: 'Scope under which the request is made; determines fields present in response.' });
}

function baseArgs(options: CollectionArgsOptions<string>) {
  return {
    context: contextArg(options.schema),
    page: z.number().int().min(1).default(1).meta({ description: 'Current page of the collection.' }),
    per_page: z
      .number()
      .int()
      .min(1)
      .max(options.maxPerPage ?? 100)
      .default(options.defaultPerPage ?? 10)
      .meta({ description: 'Maximum number of items to be returned in result set.' }),
    offset: z.number().int().min(0).optional().meta({ description: 'Offset the result set by a specific number of items.' }),
    order: z
      .enum(['asc', 'desc'])
      .default(options.defaultOrder ?? 'desc')
      .meta({ description: 'Order sort attribute ascending or descending.' }),
    search: z.string().optional().meta({ description: 'Limit results to those matching a string.' }),
  };
}

function orderbyArg<TOrderby extends string>(values: readonly [TOrderby, ...TOrderby[]], fallback: TOrderby | undefined) {
  return z
    .enum(values)
    .default((fallback ?? values[0]) as never)
    .meta({ description: 'Sort collection by object attribute.' });
}

/**
 * The arguments of a list route; `orderby` only when the route names its sort fields.
 *
 * @example
 * ```ts
 * endpoint({ methods: READABLE, args: collectionArgs({ schema: Link, orderby: ['id', 'title'] }), permission: 'public', handler });
 * ```
 */
export function collectionArgs(options?: CollectionArgsOptions<never>): ReturnType<typeof baseArgs>;
export function collectionArgs<TOrderby extends string>(
  options: CollectionArgsOptions<TOrderby> & { orderby: readonly [TOrderby, ...TOrderby[]] },
): ReturnType<typeof baseArgs> & { orderby: ReturnType<typeof orderbyArg<TOrderby>> };
export function collectionArgs(options: CollectionArgsOptions<string> = {}) {
  const base = baseArgs(options);
  return options.orderby === undefined ? base : { ...base, orderby: orderbyArg(options.orderby, options.defaultOrderby) };
}

/** Where a page starts and how long it is. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/** The window of a page: `page` > 1 wins over `offset`. */
export function pageWindow(args: { page: number; per_page: number; offset?: number | undefined }): PageWindow {
  if (args.page > 1) return { limit: args.per_page, offset: (args.page - 1) * args.per_page };
  return { limit: args.per_page, offset: args.offset !== undefined && args.offset > 0 ? args.offset : 0 };
}

/**
 * A list response with the totals headers and `Link` prev/next. The links keep the
 * request's query and replace `page`; `prev` is capped at the last page; `next` only when
 * more pages exist.
 */
export function collectionResponse(
  request: RestRequest,
  items: unknown[],
  paging: { total: number; page: number; perPage: number },
): RestResponse {
  const totalPages = paging.total === 0 ? 0 : Math.ceil(paging.total / paging.perPage);
  const { headerPrefix } = request.scope;
  const result = new RestResponse(items, {
    headers: { [`${headerPrefix}Total`]: String(paging.total), [`${headerPrefix}TotalPages`]: String(totalPages) },
  });
  const query: Record<string, unknown> = { ...request.query };
  const at = (page: number) => request.scope.restUrl(request.path, { ...query, page });
  if (paging.page > 1) result.linkHeader('prev', at(Math.min(paging.page - 1, Math.max(totalPages, 1))));
  if (totalPages > paging.page) result.linkHeader('next', at(paging.page + 1));
  return result;
}
