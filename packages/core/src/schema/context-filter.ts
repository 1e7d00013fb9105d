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

const KEEP = 1;
const DROP = 0;
/** Per property: keep as is, drop, or filter inside with its schema. */
type Plan = Map<string, typeof KEEP | typeof DROP | JsonSchema>;
/** Contexts kept per schema: the context comes from the request. */
const CONTEXTS_KEPT = 16;

/**
 * The context filter of one item schema, with what it works out once per context (which
 * properties to keep, drop or filter inside) kept on it. A compiled route holds one.
 *
 * @example
 * ```ts
 * const filter = new ContextFilter(itemJsonSchema(Note));
 * filter.needed('view');                          // true when some field is edit-only
 * filter.apply({ id: 1, secret: 's' }, 'view');   // { id: 1 }
 * ```
 */
export class ContextFilter {
  readonly #plans = new PairCache<JsonSchema, string, Plan>({ limit: CONTEXTS_KEPT });
  readonly #needed = new Map<string, boolean>();

  constructor(readonly schema: JsonSchema) {}

  /** Whether anything of the schema is hidden in the context (so filtering can be skipped). */
  needed(context: string): boolean {
    let found = this.#needed.get(context);
    if (found === undefined) {
      found = limitsInside(this.schema, context);
      if (this.#needed.size < CONTEXTS_KEPT) this.#needed.set(context, found);
    }
    return found;
  }

  /**
   * A copy of `data` with the fields the schema does not show in `context` removed. Fields
   * the schema does not describe are kept (plugins may add them).
   */
  apply(data: unknown, context: string): unknown {
    return this.#filter(data, this.schema, context);
  }

  #filter(data: unknown, schema: JsonSchema, context: string): unknown {
    if (Array.isArray(data)) {
      if (schema.type === 'array' || schema.items !== undefined) {
        const items = schema.items;
        if (items === undefined) return data;
        if (!allows(items, context)) return [];
        return data.map((item) => this.#filter(item, items, context));
      }
      return data.map((item) => this.#filter(item, schema, context));
    }
    if (!isRecord(data) || schema.properties === undefined) return data;
    const plan = this.#plans.get(schema, context, planOf);
    const out: Record<string, unknown> = {};
    let kept = 0;
    let dropped = 0;
    for (const key in data) {
      if (!Object.hasOwn(data, key)) continue;
      const step = plan.get(key);
      kept += 1;
      if (step === undefined || step === KEEP) out[key] = data[key];
      else if (step !== DROP) out[key] = this.#filter(data[key], step, context);
      else {
        kept -= 1;
        dropped += 1;
      }
    }
    // An object the context emptied is [], as the original's emptied PHP array encodes
    // (a user's `meta` in the view context).
    return kept === 0 && dropped > 0 ? [] : out;
  }
}

/** What to do with each property of an object schema in a context. */
function planOf(schema: JsonSchema, context: string): Plan {
  const plan: Plan = new Map();
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (!allows(property, context)) plan.set(key, DROP);
    else if (limitsInside(property, context)) plan.set(key, property);
    else plan.set(key, KEEP);
  }
  return plan;
}

/** Whether anything inside a schema (its properties, its items) is hidden in the context. */
function limitsInside(schema: JsonSchema, context: string): boolean {
  if (schema.items !== undefined && (!allows(schema.items, context) || limitsInside(schema.items, context))) return true;
  for (const property of Object.values(schema.properties ?? {})) {
    if (!allows(property, context) || limitsInside(property, context)) return true;
  }
  return false;
}
