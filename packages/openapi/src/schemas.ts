/**
 * Zod → JSON Schema draft 2020-12, the dialect of OpenAPI 3.1, from Zod's own
 * `toJSONSchema`: the same schemas that give the draft-04 index, written for OpenAPI (no
 * `$schema`, no `±2^53` integer bounds, `$ref`s inlined, Zod's metadata keys dropped), and
 * an item schema cut to the properties one context shows.
 *
 * @module
 */
import { inlineRefs, type RestContext } from '@cms-json/core';
import { z } from 'zod';

/** A JSON Schema (draft 2020-12) node. */
export type OpenApiSchema = Record<string, unknown>;

const SAFE_BOUND = Number.MAX_SAFE_INTEGER;
/** Zod's and the original's keywords that are no JSON Schema: never published. */
const DROPPED = new Set(['$schema', 'arg_options', 'id', 'context']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs']);

function clean(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(clean);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (DROPPED.has(key)) continue;
    if ((key === 'minimum' && value === -SAFE_BOUND) || (key === 'maximum' && value === SAFE_BOUND)) continue;
    if (SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, clean(schema)]));
    } else out[key] = clean(value);
  }
  return out;
}

/**
 * The draft 2020-12 schema of a Zod schema, as an OpenAPI 3.1 document holds it. `io: 'input'`
 * describes what a client sends (defaults make a member optional), `'output'` what it gets.
 *
 * @example
 * ```ts
 * openApiSchema(z.number().int().min(1), { io: 'input' }); // { type: 'integer', minimum: 1 }
 * ```
 */
export function openApiSchema(schema: z.ZodType, options: { io: 'input' | 'output' }): OpenApiSchema {
  const raw = z.toJSONSchema(schema, { target: 'draft-2020-12', io: options.io, unrepresentable: 'any' });
  return clean(inlineRefs(raw as Record<string, unknown>)) as OpenApiSchema;
}

/** Whether a property's `context` list (from `.meta({ context })`) includes a context; none means every one. */
function inContext(property: unknown, context: RestContext): boolean {
  if (typeof property !== 'object' || property === null) return true;
  const contexts = (property as { context?: unknown }).context;
  return !Array.isArray(contexts) || contexts.includes(context);
}

/** Keeps, at every level of `properties`, the members a context shows (before `clean` drops `context`). */
function cutToContext(node: unknown, context: RestContext): unknown {
  if (Array.isArray(node)) return node.map((item) => cutToContext(item, context));
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (key === 'properties' && typeof value === 'object' && value !== null) {
      const kept = Object.entries(value).filter(([, property]) => inContext(property, context));
      out[key] = Object.fromEntries(kept.map(([name, property]) => [name, cutToContext(property, context)]));
    } else out[key] = cutToContext(value, context);
  }
  if (Array.isArray(out.required) && typeof out.properties === 'object' && out.properties !== null) {
    const properties = out.properties as Record<string, unknown>;
    out.required = out.required.filter((name) => Object.hasOwn(properties, String(name)));
  }
  return out;
}

/**
 * The schema of a route's records in one context: the properties that context shows, the
 * links and embedded records every record may carry, and no `required` list (`_fields` may
 * leave out any member, as in the original).
 *
 * @example
 * ```ts
 * recordSchema(OutgoingLink, 'embed'); // { type: 'object', title: 'outgoing-links', properties: { _links: … } }
 * ```
 */
export function recordSchema(schema: z.ZodObject, context: RestContext): OpenApiSchema {
  const raw = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' });
  const cut = cutToContext(inlineRefs(raw as Record<string, unknown>), context) as Record<string, unknown>;
  const { required: _required, additionalProperties: _closed, ...rest } = clean(cut) as OpenApiSchema;
  const properties = { ...(rest.properties as Record<string, unknown> | undefined) };
  properties._links = { $ref: '#/components/schemas/Links' };
  properties._embedded = { type: 'object', additionalProperties: { type: 'array' } };
  return { ...rest, properties };
}
