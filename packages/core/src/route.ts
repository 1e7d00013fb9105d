/**
 * Routes declared as data: a path template, an item schema, links, and endpoints (methods,
 * arguments, a permission check, a handler). From this one declaration come argument
 * checks, the route index entry, the OPTIONS schema, the `Allow` header and the links.
 *
 * @module
 */
import type { z } from 'zod';
import type { RestError } from './errors.js';
import type { LinkTemplate } from './links/link.js';
import type { RestRequest } from './request.js';
import type { RestResponse } from './response.js';
import type { ArgsShape } from './schema/args.js';

/** An HTTP method a route can serve. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `GET`: the original's `WP_REST_Server::READABLE`. */
export const READABLE = ['GET'] as const satisfies readonly HttpMethod[];
/** `POST`: the original's `CREATABLE`. */
export const CREATABLE = ['POST'] as const satisfies readonly HttpMethod[];
/** `POST, PUT, PATCH`: the original's `EDITABLE`. */
export const EDITABLE = ['POST', 'PUT', 'PATCH'] as const satisfies readonly HttpMethod[];
/** `DELETE`: the original's `DELETABLE`. */
export const DELETABLE = ['DELETE'] as const satisfies readonly HttpMethod[];
/** Every method. */
export const ALLMETHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const satisfies readonly HttpMethod[];

type MaybePromise<T> = T | Promise<T>;

/** The parsed arguments of an argument map, as the handler receives them. */
export type ArgsOf<TArgs extends ArgsShape> = { [K in keyof TArgs]: z.output<TArgs[K]> };

/**
 * A permission check. `true` allows; `false` denies with `rest_forbidden` (401 when
 * anonymous, 403 when authenticated); a {@link RestError} denies with that error.
 */
export type PermissionCheck<TArgs = Record<string, unknown>> = (
  request: RestRequest,
  args: TArgs,
) => MaybePromise<boolean | RestError>;

/** Every endpoint states its permission: `'public'`, or a check. */
export type Permission<TArgs = Record<string, unknown>> = 'public' | PermissionCheck<TArgs>;

/** What a handler may return: a record, a list of records, or a full response. */
export type HandlerResult<TItem> = MaybePromise<TItem | TItem[] | RestResponse | null>;

/** The route's arguments with the endpoint's laid over them, as the server merges them. */
export type MergedArgs<TRouteArgs extends ArgsShape, TArgs extends ArgsShape> = Omit<TRouteArgs, keyof TArgs> & TArgs;

/**
 * One endpoint: methods, arguments, permission and handler. The handler receives the
 * route's arguments (`TRouteArgs`, such as a path `id`) and the endpoint's own, which win
 * on a name both declare.
 */
export interface EndpointDefinition<TArgs extends ArgsShape, TItem, TRouteArgs extends ArgsShape = Record<never, never>> {
  /** The methods served: an array, or the original's comma string (`'POST, PUT, PATCH'`). */
  methods: readonly HttpMethod[] | string;
  /** Arguments of this endpoint, merged over the route's own `args`. */
  args?: TArgs;
  /** Who may call it. A public endpoint says `'public'` explicitly. */
  permission: Permission<ArgsOf<MergedArgs<TRouteArgs, TArgs>>>;
  /** The handler: receives typed arguments and the request. */
  handler: (args: ArgsOf<MergedArgs<TRouteArgs, TArgs>>, request: RestRequest) => HandlerResult<TItem>;
  /** Whether the route index lists this endpoint; default `true`. */
  showInIndex?: boolean;
  /**
   * A short summary of what the endpoint does, for API documents and viewers (the OpenAPI
   * operation's `summary`, e.g. `'Publish a book'`); default: one made from the method and path.
   */
  summary?: string;
  /** A longer description (CommonMark), for API documents (the OpenAPI operation's `description`). */
  description?: string;
  /**
   * Receive the request body unread, as {@link RestRequest.bodyStream}, instead of read into
   * the server's `maxBodyBytes` (file uploads). See {@link StreamedBody}.
   */
  streamBody?: StreamedBody;
  /**
   * Whether `POST /batch/v1` may run this endpoint: the original's `allow_batch`
   * (`{ v1: true }`). Overrides the route's {@link RouteDefinition.allowBatch}.
   */
  allowBatch?: AllowBatch;
  /**
   * A `GET` endpoint's cheap validator: a version of everything its answer depends on besides
   * the URL, the caller and the server (see {@link Validator}). With it, a revalidation
   * (`If-None-Match`) at a version the server already answered this caller and URL at is
   * answered 304 before the arguments, the permission and the handler run. The tag itself is
   * always a hash of the body.
   */
  validator?: Validator;
}

