/**
 * Zod → JSON Schema draft-04 with the original's keywords: `readonly` (from Zod's
 * `.readonly()`), `context` (from `.meta({ context })`), no `arg_options` in public output,
 * no `±2^53` bounds on integers, no `required` list on item schemas.
 *
 * @module
 */
import { z } from 'zod';
import type { JsonSchema } from './validate.js';

/** The three contexts of the original. */
export type RestContext = 'view' | 'edit' | 'embed';

const SAFE_BOUND = Number.MAX_SAFE_INTEGER;
const cache = new WeakMap<z.ZodType, JsonSchema>();

function clean(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(clean);
  if (typeof node !== 'object' || node === null) return node;
  const source = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'arg_options' || key === 'id') continue;
    if (key === 'readOnly') {
      if (value === true) out.readonly = true;
      continue;
    }
    if ((key === 'minimum' && value === -SAFE_BOUND) || (key === 'maximum' && value === SAFE_BOUND)) continue;
    out[key] = clean(value);
  }
  return out;
}

/**
 * The draft-04 JSON Schema of a Zod schema, cached per schema object.
 *
 * @example
 * ```ts
 * toJsonSchema(z.object({ id: z.number().int().readonly() }));
 * // { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', properties: { id: { readonly: true, type: 'integer' } } }
 * ```
 */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  let found = cache.get(schema);
  if (found === undefined) {
    const raw = z.toJSONSchema(schema, { target: 'draft-04', io: 'input', unrepresentable: 'any' });
    found = clean(raw) as JsonSchema;
    cache.set(schema, found);
  }
  return found;
}

/**
 * The public item schema of a route: draft-04, `title` first, no `required` list.
 */
export function itemJsonSchema(schema: z.ZodType, title?: string): JsonSchema {
  const { $schema, title: ownTitle, required: _required, ...rest } = toJsonSchema(schema);
  return { $schema, title: title ?? ownTitle, ...rest };
}

/** The JSON Schema of one argument, without the `$schema` member. */
export function argJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = toJsonSchema(schema);
  return rest;
}

/** The contexts a schema's properties mention, in the original's order. */
export function schemaContexts(schema: JsonSchema): RestContext[] {
  const found = new Set<string>();
  const walk = (node: JsonSchema): void => {
    if (Array.isArray(node.context)) for (const c of node.context) found.add(String(c));
    for (const child of Object.values(node.properties ?? {})) walk(child);
  };
  walk(schema);
  return (['view', 'embed', 'edit'] as const).filter((c) => found.has(c));
}
