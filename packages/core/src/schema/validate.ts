/**
 * Argument validation and sanitising over a draft-04 JSON Schema, with the original's
 * type juggling (`"5"` is an integer, `"a,b"` an array), error codes and messages
 * (`rest_invalid_type`, `rest_out_of_bounds`, …). Zod then parses the sanitised value, so
 * refinements and transforms still apply.
 *
 * @module
 */

import { bestType, isNumeric, isPlainObject, type JsonSchema, parseList, typesOf } from './types.js';

export { type JsonSchema, parseList } from './types.js';

/** One validation failure, shaped like the original's `WP_Error`. */
export interface ValidationIssue {
  code: string;
  message: string;
  data: Record<string, unknown> | null;
}

function listText(items: readonly unknown[]): string {
  const parts = items.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
  if (parts.length <= 1) return parts.join('');
  if (parts.length === 2) return `${parts[0]} and ${parts[1]}`;
  return `${parts.slice(0, -1).join(', ')}, and ${parts[parts.length - 1]}`;
}

function looselyEqual(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  if (isNumeric(a) && typeof b === 'number') return Number(a) === b;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => looselyEqual(x, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => looselyEqual(a[k], b[k]));
  }
  return a === b;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}(:\d{2})?)?$/;
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX_COLOR = /^#([A-Fa-f0-9]{3}){1,2}$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

function issue(code: string, message: string, data: Record<string, unknown> | null = null): ValidationIssue {
  return { code, message, data };
}

/**
 * Validates `value` against `schema` the way `rest_validate_value_from_schema` does.
 * Returns the first issue, or `undefined` when the value is valid.
 */
export function validateValue(value: unknown, schema: JsonSchema, param: string): ValidationIssue | undefined {
  if (schema.anyOf !== undefined || schema.oneOf !== undefined) return validateCombined(value, schema, param);
  const types = typesOf(schema);
  let type: string | undefined;
  if (types.length > 0) {
    type = bestType(types, value);
    if (type === undefined) {
      return issue('rest_invalid_type', `${param} is not of type ${types.join(',')}.`, { param });
    }
  }
  if (schema.enum !== undefined) {
    const sanitized = type === undefined ? value : sanitizeValue(value, { ...schema, enum: undefined });
    if (!schema.enum.some((allowed) => looselyEqual(sanitized, allowed))) {
      // The original names a single allowed value alone: "who is not authors."
      const allowed = schema.enum.length === 1 ? 'is not' : 'is not one of';
      return issue('rest_not_in_enum', `${param} ${allowed} ${listText(schema.enum)}.`);
    }
  }
  switch (type) {
    case 'array':
      return validateArray(parseList(value), schema, param);
    case 'object':
      return validateObject(value === '' ? {} : (value as Record<string, unknown>), schema, param);
    case 'string':
      return validateString(String(value), schema, param);
    case 'number':
    case 'integer':
      return validateNumber(Number(value), schema, param);
    default:
      return undefined;
  }
}

function validateCombined(value: unknown, schema: JsonSchema, param: string): ValidationIssue | undefined {
  const branches = schema.anyOf ?? schema.oneOf ?? [];
  const matches = branches.filter((branch) => validateValue(value, branch, param) === undefined);
  if (matches.length === 0) {
    return issue('rest_no_matching_schema', `${param} does not match any of the expected formats.`, { position: -1 });
  }
  if (schema.oneOf !== undefined && matches.length > 1) {
    return issue('rest_one_of_multiple_matches', `${param} matches more than one of the expected formats.`, {
      positions: matches.map((m) => branches.indexOf(m)),
    });
  }
  return undefined;
}

function validateArray(items: unknown[], schema: JsonSchema, param: string): ValidationIssue | undefined {
  if (schema.minItems !== undefined && items.length < schema.minItems) {
    const unit = schema.minItems === 1 ? 'item' : 'items';
    return issue('rest_too_few_items', `${param} must contain at least ${schema.minItems} ${unit}.`);
  }
  if (schema.maxItems !== undefined && items.length > schema.maxItems) {
    const unit = schema.maxItems === 1 ? 'item' : 'items';
    return issue('rest_too_many_items', `${param} must contain at most ${schema.maxItems} ${unit}.`);
  }
  if (schema.items !== undefined) {
    for (const [index, item] of items.entries()) {
      const found = validateValue(item, schema.items, `${param}[${index}]`);
      if (found) return found;
    }
  }
  if (schema.uniqueItems === true) {
    const seen = new Set(items.map((item) => JSON.stringify(item)));
    if (seen.size !== items.length) return issue('rest_duplicate_items', `${param} has duplicate items.`);
  }
  return undefined;
}

function validateObject(value: Record<string, unknown>, schema: JsonSchema, param: string): ValidationIssue | undefined {
  const properties = schema.properties ?? {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const name of required) {
    if (!Object.hasOwn(value, name)) {
      return issue('rest_property_required', `${name} is a required property of ${param}.`);
    }
  }
  for (const [key, item] of Object.entries(value)) {
    const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (property !== undefined) {
      const found = validateValue(item, property, `${param}[${key}]`);
      if (found) return found;
    } else if (schema.additionalProperties === false) {
      return issue('rest_additional_properties_forbidden', `${key} is not a valid property of Object.`);
    } else if (typeof schema.additionalProperties === 'object') {
      const found = validateValue(item, schema.additionalProperties, `${param}[${key}]`);
      if (found) return found;
    }
  }
  return undefined;
}

