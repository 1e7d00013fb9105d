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
import { hasMembers, withMember } from './record.js';
import type { RestRequest } from './request.js';
import { RestResponse } from './response.js';
import { itemJsonSchema, type RestContext, schemaContexts } from './schema/to-json-schema.js';

/**
 * The longest `search` term a list accepts. Databases bound their `LIKE` patterns (SQLite:
 * 50,000 bytes); a longer term is a 400 `rest_invalid_param`, not a database error. The
 * bound is checked but not declared in the schema, which stays the original's.
 */
export const MAX_SEARCH_LENGTH = 200;

/** Options of {@link collectionArgs}. */
export interface CollectionArgsOptions<TOrderby extends string> {
  /** The item schema: the `context` enum comes from its properties' contexts. */
  schema?: z.ZodObject;
  /** The fields a client may sort by; omit for no `orderby`. */
  orderby?: readonly [TOrderby, ...TOrderby[]];
  /** The default sort field; must be one of `orderby`. @default the first of `orderby` */
  defaultOrderby?: NoInfer<TOrderby>;
  /** @default 10 */
  defaultPerPage?: number;
  /** @default 100 */
  maxPerPage?: number;
  /** @default 'desc' */
  defaultOrder?: 'asc' | 'desc';
  /** What the records are, in `orderby`'s description ("Sort collection by post attribute."). @default 'object' */
  noun?: string;
}

/**
 * The `context` argument: an enum of the contexts the schema's properties name (sorted as
 * the original does: `view, embed, edit`), default `view` (or the only context named).
 *
 * @example
 * ```ts
 * endpoint({ methods: READABLE, args: { context: contextArg(Note) }, permission: 'public', handler });
 * ```
 */
