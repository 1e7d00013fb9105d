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
/** What to do with one property: keep it as is, drop it, or filter inside it with its schema. */
type Step = typeof KEEP | typeof DROP | JsonSchema;

/**
 * The steps of one object schema in one context, and the layout of the last records it
 * filtered (records of one route mostly share their keys and their order).
 */
interface Plan {
  readonly steps: Map<string, Step>;
  layout: Layout | undefined;
}

/**
 * A key order met, and what a record of that order is filtered to: a copy of `template` (its
 * kept keys, in order, with placeholder values) with the values written in. Copies of one
 * template share V8's fast object layout; records built a key at a time past about 16 keys
 * fall back to dictionary mode, which makes every later copy (`_links`, `_embedded`) and
 * `JSON.stringify` of them several times slower (a post record: 5.5 µs a copy against 0.6).
 */
interface Layout {
  /** The record's own keys, in order. */
  readonly keys: readonly string[];
  /** The kept keys, in order, each with `null`; `undefined` when nothing is kept and something dropped (the record is `[]`). */
  readonly template: Record<string, unknown> | undefined;
}
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
    if (plan.layout !== undefined) {
      const laid = this.#fillLayout(data, plan, plan.layout, context);
      if (laid !== undefined) return laid;
    }
    const out: Record<string, unknown> = {};
    let kept = 0;
    let dropped = 0;
    for (const key in data) {
      if (!Object.hasOwn(data, key)) continue;
      const step = plan.steps.get(key);
      if (step === DROP) {
        dropped += 1;
        continue;
      }
      kept += 1;
      const value = step === undefined || step === KEEP ? data[key] : this.#filter(data[key], step, context);
      // A `__proto__` member stays a member: assigning it would set the copy's prototype.
      if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      else out[key] = value;
    }
    plan.layout = layoutOf(data, plan.steps);
    // An object the context emptied is [], as the original's emptied PHP array encodes
    // (a user's `meta` in the view context).
    return kept === 0 && dropped > 0 ? [] : out;
  }

  /** `data` filtered through the plan's layout, or `undefined` when its keys are not the layout's. */
  #fillLayout(data: Record<string, unknown>, plan: Plan, layout: Layout, context: string): unknown {
    const { keys, template } = layout;
    const out: Record<string, unknown> | undefined = template === undefined ? undefined : { ...template };
    let i = 0;
    for (const key in data) {
      // An inherited key, or another order: the key-at-a-time copy handles it.
      if (key !== keys[i] || !Object.hasOwn(data, key)) return undefined;
      i += 1;
      if (out === undefined) continue;
      const step = plan.steps.get(key);
      if (step === undefined || step === KEEP) out[key] = data[key];
      else if (step !== DROP) out[key] = this.#filter(data[key], step, context);
    }
    if (i !== keys.length) return undefined;
    return out ?? [];
  }
}

/**
 * The layout of a record's keys under a plan, or `undefined` for a record with a
 * `__proto__` key (assigning it to a copy would set the copy's prototype).
 */
function layoutOf(data: Record<string, unknown>, steps: Map<string, Step>): Layout | undefined {
  const keys = Object.keys(data);
  if (keys.includes('__proto__')) return undefined;
  const kept = keys.filter((key) => steps.get(key) !== DROP);
  if (kept.length === 0 && kept.length < keys.length) return { keys, template: undefined };
  // JSON.parse makes the template with a fast layout, which its spread copies keep.
  return { keys, template: JSON.parse(`{${kept.map((key) => `${JSON.stringify(key)}:null`).join(',')}}`) };
}

/** What to do with each property of an object schema in a context. */
function planOf(schema: JsonSchema, context: string): Plan {
  const steps = new Map<string, Step>();
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (!allows(property, context)) steps.set(key, DROP);
    else if (limitsInside(property, context)) steps.set(key, property);
    else steps.set(key, KEEP);
  }
  return { steps, layout: undefined };
}

/** Whether anything inside a schema (its properties, its items) is hidden in the context. */
function limitsInside(schema: JsonSchema, context: string): boolean {
  if (schema.items !== undefined && (!allows(schema.items, context) || limitsInside(schema.items, context))) return true;
  for (const property of Object.values(schema.properties ?? {})) {
    if (!allows(property, context) || limitsInside(property, context)) return true;
  }
  return false;
}
