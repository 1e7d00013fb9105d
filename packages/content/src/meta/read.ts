/**
 * Reading the `meta` field of records, as WordPress's `WP_REST_Meta_Fields::get_value`:
 * a single key reads as its first stored value (the default when none), a non-single key
 * as the list of its values; each value is cast to the key's type, and a stored value that
 * does not fit the schema reads as `null`. The values of a whole response are read in one
 * query ({@link loadMeta}), then prepared for each record ({@link metaRecord}).
 *
 * @module
 */
import { type JsonSchema, type RestRequest, sanitizeValue, validateValue } from '@cms-json/core';
import { emptyValueFor, type RestMetaKey } from './registry.js';
import { decodeMetaValue, type MetaStore } from './store.js';

/** The schema of one value of a key (the items of a non-single key). */
export function valueSchema(key: RestMetaKey): JsonSchema {
  return key.single ? key.schema : (key.schema.items ?? {});
}

/**
 * A stored value as the record shows it (WordPress's `prepare_value`): `''` is the empty
 * value of a boolean or number, a value that does not fit the schema is `null`, and the
 * rest is cast to the schema (`'1'` → `true`, `'5'` → `5`).
 *
 * @example
 * prepareMetaValue('5', key); // 5 for an integer key
 */
export function prepareMetaValue(value: unknown, key: RestMetaKey): unknown {
  const schema = valueSchema(key);
  const type = typeof schema.type === 'string' ? schema.type : key.type;
  let prepared = value;
  if (prepared === '' && ['boolean', 'integer', 'number'].includes(type)) prepared = emptyValueFor(type);
  // An empty object is PHP's empty array to the original, and a JSON list on the wire.
  if (type === 'object' && Array.isArray(prepared) && prepared.length === 0) return [];
  if (validateValue(prepared, schema, '') !== undefined) return null;
  const cast = sanitizeValue(prepared, schema);
  return type === 'object' && isEmptyObject(cast) ? [] : cast;
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}

/** The decoded stored values of each key of one object, by key name. */
export type StoredMeta = ReadonlyMap<string, readonly unknown[]>;

/**
 * The stored values of these keys of these objects, decoded, in one query.
 *
 * @example
 * const stored = await loadMeta(store, keys, [7, 8]);
 */
export async function loadMeta(
  store: MetaStore,
  keys: readonly RestMetaKey[],
  objectIds: readonly number[],
): Promise<Map<number, StoredMeta>> {
  const out = new Map<number, Map<string, unknown[]>>(objectIds.map((id) => [id, new Map()]));
  const types = new Map(keys.map((key) => [key.name, valueType(key)]));
  const rows = await store.rows(
    objectIds,
    keys.map((key) => key.name),
  );
  for (const row of rows) {
    const values = out.get(row.objectId);
    if (values === undefined) continue;
    const decoded = decodeMetaValue(row.value, types.get(row.key) ?? 'string');
    const list = values.get(row.key);
    if (list === undefined) values.set(row.key, [decoded]);
    else list.push(decoded);
  }
  return out;
}

/**
 * The `meta` field of an object from its stored values: registered keys by name, or `[]`
 * when none is registered (as the original, whose empty PHP array is a JSON list).
 *
 * @example
 * metaRecord(keys, stored, request); // { rating: 5, seen_by: ['ann'] }
 */
export function metaRecord(
  keys: readonly RestMetaKey[],
  stored: StoredMeta | undefined,
  request: RestRequest,
): Record<string, unknown> | never[] {
  if (keys.length === 0) return [];
  const meta: Record<string, unknown> = {};
  for (const key of keys) {
    const custom = typeof key.options.showInRest === 'object' ? key.options.showInRest.prepare : undefined;
    const prepare = (value: unknown) => (custom === undefined ? prepareMetaValue(value, key) : custom(value, request, key));
    const values = [...(stored?.get(key.name) ?? [])];
    // A registered default stands for the missing values (WordPress's `get_metadata_default`).
    if (values.length === 0 && key.options.default !== undefined) values.push(key.options.default);
    if (key.single) meta[key.name] = prepare(values.length > 0 ? values[0] : valueSchema(key).default);
    else meta[key.name] = values.map(prepare);
  }
  return meta;
}

/** The declared type of one stored value of a key. */
export function valueType(key: RestMetaKey): string {
  const type = valueSchema(key).type;
  return typeof type === 'string' ? type : key.type;
}
