/**
 * JSON as PHP writes decoded JSON back: an empty object decoded into a PHP array is written as
 * `[]`. WordPress reads `block.json` into arrays, so every empty object of a block type's
 * metadata (`"supports": {}`, an attribute's `"default": {}`) reaches the wire as `[]`.
 *
 * @module
 */
import type { JsonValue } from '../boot-config.js';

/**
 * A copy of a JSON value with every empty object written as an empty array, as PHP's
 * `wp_json_encode` writes an empty array decoded from `{}`.
 *
 * @example
 * asPhpJson({ supports: {}, attributes: { a: { default: {} } } }); // { supports: [], attributes: { a: { default: [] } } }
 */
export function asPhpJson(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(asPhpJson);
  if (typeof value !== 'object' || value === null) return value;
  const keys = Object.keys(value);
  if (keys.length === 0) return [];
  const out: { [key: string]: JsonValue } = {};
  for (const key of keys) out[key] = asPhpJson(value[key] as JsonValue);
  return out;
}
