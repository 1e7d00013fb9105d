/**
 * Responses filtered by context: properties whose `context` list leaves out the requested
 * context are removed, recursively (`rest_filter_response_by_context`).
 *
 * @module
 */
import type { JsonSchema } from './validate.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function allows(schema: JsonSchema, context: string): boolean {
  return !Array.isArray(schema.context) || schema.context.includes(context);
}

/**
 * Returns a copy of `data` with the fields the schema does not show in `context` removed.
 * Fields the schema does not describe are kept (plugins may add them).
 *
 * @example
 * ```ts
 * filterByContext({ id: 1, email: 'a@b.c' }, schema, 'view'); // { id: 1 } when email is edit-only
 * ```
 */
export function filterByContext(data: unknown, schema: JsonSchema, context: string): unknown {
  if (Array.isArray(data)) {
    if (schema.type === 'array' || schema.items !== undefined) {
      const items = schema.items;
      if (items === undefined) return data;
      if (!allows(items, context)) return [];
      return data.map((item) => filterByContext(item, items, context));
    }
    return data.map((item) => filterByContext(item, schema, context));
  }
  if (!isRecord(data) || schema.properties === undefined) return data;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const property = Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
    if (property === undefined) {
      out[key] = value;
    } else if (allows(property, context)) {
      out[key] = filterByContext(value, property, context);
    }
  }
  return out;
}

/** Whether any property of the schema is limited by context (so filtering can be skipped). */
export function needsContextFilter(schema: JsonSchema, context: string): boolean {
  for (const property of Object.values(schema.properties ?? {})) {
    if (!allows(property, context)) return true;
    if (property.properties !== undefined && needsContextFilter(property, context)) return true;
  }
  return false;
}