/**
 * A version of the data a `GET` answer depends on, read with one small query (a counter the
 * database's triggers bump, see `trackChanges` in `@cms-json/database`). It must change
 * whenever the answer to any URL of the route could, for any caller: the records, what the
 * permission checks read, options, related records. It is read only for a revalidation
 * (`If-None-Match`), before the arguments are parsed and before the handler's own reads.
 * See docs/caching.md.
 *
 * @example
 * ```ts
 * const version = changeVersion(db, { tables: ['outgoing_links'] });
 * endpoint({ methods: READABLE, permission: 'public', validator: () => version(), handler });
 * ```
 */
export type Validator = (request: RestRequest) => MaybePromise<string | number | bigint>;

/**
 * Which batch versions may run an endpoint: the original's `allow_batch` (`array( 'v1' => true )`),
 * shown as is in the route index. See docs/batch.md.
 *
 * @example
 * ```ts
 * defineRoute({ path: '/outgoing-links', allowBatch: { v1: true }, endpoints: … });
 * ```
 */
export interface AllowBatch {
  /** `POST /batch/v1` may run it. */
  readonly v1?: boolean;
}

/**
 * How an endpoint receives its body as a stream. Adapters hand such an endpoint the body
 * unread; a `Content-Length` over `maxBytes` is refused with 413 `rest_body_too_large`
 * before anything is read, and a body that grows past it while streaming makes the stream
 * throw that error.
 *
 * @example
 * ```ts
 * endpoint({ methods: CREATABLE, streamBody: { maxBytes: 64 * 1024 * 1024 }, permission, handler: (args, request) => save(request.bodyStream) });
 * ```
 */
export interface StreamedBody {
  /** The largest body accepted, in bytes. */
  readonly maxBytes: number;
}

/** An endpoint with its argument types erased, as the server stores it. */
export interface AnyEndpoint {
  methods: readonly HttpMethod[] | string;
  args?: ArgsShape;
  permission: Permission<never>;
  handler: (args: never, request: RestRequest) => HandlerResult<unknown>;
  showInIndex?: boolean;
  summary?: string;
  description?: string;
  streamBody?: StreamedBody;
  allowBatch?: AllowBatch;
  validator?: Validator;
}

/** The factory a route hands to its `endpoints` function, bound to the route's types. */
export type EndpointFactory<TRouteArgs extends ArgsShape, TItem> = <TArgs extends ArgsShape = Record<never, never>>(
  definition: EndpointDefinition<TArgs, TItem, TRouteArgs>,
) => AnyEndpoint;

/** A route's item schema: a Zod object. */
export type ItemSchema = z.ZodObject;

/** The record type of an item schema. */
export type ItemOf<TSchema> = TSchema extends z.ZodType ? z.output<TSchema> : unknown;

/** The declaration of a route. */
export interface RouteDefinition<TSchema extends ItemSchema | undefined, TRouteArgs extends ArgsShape> {
  /**
   * The path under the namespace: `/outgoing-links/:id`, or the original's form
   * `/outgoing-links/(?P<id>[\d]+)`. A `:name` parameter declared as an integer argument
   * matches `[\d]+`; any other matches one path segment.
   */
  path: string;
  /** The item schema: the shape of the records this route returns. */
  schema?: TSchema;
  /** The schema's `title` (defaults to the schema's own title). */
  title?: string;
  /** Arguments shared by every endpoint (path parameters such as `id`). */
  args?: TRouteArgs;
  /** Links added to every record this route returns. */
  links?: readonly LinkTemplate[];
  /** The item schema's `links`, shown with the schema in OPTIONS (see {@link SchemaLink}). */
  schemaLinks?: readonly SchemaLink[];
  /**
   * The object type of the route's records (`user`, `post`, `book`): the fields, links and
   * hooks extensions registered for it apply to them (`server.objectTypes.get(name)`).
   */
  objectType?: string;
  /**
   * Whether `POST /batch/v1` may run the route's endpoints (the original's route option
   * `allow_batch`); an endpoint's own {@link EndpointDefinition.allowBatch} wins.
   */
  allowBatch?: AllowBatch;
  /** The endpoints, built with a factory that knows the route's argument and record types. */
  endpoints: (endpoint: EndpointFactory<TRouteArgs, ItemOf<TSchema>>) => AnyEndpoint[];
}

