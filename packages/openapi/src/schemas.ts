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
const DROPPED = new Set(['$schema', 'arg_options', 'id', 'context', 'published']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs']);
/** Keywords that say what a value is: a schema with none of them accepts anything. */
const TYPING = ['type', 'anyOf', 'oneOf', 'allOf', 'enum', 'const', '$ref', 'not', 'properties', 'items'];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The schema to describe a node with: Zod's (what is checked), unless Zod could not say what
 * it is (a custom check, a transform: `{}`) and the route gave `.meta({ published })`, the
 * draft-04 schema the index shows for it.
 */
function chosen(node: Record<string, unknown>): Record<string, unknown> {
  const published = node.published;
  if (!isObject(published) || TYPING.some((key) => Object.hasOwn(node, key))) return node;
  return typeof node.description === 'string' && published.description === undefined
    ? { description: node.description, ...published }
    : published;
}

/** Draft-04's `required: true` on a property (the original's form), read from the chosen schema. */
function requiredFlag(node: unknown): boolean {
  return isObject(node) && chosen(node).required === true;
}

/**
 * One node in draft 2020-12 as OpenAPI 3.1 reads it: Zod's metadata keys and `published`
 * left out, draft-04's `required: true` on properties gathered into the object's `required`
 * list, `readonly` as `readOnly`, boolean `exclusiveMinimum`/`exclusiveMaximum` as numbers,
 * and no `±2^53` integer bounds.
 */
function clean(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(clean);
  if (!isObject(node)) return node;
  const source = chosen(node);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (DROPPED.has(key)) continue;
    if (key === 'required' && !Array.isArray(value)) continue; // draft-04's flag: gathered by the parent
    if (key === 'readonly' || key === 'readOnly') {
      if (value === true) out.readOnly = true;
      continue;
    }
    if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'boolean') continue;
    if ((key === 'minimum' && value === -SAFE_BOUND) || (key === 'maximum' && value === SAFE_BOUND)) continue;
    // The original's PHP empty array as a map: an empty map.
    if (SCHEMA_MAPS.has(key) && Array.isArray(value) && value.length === 0) out[key] = {};
    else if (SCHEMA_MAPS.has(key) && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, clean(schema)]));
    } else out[key] = clean(value);
  }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (source[flag] === true && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    }
  }
  // The original's PHP empty array as an object's default (`persisted_preferences`): an empty
  // map, so the default is of the node's type (Swagger UI stops rendering at a default that is not).
  if (out.type === 'object' && Array.isArray(out.default) && out.default.length === 0) out.default = {};
  if (isObject(source.properties)) {
    const flagged = Object.entries(source.properties)
      .filter(([, property]) => requiredFlag(property))
      .map(([name]) => name);
    const listed = Array.isArray(out.required) ? (out.required as unknown[]) : [];
    const required = [...new Set([...listed, ...flagged])];
    if (required.length > 0) out.required = required;
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
