/**
 * Zod → JSON Schema draft-04 with the original's keywords: `readonly` (from Zod's
 * `.readonly()`), `context` (from `.meta({ context })`), no `arg_options` in public output,
 * no `±2^53` bounds on integers, no `required` list on item schemas, `anyOf` of bare types
 * as a list of types, and keys in the original's order (`description`, `type`, …,
 * `context`, `readonly`).
 *
 * @module
 */
import { z } from 'zod';
import type { JsonSchema } from './validate.js';

/** The three contexts of the original. */
export type RestContext = 'view' | 'edit' | 'embed';

const SAFE_BOUND = Number.MAX_SAFE_INTEGER;

/** Keywords written first, in this order; `context` and `readonly` go last. */
const LEADING = ['$schema', 'title', 'description', 'type', 'format', 'enum', 'items', 'properties', 'default'];
const TRAILING = ['context', 'readonly'];
/** Keywords whose value is a map of names to schemas (the names are not keywords). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
/** Zod's own metadata keywords, never published. */
const DROPPED = new Set(['arg_options', 'id', 'published']);

/** How a schema is written: for checking values, or as the index and OPTIONS publish it. */
interface CleanOptions {
  /** Use `.meta({ published })` where given (the index's description), not the checked schema. */
  readonly published: boolean;
}

function cleanMap(map: Record<string, unknown>, options: CleanOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(map)) out[name] = clean(schema, options);
  return out;
}

function clean(node: unknown, options: CleanOptions): unknown {
  if (Array.isArray(node)) return node.map((item) => clean(item, options));
  if (typeof node !== 'object' || node === null) return node;
  // `.meta({ published })`: the schema shown for a value that parses more loosely than it is
  // described (the original's `title` argument: an object with `raw`, that also takes a string).
  const published = (node as Record<string, unknown>).published;
  if (options.published && typeof published === 'object' && published !== null) return clean(published, options);
  const source = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (DROPPED.has(key)) continue;
    if (key === 'readOnly') {
      if (value === true) out.readonly = true;
      continue;
    }
    // Zod adds a pattern for its string formats; the format says it, and Zod still checks it.
    if (key === 'pattern' && typeof source.format === 'string') continue;
    if ((key === 'minimum' && value === -SAFE_BOUND) || (key === 'maximum' && value === SAFE_BOUND)) continue;
    out[key] =
      // A map given as `[]` (the original's PHP empty array) is kept as it is.
      SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null && !Array.isArray(value)
        ? cleanMap(value as never, options)
        : clean(value, options);
  }
  return order(typeList(out));
}

/**
 * `anyOf` of bare types (`boolean | string[]`) as the original writes it: a list of types,
 * with the array branch's `items` (`{ type: ['boolean', 'array'], items: { type: 'string' } }`).
 */
function typeList(node: Record<string, unknown>): Record<string, unknown> {
  const branches = node.anyOf;
  if (!Array.isArray(branches) || node.type !== undefined || branches.length < 2) return node;
  const types: string[] = [];
  let items: unknown;
  for (const branch of branches as Record<string, unknown>[]) {
    const keys = Object.keys(branch);
    if (typeof branch.type !== 'string' || types.includes(branch.type)) return node;
    if (!keys.every((key) => key === 'type' || (key === 'items' && branch.type === 'array'))) return node;
    types.push(branch.type);
    if (branch.items !== undefined) items = branch.items;
  }
  const { anyOf: _anyOf, ...rest } = node;
  return items === undefined ? { ...rest, type: types } : { ...rest, type: types, items };
}

function order(node: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of LEADING) if (Object.hasOwn(node, key)) out[key] = node[key];
  for (const [key, value] of Object.entries(node)) if (!Object.hasOwn(out, key) && !TRAILING.includes(key)) out[key] = value;
  for (const key of TRAILING) if (Object.hasOwn(node, key)) out[key] = node[key];
  return out;
}

/**
 * Inlines `$ref`s into `definitions` (Zod writes them for schemas given an `id`), since the
 * original supports no `$ref` (and an OpenAPI document resolves `#/…` from its own root).
 * A recursive schema keeps its inner `$ref`.
 */
export function inlineRefs(root: Record<string, unknown>): Record<string, unknown> {
  const definitions = (root.definitions ?? root.$defs) as Record<string, unknown> | undefined;
  if (definitions === undefined) return root;
  const resolve = (node: unknown, seen: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => resolve(item, seen));
    if (typeof node !== 'object' || node === null) return node;
    const { $ref, ...rest } = node as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    if (typeof $ref === 'string') {
      const name = $ref.replace(/^#\/(definitions|\$defs)\//, '');
      const target = definitions[name];
      if (target === undefined || seen.includes(name)) out.$ref = $ref;
      else Object.assign(out, resolve(target, [...seen, name]));
    }
    for (const [key, value] of Object.entries(rest)) out[key] = resolve(value, seen);
    return out;
  };
  const { definitions: _d, $defs: _defs, ...rest } = root;
  return resolve(rest, []) as Record<string, unknown>;
}

/**
 * The draft-04 JSON Schema of a Zod schema (routes compute theirs once, when they are built).
 *
 * @example
 * ```ts
 * toJsonSchema(z.object({ id: z.number().int().readonly() }));
 * // { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', properties: { id: { type: 'integer', readonly: true } }, required: ['id'] }
 * ```
 */
export function toJsonSchema(schema: z.ZodType, options: { published?: boolean } = {}): JsonSchema {
  const raw = z.toJSONSchema(schema, { target: 'draft-04', io: 'input', unrepresentable: 'any' });
  return clean(inlineRefs(raw as Record<string, unknown>), { published: options.published === true }) as JsonSchema;
}

/**
 * The public item schema of a route: draft-04, `title` first, no `required` list.
 *
 * @example
 * ```ts
 * itemJsonSchema(Note); // { $schema, title: 'note', type: 'object', properties: { id: {…}, … } }
 * ```
 */
export function itemJsonSchema(schema: z.ZodType, title?: string): JsonSchema {
  const { $schema, title: ownTitle, ...rest } = withoutRequiredLists(toJsonSchema(schema, { published: true })) as JsonSchema;
  const out: JsonSchema = { $schema };
  const shownTitle = title ?? ownTitle;
  if (shownTitle !== undefined) out.title = shownTitle;
  return Object.assign(out, rest);
}

/**
 * An item schema without Zod's `required` lists, at any depth: the original's item schemas
 * have none (a property may say `required: true` itself, which stays).
 */
function withoutRequiredLists(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutRequiredLists);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'required' && Array.isArray(value)) continue;
    out[key] = withoutRequiredLists(value);
  }
  return out;
}

/**
 * The JSON Schema of one argument, without the `$schema` member: the one values are checked
 * against, or with `published: true` the one the index and OPTIONS show.
 */
export function argJsonSchema(schema: z.ZodType, options: { published?: boolean } = {}): JsonSchema {
  const { $schema: _ignored, ...rest } = toJsonSchema(schema, options);
  return rest;
}

/**
 * The contexts a schema's top-level properties name, sorted as the original's
 * `get_context_param` does (`rsort`): `['view', 'embed', 'edit']`.
 */
export function schemaContexts(schema: JsonSchema): string[] {
  const found = new Set<string>();
  for (const property of Object.values(schema.properties ?? {})) {
    if (Array.isArray(property.context)) for (const c of property.context) found.add(String(c));
  }
  return [...found].sort().reverse();
}
