/**
 * Query strings and form bodies, parsed the way PHP fills `$_GET` and `$_POST`:
 * `a=1&a=2` keeps the last value, `a[]=1&a[]=2` makes a list, `a[b]=1` a map.
 * Objects have no prototype, so `__proto__` or `constructor` keys are plain keys.
 *
 * @module
 */

/** A parsed value: a string, or a list or map of parsed values. */
export type QueryValue = string | QueryValue[] | QueryMap;
/** A parsed query: a prototype-free map. */
export interface QueryMap {
  [key: string]: QueryValue;
}

const MAX_DEPTH = 8;

/** Percent-decodes `text`, with `+` as a space; malformed escapes are kept as sent. */
export function decodeComponent(text: string): string {
  const spaced = text.includes('+') ? text.replace(/\+/g, ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(/%([0-9a-fA-F]{2})/g, (match, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return code < 0x80 ? String.fromCharCode(code) : match;
    });
  }
}

/** Creates an empty prototype-free map. */
export function emptyQuery(): QueryMap {
  return Object.create(null) as QueryMap;
}

/**
 * How many inputs (non-empty `&`-separated pairs) one query string or form body may carry,
 * as PHP's `max_input_vars` (default 1,000). PHP keeps the first ones, drops the rest and
 * logs a warning; the request goes on. {@link parseQueryString} does the same.
 */
export const MAX_INPUT_VARS = 1000;

/**
 * Options of {@link parseQueryString}.
 *
 * @example
 * parseQueryString(body, { maxInputs: 5000 });
 */
export interface ParseQueryOptions {
  /** Inputs kept; later ones are dropped, as PHP's `max_input_vars`. Default {@link MAX_INPUT_VARS}. */
  maxInputs?: number | undefined;
}

/**
 * Parses `a=1&b[]=2&c[d]=3` into a prototype-free map, in time linear in the text's length:
 * each pair costs its own length (nesting is capped at 8 levels), and the first
 * {@link MAX_INPUT_VARS} pairs are kept, the rest dropped, as PHP does past `max_input_vars`.
 *
 * @example
 * ```ts
 * parseQueryString('page=2&tags[]=a&tags[]=b'); // { page: '2', tags: ['a', 'b'] }
 * ```
 */
export function parseQueryString(text: string, options: ParseQueryOptions = {}): QueryMap {
  const result = emptyQuery();
  if (text === '') return result;
  const maxInputs = options.maxInputs ?? MAX_INPUT_VARS;
  const state: ParseState = { nextIndex: new Map() };
  let inputs = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('&', start);
    if (end === -1) end = text.length;
    if (end > start) {
      if (++inputs > maxInputs) break;
      const pair = text.slice(start, end);
      const eq = pair.indexOf('=');
      const rawKey = decodeComponent(eq === -1 ? pair : pair.slice(0, eq));
      const value = eq === -1 ? '' : decodeComponent(pair.slice(eq + 1));
      assign(result, rawKey, value, state);
    }
    start = end + 1;
  }
  return result;
}

/**
 * What one parse remembers: each map's next free integer index (PHP's `nNextFreeElement`),
 * so that `a[]` appends in constant time instead of scanning the map's keys.
 */
interface ParseState {
  readonly nextIndex: Map<QueryMap, number>;
}

/**
 * Splits a key the way PHP does: `a[b][]` → `a` and `['b', '']`. A key starting with `[` is
 * dropped; an unclosed first `[` becomes `_` (`a[b` → `a_b`); text after a closing `]` that
 * does not open another bracket is ignored (`a[b]c` → `a[b]`).
 */
function splitKey(rawKey: string): { name: string; path: string[] } | undefined {
  const open = rawKey.indexOf('[');
  if (open === -1) return rawKey === '' ? undefined : { name: rawKey, path: [] };
  if (open === 0) return undefined;
  const name = rawKey.slice(0, open);
  const path: string[] = [];
  let at = open;
  while (at < rawKey.length && rawKey[at] === '[' && path.length < MAX_DEPTH) {
    const close = rawKey.indexOf(']', at + 1);
    if (close === -1) {
      if (path.length === 0) return { name: `${name}_${rawKey.slice(open + 1)}`, path: [] };
      break;
    }
    path.push(rawKey.slice(at + 1, close));
    at = close + 1;
  }
  return { name, path };
}

function assign(target: QueryMap, rawKey: string, value: string, state: ParseState): void {
  const key = splitKey(rawKey);
  if (key === undefined) return;
  if (key.path.length === 0) {
    target[key.name] = value;
    return;
  }
  // Each step creates the container its segment indexes into: a list for `[]`, else a map.
  // A list that meets a named segment becomes a map keyed by index, as a PHP array would.
  let container: QueryValue[] | QueryMap = target;
  let slot: string = key.name;
  for (const segment of key.path) {
    const existing = getChild(container, slot);
    let next: QueryValue[] | QueryMap;
    if (segment === '') next = Array.isArray(existing) || isMap(existing) ? existing : [];
    else if (isMap(existing)) next = existing;
    else next = Array.isArray(existing) ? toMap(existing, state) : emptyQuery();
    if (next !== existing) setChild(container, slot, next, state);
    container = next;
    slot = segment;
  }
  setChild(container, slot, value, state);
}

function toMap(list: readonly QueryValue[], state: ParseState): QueryMap {
  const map = emptyQuery();
  for (const [index, item] of list.entries()) map[String(index)] = item;
  state.nextIndex.set(map, list.length);
  return map;
}

function isMap(value: QueryValue | undefined): value is QueryMap {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// `''` appends: to a list, or to a map at its next integer index (PHP's `$a[] = …`).
function getChild(container: QueryValue[] | QueryMap, key: string): QueryValue | undefined {
  return Array.isArray(container) || key === '' ? undefined : container[key];
}

const INTEGER_KEY = /^\d+$/;

function setChild(container: QueryValue[] | QueryMap, key: string, value: QueryValue, state: ParseState): void {
  if (Array.isArray(container)) {
    container.push(value);
    return;
  }
  const next = state.nextIndex.get(container) ?? 0;
  const name = key === '' ? String(next) : key;
  container[name] = value;
  if (key === '') state.nextIndex.set(container, next + 1);
  else if (INTEGER_KEY.test(key) && Number(key) >= next) state.nextIndex.set(container, Number(key) + 1);
}

/**
 * Serialises a map back into a query string (`+` never used; values percent-encoded, so no
 * CR, LF, quote or angle bracket survives). Keys in PHP bracket form for nested values; an
 * empty value is written as the bare key (`_envelope&page=2`), as the original's
 * `add_query_arg` does.
 */
export function stringifyQuery(query: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  for (const key of Object.keys(query)) appendPair(parts, encodeKey(key), query[key]);
  return parts.join('&');
}

/** A key percent-encoded, with the brackets of PHP's nesting kept readable. */
function encodeKey(key: string): string {
  return PLAIN_KEY.test(key) ? key : encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']');
}

const PLAIN_KEY = /^[\w.-]*$/;

function appendPair(parts: string[], key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendPair(parts, `${key}[]`, item);
  } else if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) appendPair(parts, `${key}[${encodeKey(k)}]`, v);
  } else {
    const text = String(value);
    parts.push(text === '' ? key : `${key}=${encodeURIComponent(text)}`);
  }
}
