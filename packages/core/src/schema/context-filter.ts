/**
 * Responses filtered by context: properties whose `context` list leaves out the requested
 * context are removed, recursively (`rest_filter_response_by_context`).
 *
 * @module
 */
import { PairCache } from '../pair-cache.js';
import { isRecord } from '../record.js';
import type { JsonSchema } from './validate.js';

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
  const plan = planFor(schema, context);
  const out: Record<string, unknown> = {};
  for (const key in data) {
    if (!Object.hasOwn(data, key)) continue;
    const step = plan.get(key);
    if (step === undefined || step === KEEP) out[key] = data[key];
    else if (step !== DROP) out[key] = filterByContext(data[key], step, context);
  }
  return out;
}

const KEEP = 1;
const DROP = 0;
/** Per property: keep as is, drop, or filter inside with its schema. */
type Plan = Map<string, typeof KEEP | typeof DROP | JsonSchema>;
/** Contexts kept per schema: the context comes from the request. */
const CONTEXTS_KEPT = 16;

const plans = new PairCache<JsonSchema, string, Plan>({ limit: CONTEXTS_KEPT });

/** What to do with each property of an object schema in a context, computed once. */
function planFor(schema: JsonSchema, context: string): Plan {
  return plans.get(schema, context, planOf);
}

function planOf(schema: JsonSchema, context: string): Plan {
  const plan: Plan = new Map();
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (!allows(property, context)) plan.set(key, DROP);
    else if (limitsInside(property, context)) plan.set(key, property);
    else plan.set(key, KEEP);
  }
  return plan;
}

const needs = new PairCache<JsonSchema, string, boolean>({ limit: CONTEXTS_KEPT });

/** Whether anything inside a schema (its properties, its items) is hidden in the context. */
function limitsInside(schema: JsonSchema, context: string): boolean {
  if (schema.items !== undefined && (!allows(schema.items, context) || limitsInside(schema.items, context))) return true;
  for (const property of Object.values(schema.properties ?? {})) {
    if (!allows(property, context) || limitsInside(property, context)) return true;
  }
  return false;
}

/** Whether any property of the schema is limited by context (so filtering can be skipped). Memoised. */
export function needsContextFilter(schema: JsonSchema, context: string): boolean {
  return needs.get(schema, context, limitsInside);
}
