/**
 * Marks the parts of an answer that change from run to run, so that an answer of the
 * original and one of cms-json can be compared value for value. The same marking is applied
 * to both sides: at capture time to the original's answer (the fixture stores the marked
 * answer) and at test time to cms-json's.
 *
 * Marked everywhere:
 * - the site's origin (`http://127.0.0.1:8081` on the original) → `{origin}`, also `\/`-escaped and
 *   URL-encoded (a `redirect_to` in a `Location`);
 * - a preview link's `preview_nonce` → `preview_nonce=<nonce>`;
 * - any UUID → `<uuid>`; an application password as shown once → `<application-password>`;
 * - `last_used` and `created` dates → `<date>`, `last_ip` → `<ip>` (null stays null);
 * - the `X-WP-Nonce` header → `<nonce>`;
 * - a value saved by an earlier request (`save`) → `{name}`, as an `id` (`parent`, `post`, `term_id`, the items of `additional_data`), a URL segment
 *   or a query value.
 * Marked per request: the body paths listed in its `volatile` (`$text` marks a body that is
 * not JSON as a whole).
 *
 * @module
 */
import type { ConformanceRequest } from './request.js';
import type { SavedValues, WireAnswer } from './send.js';

/**
 * The headers a client reads; only these are recorded and compared. Transport headers
 * (`Date`, `Server`, `Content-Length`, `Connection`, `Vary`) are left out.
 */
export const CLIENT_HEADERS = [
  'allow',
  'content-type',
  'link',
  'location',
  'x-wp-total',
  'x-wp-totalpages',
  'x-wp-nonce',
  'access-control-allow-headers',
  'access-control-expose-headers',
  'access-control-allow-methods',
  'access-control-allow-credentials',
  'access-control-allow-origin',
  'x-robots-tag',
  'x-content-type-options',
] as const;

/** An answer with its volatile parts marked: what a fixture stores and what the test compares. */
export interface MarkedAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The parsed body when it is JSON. */
  readonly body?: unknown;
  /** The body's text when it is not JSON (JSONP, HTML, empty bodies are left out). */
  readonly text?: string;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const IS_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A preview link's nonce (`?preview_id=12&preview_nonce=0123abcdef`), new with every answer. */
const PREVIEW_NONCE = /preview_nonce=[^&#"\s]+/g;
const APP_PASSWORD = /^[A-Za-z0-9]{4}( [A-Za-z0-9]{4}){5}$/;
const DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/;
const BY_KEY: Readonly<Record<string, (value: string) => string | undefined>> = {
  last_used: (value) => (DATE.test(value) ? '<date>' : undefined),
  created: (value) => (DATE.test(value) ? '<date>' : undefined),
  last_ip: () => '<ip>',
  password: (value) => (APP_PASSWORD.test(value) ? '<application-password>' : undefined),
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What marking needs to know besides the answer. */
export interface MarkContext {
  /** The origin of the site that answered. */
  readonly origin: string;
  readonly saved: SavedValues;
}

function markString(text: string, context: MarkContext): string {
  let marked = text.split(context.origin).join('{origin}');
  marked = marked.split(context.origin.replaceAll('/', '\\/')).join('{origin}');
  marked = marked.split(encodeURIComponent(context.origin)).join('{origin}');
  marked = marked.replace(PREVIEW_NONCE, 'preview_nonce=<nonce>');
  marked = marked.replace(UUID, '<uuid>');
  for (const [name, value] of context.saved) {
    if (value === '' || IS_UUID.test(value)) continue;
    marked = marked.replace(new RegExp(`/${escapeRegExp(value)}(?=$|[/?#&"])`, 'g'), `/{${name}}`);
    // A saved id as a query value too (`comments?post=44`).
    marked = marked.replace(new RegExp(`([?&][\\w%\\[\\]]+=)${escapeRegExp(value)}(?=$|[&#"])`, 'g'), `$1{${name}}`);
  }
  return marked;
}

/** Keys whose numbers are ids of records the requests made, marked as the saved value they are. */
const ID_KEYS = new Set(['id', 'parent', 'post', 'term_id']);

function matches(pattern: readonly string[], path: readonly string[]): boolean {
  return pattern.length === path.length && pattern.every((part, index) => part === '*' || part === path[index]);
}

function markValue(value: unknown, path: string[], key: string | undefined, context: MarkContext, volatile: string[][]): unknown {
  if (volatile.some((pattern) => matches(pattern, path))) {
    return value === null ? null : typeof value === 'object' ? '<volatile>' : `<${typeof value}>`;
  }
  if (typeof value === 'string') {
    const saved = [...context.saved].find(([, saved]) => saved === value);
    if (saved !== undefined) return `{${saved[0]}}`;
    const byKey = key === undefined ? undefined : BY_KEY[key]?.(value);
    return byKey ?? markString(value, context);
  }
  if (typeof value === 'number' && key !== undefined && ID_KEYS.has(key)) {
    const saved = [...context.saved].find(([, saved]) => saved === String(value));
    return saved === undefined ? value : `{${saved[0]}}`;
  }
  if (Array.isArray(value)) {
    // An error's earlier data (`term_exists` gives the term's id twice).
    const itemKey = key === 'additional_data' ? 'id' : undefined;
    return value.map((item, index) => markValue(item, [...path, String(index)], itemKey, context, volatile));
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) {
      out[markString(name, context)] = markValue(item, [...path, name], name, context, volatile);
    }
    return out;
  }
  return value;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * Marks an answer's volatile parts (see the module's description).
 *
 * @example
 * const marked = markAnswer(request, answer, { origin: 'http://127.0.0.1:8081', saved: new Map() });
 */
export function markAnswer(request: ConformanceRequest, answer: WireAnswer, context: MarkContext): MarkedAnswer {
  const headers: Record<string, string> = {};
  for (const name of CLIENT_HEADERS) {
    const value = answer.headers[name];
    if (value === undefined) continue;
    headers[name] = name === 'x-wp-nonce' ? '<nonce>' : markString(value, context);
  }
  const volatile = (request.volatile ?? []).map((path) => path.split('.'));
  if (answer.text === '') return { status: answer.status, headers };
  const json = (answer.headers['content-type'] ?? '').includes('json') ? parseJson(answer.text) : { ok: false as const };
  if (json.ok) return { status: answer.status, headers, body: markValue(json.value, [], undefined, context, volatile) };
  // PHP escapes "/" as "\/" in JSON (JSONP scripts): the same string to any JSON reader.
  const text = request.volatile?.includes('$text') ? '<volatile>' : markString(answer.text.replaceAll('\\/', '/'), context);
  return { status: answer.status, headers, text };
}
