/**
 * The original's type juggling (`rest_get_best_type_for_value` and friends): which JSON
 * Schema type a value fits, with PHP's leniency for query and form strings (`"5"` is an
 * integer, `"a,b"` an array, `"false"` a boolean).
 *
 * @module
 */

/** The subset of JSON Schema the original validates. */
export interface JsonSchema {
  type?: string | string[];
  enum?: readonly unknown[];
  format?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  required?: string[] | boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  description?: string;
  [keyword: string]: unknown;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/.test(value);
}

function isInteger(value: unknown): boolean {
  if (!isNumeric(value)) return false;
  const n = Number(value);
  return Number.isSafeInteger(n) || (Number.isInteger(n) && typeof value === 'number');
}

function isBooleanLike(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  if (typeof value === 'number') return value === 0 || value === 1;
  return typeof value === 'string' && ['0', '1', 'true', 'false'].includes(value.toLowerCase());
}

/** Splits a list the way `wp_parse_list` does: on commas and whitespace. */
export function parseList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return value.split(/[\s,]+/).filter((part) => part !== '');
  if (isPlainObject(value)) return Object.values(value);
  if (typeof value === 'boolean') return value ? ['1'] : [];
  return [value];
}

/** A PHP list: a real array, or a map whose keys are all indices (`a[0]=x&a[1]=y`). */
function isListLike(value: unknown): boolean {
  if (Array.isArray(value)) return true;
  if (!isPlainObject(value)) return false;
  for (const key in value) if (!/^\d+$/.test(key)) return false;
  return true;
}

export function matchesType(type: string, value: unknown): boolean {
  switch (type) {
    case 'array':
      return isListLike(value) || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    case 'object':
      return isPlainObject(value) || value === '';
    case 'string':
      return typeof value === 'string';
    case 'number':
      return isNumeric(value);
    case 'integer':
      return isInteger(value);
    case 'boolean':
      return isBooleanLike(value);
    case 'null':
      return value === null;
    default:
      return false;
  }
}

/** The first listed type the value fits (`rest_get_best_type_for_value`); `''` prefers string. */
export function bestType(types: readonly string[], value: unknown): string | undefined {
  if (value === '' && types.includes('string')) return 'string';
  for (const type of types) if (matchesType(type, value)) return type;
  return undefined;
}

export function typesOf(schema: JsonSchema): string[] {
  if (schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}
