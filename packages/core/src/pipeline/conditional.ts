/**
 * Conditional GET: the `ETag` of a GET or HEAD answer and `If-None-Match` → 304
 * (RFC 9110 §13.1.2, §15.4.5). The last stage of the pipeline: it sees the body as sent.
 *
 * - Every 2xx answer with a body to a GET or HEAD carries a weak `ETag` ({@link entityTag}),
 *   scoped to the caller, and `Vary` on what decides the caller (`Authorization`, `Cookie`,
 *   the nonce header) besides `Origin`. A handler's own `ETag` is kept as it is.
 * - `If-None-Match` (`*` or a list of tags, weak comparison) that matches answers 304 with
 *   no body and only the headers a 304 keeps ({@link KEPT_BY_304}).
 * - JSONP and `_envelope` answers carry no tag and never answer 304: their callers cannot
 *   read status or headers (that is why they use them), so a body-less 304 would reach
 *   them as an empty answer; and they are wrappers of the answer, not the answer.
 * - A HEAD answer is built in full, so its tag is the GET's, then sent without the body.
 *
 * @module
 */
import { entityTag, matchesTag } from './etag.js';
import type { ServeState } from './pipeline.js';

/**
 * The headers a 304 keeps, lower case: those RFC 9110 §15.4.5 requires (`Cache-Control`,
 * `Content-Location`, `Date`, `ETag`, `Expires`, `Vary`), what a browser needs to let a
 * cross-origin script read the 304 (`Access-Control-*`), `X-Content-Type-Options`, and
 * a fresh nonce an authenticator added (matched by the `-nonce` suffix).
 */
export const KEPT_BY_304: ReadonlySet<string> = new Set([
  'cache-control',
  'content-location',
  'date',
  'etag',
  'expires',
  'vary',
  'x-content-type-options',
]);

function keptBy304(name: string): boolean {
  const lower = name.toLowerCase();
  return KEPT_BY_304.has(lower) || lower.startsWith('access-control-') || lower.endsWith('-nonce');
}

/**
 * Whether the answer being built gets an `ETag`: a GET or HEAD answered 2xx (not 204), as
 * JSON, neither JSONP nor enveloped. Read before the body is built, to know whether a HEAD
 * answer needs it.
 */
export function isTaggable(state: ServeState): boolean {
  const method = state.request.method;
  if (method !== 'GET' && method !== 'HEAD') return false;
  const status = state.status;
  return (
    state.response !== undefined &&
    status >= 200 &&
    status < 300 &&
    status !== 204 &&
    state.jsonp === undefined &&
    !state.enveloped
  );
}

/** The answer's own `ETag` header (a handler's), in any case, or `undefined`. */
function ownTag(headers: Record<string, string | string[]>): string | undefined {
  for (const name in headers) {
    if (name.length === 4 && name.toLowerCase() === 'etag') {
      const value = headers[name];
      return Array.isArray(value) ? value[0] : value;
    }
  }
  return undefined;
}

/** The `Vary` of a tagged answer: what decides the body besides the URL. */
export function varyOf(nonceHeader: string): string {
  return `Origin, Authorization, Cookie, ${nonceHeader}`;
}

/**
 * The stage: tags the answer, answers 304 when `If-None-Match` matches, and drops the body
 * of a HEAD answer. `state.body` is the encoded body (`null` for none).
 */
export function conditionalStage(state: ServeState): void {
  const headers = state.headers;
  let body = state.body;
  if (body !== null && isTaggable(state)) {
    let tag = ownTag(headers);
    if (tag === undefined) {
      tag = entityTag(body, { userId: state.request.user?.id ?? 0 });
      headers.ETag = tag;
    }
    headers.Vary = varyOf(state.context.names.nonceHeader);
    const condition = state.request.headers['if-none-match'];
    if (condition !== undefined && matchesTag(condition, tag)) {
      const kept: Record<string, string | string[]> = {};
      for (const name in headers) if (keptBy304(name)) kept[name] = headers[name] as string | string[];
      state.result = { status: 304, headers: kept, body: null };
      return;
    }
  }
  if (state.request.method === 'HEAD') body = null;
  state.result = { status: state.status, headers, body };
}
