/**
 * What the pipeline's steps share while one request is answered.
 *
 * @module
 */
import type { HttpResponse } from '../http.js';
import type { CompiledRoute } from '../namespace.js';
import type { RestRequest } from '../request.js';
import type { RestResponse } from '../response.js';
import type { RouteMatch } from '../router/router.js';
import type { ServerContext } from '../server-context.js';
import type { Authenticator } from './authenticator.js';
import type { EmbedRequest } from './embed.js';
import type { FieldTree } from './fields.js';
import type { CorsPolicy } from './headers.js';
import type { OverrideSource } from './method-override.js';
import type { ResponseRenderer } from './render.js';
import type { SharedCachePolicy } from './shared-cache.js';

/** Options the pipeline reads: the server's, made once. */
export interface PipelineOptions {
  readonly jsonp: boolean;
  readonly cors: CorsPolicy;
  readonly authenticators: readonly Authenticator[];
  /** The renderers plugins gave (`server.renderWith`), in order: the live list. */
  readonly renderers: readonly ResponseRenderer[];
  /** The shared-cache policy (`sharedCache` option), `undefined` when off. */
  readonly sharedCache: SharedCachePolicy | undefined;
}

/** A revalidated answer: its key (the caller, the path, the query) and the version read before its data. */
export interface Validated {
  readonly key: string;
  readonly version: string;
}

/** The state the steps share; a step that answers sets `result`. */
export interface ServeState {
  readonly request: RestRequest;
  readonly context: ServerContext;
  readonly options: PipelineOptions;
  headers: Record<string, string | string[]>;
  jsonp: string | undefined;
  overridden: OverrideSource;
  embed: EmbedRequest;
  /** The `_fields` tree, when the response is trimmed. */
  fields: FieldTree | undefined;
  enveloped: boolean;
  response: RestResponse | undefined;
  /** The data to encode, once computed. */
  data: unknown;
  /** The data's JSON text, when dispatch wrote it at once (a list sent as it is). */
  json: string | undefined;
  dataReady: boolean;
  /** The encoded body (`null` for none), once the encode step ran. */
  body: string | null;
  status: number;
  result: HttpResponse | undefined;
  /** A revalidation's answer, and the version its route's validator read (see `conditional.ts`). */
  validated: Validated | undefined;
  /** The route the validator step matched (`null`: none), for dispatch; `undefined` when it did not match. */
  match: RouteMatch<CompiledRoute> | null | undefined;
}