/**
 * A link of the item schema (JSON Hyper-Schema's `links`, as the original's
 * `get_schema_links`): what a client may do with a record, and the body it would send.
 *
 * @example
 * const publish: SchemaLink = {
 *   rel: 'https://api.cms-json.org/action-publish',
 *   title: 'The current user can publish this post.',
 *   href: '/cms/v2/posts/{id}',
 *   targetSchema: { type: 'object', properties: { status: { type: 'string', enum: ['publish', 'future'] } } },
 * };
 */
export interface SchemaLink {
  readonly rel: string;
  readonly title: string;
  /** A path under the REST root, `{id}` left as it is: it is made absolute per site URL. */
  readonly href: string;
  readonly targetSchema: Readonly<Record<string, unknown>>;
}

/** A declared route, ready to register on a namespace. */
export interface Route {
  readonly path: string;
  readonly schema: ItemSchema | undefined;
  readonly title: string | undefined;
  readonly args: ArgsShape;
  readonly links: readonly LinkTemplate[];
  readonly schemaLinks: readonly SchemaLink[];
  readonly objectType: string | undefined;
  readonly allowBatch: AllowBatch | undefined;
  readonly endpoints: readonly AnyEndpoint[];
}

/**
 * Declares a route. The `endpoint` factory types each handler's arguments from the route's
 * and the endpoint's Zod schemas, and its return value from the item schema.
 *
 * @example
 * ```ts
 * const item = defineRoute({
 *   path: '/outgoing-links/:id',
 *   schema: OutgoingLink,
 *   args: { id: z.number().int() },
 *   links: [{ rel: 'self', href: '/tel/v1/outgoing-links/:id' }],
 *   endpoints: (endpoint) => [
 *     endpoint({ methods: READABLE, permission: 'public', handler: ({ id }) => findLink(id) }),
 *   ],
 * });
 * ```
 */
export function defineRoute<
  TSchema extends ItemSchema | undefined = undefined,
  TRouteArgs extends ArgsShape = Record<never, never>,
>(definition: RouteDefinition<TSchema, TRouteArgs>): Route {
  const factory: EndpointFactory<TRouteArgs, ItemOf<TSchema>> = (definition) => definition;
  return {
    path: definition.path,
    schema: definition.schema,
    title: definition.title,
    args: definition.args ?? {},
    links: definition.links ?? [],
    schemaLinks: definition.schemaLinks ?? [],
    objectType: definition.objectType,
    allowBatch: definition.allowBatch,
    endpoints: definition.endpoints(factory),
  };
}

const KNOWN_METHODS = new Set<string>(ALLMETHODS);

/**
 * Normalises an endpoint's `methods` (array or comma string) to upper-case names. Throws on
 * an empty list or a method a route cannot serve (HEAD is served by GET, OPTIONS by the core).
 */
export function normalizeMethods(methods: readonly string[] | string): HttpMethod[] {
  const list = typeof methods === 'string' ? methods.split(',') : methods;
  const out = [...new Set(list.map((m) => m.trim().toUpperCase()).filter((m) => m !== ''))];
  if (out.length === 0) throw new Error('An endpoint must name at least one method.');
  for (const method of out) {
    if (!KNOWN_METHODS.has(method)) throw new Error(`Unknown method "${method}": use GET, POST, PUT, PATCH or DELETE.`);
  }
  return out as HttpMethod[];
}