export function contextArg(schema?: z.ZodObject) {
  const found = schema === undefined ? [] : schemaContexts(itemJsonSchema(schema));
  const values = (found.length > 0 ? found : ['view', 'embed', 'edit']) as [RestContext, ...RestContext[]];
  return z
    .enum(values)
    .default((values.includes('view') ? 'view' : values[0]) as never)
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
    // Checked, not declared: the original's schema has no minimum (issue 16 keeps the 400).
    offset: z
      .number()
      .int()
      .refine((offset) => offset >= 0, 'offset must be greater than or equal to 0')
      .optional()
      .meta({ description: 'Offset the result set by a specific number of items.' }),
    order: z
      .enum(['asc', 'desc'])
      .default(options.defaultOrder ?? 'desc')
      .meta({ description: 'Order sort attribute ascending or descending.' }),
    // The bound is checked, not declared: the original's schema has no maxLength.
    search: z
      .string()
      .refine((term) => term.length <= MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters long.`)
      .optional()
      .meta({ description: 'Limit results to those matching a string.' }),
  };
}

function orderbyArg<TOrderby extends string>(
  values: readonly [TOrderby, ...TOrderby[]],
  fallback: TOrderby | undefined,
  noun = 'object',
) {
  if (fallback !== undefined && !values.includes(fallback)) {
    throw new Error(`defaultOrderby "${fallback}" is not one of the orderby values: ${values.join(', ')}.`);
  }
  return z
    .enum(values)
    .default((fallback ?? values[0]) as never)
    .meta({ description: `Sort collection by ${noun} attribute.` });
}

/**
 * The arguments of a list route: `context`, `page` (≥ 1, default 1), `per_page` (1–100,
 * default 10), `offset`, `order` (default `desc`), `search`, and `orderby` only when the
 * route names its sort fields.
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
  return options.orderby === undefined
    ? base
    : { ...base, orderby: orderbyArg(options.orderby, options.defaultOrderby, options.noun) };
}

/** Where a page starts and how long it is. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * The window of a page: `page` > 1 wins over `offset`, so `per_page=1&page=2` and
 * `per_page=1&offset=1&page=1` give the same item.
 *
 * @example
 * ```ts
 * const { limit, offset } = pageWindow(args); // SQL: LIMIT limit OFFSET offset
 * ```
 */
export function pageWindow(args: { page: number; per_page: number; offset?: number | undefined }): PageWindow {
  if (args.page > 1) return { limit: args.per_page, offset: (args.page - 1) * args.per_page };
  return { limit: args.per_page, offset: args.offset !== undefined && args.offset > 0 ? args.offset : 0 };
}

/**
 * A list response with the totals headers (`X-CMS-Total`, `X-CMS-TotalPages`, integers) and
 * `Link` prev/next. The links keep the request's query and replace `page`; `prev` is
 * capped at the last page; `next` only when more pages exist.
 *
 * @example
 * ```ts
 * return collectionResponse(request, rows, { total, page: args.page, perPage: args.per_page });
 * ```
 */
export function collectionResponse(
  request: RestRequest,
  items: unknown[],
  paging: {
    total: number;
    page: number;
    perPage: number;
    /**
     * The parsed arguments: when given, the links carry each argument the request sent by its
     * parsed value, as the original rebuilds them (`author%5B0%5D=2`, `sticky` for false).
     */
    args?: object;
    /**
     * Whether `prev` is the page before the one asked for, however far past the last page it
     * is (the original's search), rather than capped at the last page (its posts, terms, users).
     */
    uncappedPrev?: boolean;
  },
): RestResponse {
  const total = Math.max(0, Math.trunc(Number(paging.total)) || 0);
  const perPage = Math.max(1, Math.trunc(paging.perPage) || 1);
  const page = Math.max(1, Math.trunc(paging.page) || 1);
  const totalPages = Math.ceil(total / perPage);
  const { headerPrefix } = request.scope;
  const result = new RestResponse(items);
  result.setHeader(`${headerPrefix}Total`, String(total));
  result.setHeader(`${headerPrefix}TotalPages`, String(totalPages));
  if (page <= 1 && totalPages <= page) return result;
  const path = encodePath(request.path);
  // Without a query (the common first page), `?page=n` is the whole query string.
  const { args } = paging;
  const at =
    args !== undefined && hasMembers(request.query)
      ? (n: number) => `${request.scope.restUrl(path)}?${phpQuery(withMember(parsedQuery(request.query, args), 'page', n))}`
      : hasMembers(request.query)
        ? (n: number) => request.scope.restUrl(path, withMember(request.query, 'page', n))
        : (n: number) => `${request.scope.restUrl(path)}?page=${n}`;
  if (page > 1)
    result.linkHeader('prev', at(paging.uncappedPrev === true ? page - 1 : Math.min(page - 1, Math.max(totalPages, 1))));
  if (totalPages > page) result.linkHeader('next', at(page + 1));
  return result;
}

/** The request's query with each declared argument it sent replaced by its parsed value. */
function parsedQuery(query: Readonly<Record<string, unknown>>, args: object): Record<string, unknown> {
  const parsed = args as Readonly<Record<string, unknown>>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) out[key] = Object.hasOwn(parsed, key) ? parsed[key] : value;
  return out;
}

/**
 * A query string as PHP's `http_build_query` under WordPress's `add_query_arg` writes it:
 * lists and maps as `key%5B0%5D=…`, `true` as `1`, `false` and empty values as the bare key,
 * values form-encoded (`+` for a space).
 */
function phpQuery(query: Readonly<Record<string, unknown>>, prefix?: string): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    const key = prefix === undefined ? phpEncode(name) : `${prefix}%5B${phpEncode(name)}%5D`;
    if (value === undefined || value === null) continue;
    if (typeof value === 'object') {
      const nested = phpQuery(
        Array.isArray(value) ? Object.fromEntries(value.entries()) : (value as Record<string, unknown>),
        key,
      );
      if (nested !== '') parts.push(nested);
      continue;
    }
    const text = value === true ? '1' : value === false ? '' : String(value);
    parts.push(text === '' ? key : `${key}=${phpEncode(text)}`);
  }
  return parts.join('&');
}

/** PHP's `urlencode`: every byte but letters, digits and `-_.` percent-encoded, a space as `+`. */
function phpEncode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** Re-encodes a decoded route path for a URL (`/a b` → `/a%20b`), keeping `/`. */
function encodePath(path: string): string {
  return /^[\w\-./~:@!$&'()*+,;=]*$/.test(path) ? path : path.split('/').map(encodeURIComponent).join('/');
}