function validateString(value: string, schema: JsonSchema, param: string): ValidationIssue | undefined {
  const length = [...value].length;
  if (schema.minLength !== undefined && length < schema.minLength) {
    const unit = schema.minLength === 1 ? 'character' : 'characters';
    return issue('rest_too_short', `${param} must be at least ${schema.minLength} ${unit} long.`);
  }
  if (schema.maxLength !== undefined && length > schema.maxLength) {
    const unit = schema.maxLength === 1 ? 'character' : 'characters';
    return issue('rest_too_long', `${param} must be at most ${schema.maxLength} ${unit} long.`);
  }
  if (schema.pattern !== undefined && !safePattern(schema.pattern).test(value)) {
    return issue('rest_invalid_pattern', `${param} does not match pattern ${schema.pattern}.`);
  }
  switch (schema.format) {
    case 'date-time':
      return DATE_TIME.test(value) ? undefined : issue('rest_invalid_date', 'Invalid date.');
    case 'email':
      return EMAIL.test(value) ? undefined : issue('rest_invalid_email', 'Invalid email address.');
    case 'uuid':
      return UUID.test(value) ? undefined : issue('rest_invalid_uuid', `${param} is not a valid UUID.`);
    case 'hex-color':
      return HEX_COLOR.test(value) ? undefined : issue('rest_invalid_hex_color', `${param} is not a valid hex color.`);
    case 'ip':
      return IPV4.test(value) || (value.includes(':') && /^[0-9a-fA-F:.]+$/.test(value))
        ? undefined
        : issue('rest_invalid_ip', `${param} is not a valid IP address.`);
    default:
      return undefined;
  }
}

const patternCache = new Map<string, RegExp>();
function safePattern(pattern: string): RegExp {
  let compiled = patternCache.get(pattern);
  if (compiled === undefined) {
    compiled = new RegExp(pattern, 'u');
    patternCache.set(pattern, compiled);
  }
  return compiled;
}

function validateNumber(value: number, schema: JsonSchema, param: string): ValidationIssue | undefined {
  if (schema.multipleOf !== undefined && value % schema.multipleOf !== 0) {
    return issue('rest_invalid_multiple', `${param} must be a multiple of ${schema.multipleOf}.`);
  }
  const { minimum: min, maximum: max } = schema;
  const exMin = schema.exclusiveMinimum === true;
  const exMax = schema.exclusiveMaximum === true;
  const belowMin = min !== undefined && (exMin ? value <= min : value < min);
  const aboveMax = max !== undefined && (exMax ? value >= max : value > max);
  if (!belowMin && !aboveMax) return undefined;
  // The original prints the bounds with `%d`.
  const lo = min === undefined ? undefined : Math.trunc(min);
  const hi = max === undefined ? undefined : Math.trunc(max);
  if (min !== undefined && max !== undefined) {
    const loKind = exMin ? 'exclusive' : 'inclusive';
    const hiKind = exMax ? 'exclusive' : 'inclusive';
    return issue('rest_out_of_bounds', `${param} must be between ${lo} (${loKind}) and ${hi} (${hiKind})`);
  }
  if (min !== undefined) {
    return issue('rest_out_of_bounds', `${param} must be greater than ${exMin ? '' : 'or equal to '}${lo}`);
  }
  return issue('rest_out_of_bounds', `${param} must be less than ${exMax ? '' : 'or equal to '}${hi}`);
}

/**
 * Sanitises (casts) `value` to the schema's type the way `rest_sanitize_value_from_schema`
 * does: `"5"` → `5`, `"false"` → `false`, `"a,b"` → `["a", "b"]`.
 */
export function sanitizeValue(value: unknown, schema: JsonSchema): unknown {
  if (schema.anyOf !== undefined || schema.oneOf !== undefined) {
    const branches = schema.anyOf ?? schema.oneOf ?? [];
    const match = branches.find((branch) => validateValue(value, branch, '') === undefined);
    return match === undefined ? value : sanitizeValue(value, match);
  }
  const types = typesOf(schema);
  const type = types.length > 0 ? bestType(types, value) : undefined;
  switch (type) {
    case 'array': {
      const items = parseList(value);
      return schema.items === undefined ? items : items.map((item) => sanitizeValue(item, schema.items as JsonSchema));
    }
    case 'object': {
      if (!isPlainObject(value)) return {};
      const properties = schema.properties ?? {};
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
        if (property !== undefined) out[key] = sanitizeValue(item, property);
        else if (typeof schema.additionalProperties === 'object') out[key] = sanitizeValue(item, schema.additionalProperties);
        else if (schema.additionalProperties !== false) out[key] = item;
      }
      return out;
    }
    case 'integer':
      return Math.trunc(Number(value));
    case 'number':
      return Number(value);
    case 'boolean':
      return value === true || value === 1 || (typeof value === 'string' && ['1', 'true'].includes(value.toLowerCase()));
    case 'string':
      return String(value);
    case 'null':
      return null;
    default:
      return value;
  }
}
