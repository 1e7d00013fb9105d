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
 * Parses `a=1&b[]=2&c[d]=3` into a prototype-free map.
 *
 * @example
 * ```ts
 * parseQueryString('page=2&tags[]=a&tags[]=b'); // { page: '2', tags: ['a', 'b'] }
 * ```
 */
export function parseQueryString(text: string): QueryMap {
  const result = emptyQuery();
  if (text === '') return result;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = decodeComponent(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decodeComponent(pair.slice(eq + 1));
    assign(result, rawKey, value);
  }
  return result;
}

function assign(target: QueryMap, rawKey: string, value: string): void {
  const open = rawKey.indexOf('[');
  if (open <= 0 || !rawKey.endsWith(']')) {
    target[rawKey] = value;
    return;
  }
  const name = rawKey.slice(0, open);
  const path = rawKey
    .slice(open + 1, -1)
    .split('][')
    .slice(0, MAX_DEPTH);
  let container: QueryValue[] | QueryMap = target;
  let key: string = name;
  for (const segment of path) {
    const existing: QueryValue | undefined = getChild(container, key);
    const next: QueryValue[] | QueryMap =
      segment === '' ? (Array.isArray(existing) ? existing : []) : isMap(existing) ? existing : emptyQuery();
    setChild(container, key, next);
    container = next;
    key = segment;
  }
  if (Array.isArray(container) && key === '') container.push(value);
  else setChild(container, key, value);
}

function isMap(value: QueryValue | undefined): value is QueryMap {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function getChild(container: QueryValue[] | QueryMap, key: string): QueryValue | undefined {
  if (Array.isArray(container)) return key === '' ? undefined : container[Number(key)];
  return container[key];
}

function setChild(container: QueryValue[] | QueryMap, key: string, value: QueryValue): void {
  if (Array.isArray(container)) {
    if (key === '') container.push(value);
    else {
      const index = Number(key);
      if (Number.isInteger(index) && index >= 0 && index < 10_000) container[index] = value;
    }
    return;
  }
  container[key] = value;
}

/**
 * Serialises a map back into a query string (`+` never used; values percent-encoded).
 * Keys in PHP bracket form for nested values.
 */
export function stringifyQuery(query: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  const walk = (prefix: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(`${prefix}[]`, item);
    } else if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) walk(`${prefix}[${k}]`, v);
    } else {
      parts.push(`${encodeURIComponent(prefix).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(query)) walk(key, value);
  return parts.join('&');
}
