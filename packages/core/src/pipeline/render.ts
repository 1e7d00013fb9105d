/**
 * Renderers: a plugin's other form of an API answer (the browsable API's HTML page). They
 * run for every answer that has a response (not to HEAD), after links, `_embed`, `_fields`
 * and the envelope and before encoding; the first that returns a response is sent as it is.
 *
 * @module
 */
import type { HttpResponse } from '../http.js';
import type { RestRequest } from '../request.js';
import type { RestResponse } from '../response.js';
import type { PrefixNames, ServerContext } from '../server-context.js';

/** An API answer as a {@link ResponseRenderer} sees it, complete but not yet encoded. */
export interface RenderableAnswer {
  /** The request answered. */
  readonly request: RestRequest;
  /** The status to send (200 for an enveloped answer). */
  readonly status: number;
  /** The headers to send. */
  readonly headers: Record<string, string | string[]>;
  /** The data to send, as JSON would carry it (links, `_embedded`, `_fields`, envelope applied). */
  readonly data: unknown;
  /** The absolute URL of a path under the REST root, on the site of the request. */
  restUrl(path: string): string;
  /**
   * The site's address the request came to, without a trailing slash: the server's `siteUrl`,
   * else the adapter's mount URL (`http://127.0.0.1:8080/api`). Site pages are under it.
   */
  readonly siteUrl: string;
  /** The server's names (prefix, REST root, header prefix). */
  readonly names: PrefixNames;
}

/**
 * Renders an answer in a form of its own (an HTML page for a browser), or `undefined` to
 * leave it to the next renderer and, after the last, to JSON.
 *
 * @example
 * ```ts
 * server.renderWith((answer) =>
 *   answer.request.header('accept')?.startsWith('text/html')
 *     ? { status: answer.status, headers: { 'Content-Type': 'text/html' }, body: page(answer.data) }
 *     : undefined,
 * );
 * ```
 */
export type ResponseRenderer = (answer: RenderableAnswer) => HttpResponse | undefined;

/** What the render step reads of the pipeline's state (`state.ts`'s `ServeState`). */
interface RenderState {
  readonly request: RestRequest;
  readonly context: ServerContext;
  readonly options: { readonly renderers: readonly ResponseRenderer[] };
  readonly response: RestResponse | undefined;
  readonly status: number;
  readonly headers: Record<string, string | string[]>;
  readonly data: unknown;
  readonly json: string | undefined;
  result: HttpResponse | undefined;
}

/**
 * The answer of the state, its data read (and a list's JSON text parsed) only when a renderer
 * asks. A class, so that its `data` getter is one on the prototype: an object literal with a
 * getter made a hidden class of its own at every request, which kept the young generation of
 * the heap full (the tel list at 2x its CPU with any renderer registered).
 */
class StateAnswer implements RenderableAnswer {
  readonly request: RestRequest;
  readonly status: number;
  readonly headers: Record<string, string | string[]>;
  readonly names: PrefixNames;
  readonly siteUrl: string;
  readonly #state: RenderState;
  #data: unknown;
  #read = false;

  constructor(state: RenderState) {
    this.#state = state;
    this.request = state.request;
    this.status = state.status;
    this.headers = state.headers;
    this.names = state.context.names;
    this.siteUrl = state.context.scope.siteUrl ?? '';
  }

  get data(): unknown {
    if (!this.#read) {
      const state = this.#state;
      this.#data = state.json !== undefined ? JSON.parse(state.json) : state.data;
      this.#read = true;
    }
    return this.#data;
  }

  restUrl(path: string): string {
    return this.#state.context.restUrl(path);
  }
}

/** Runs the renderers: the first response one returns is the answer. */
export function renderStage(state: RenderState): void {
  const renderers = state.options.renderers;
  if (renderers.length === 0 || state.response === undefined || state.request.method === 'HEAD') return;
  const answer = new StateAnswer(state);
  for (const renderer of renderers) {
    const rendered = renderer(answer);
    if (rendered !== undefined) {
      state.result = rendered;
      return;
    }
  }
}
