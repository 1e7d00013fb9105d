/**
 * The `meta` field's schemas, as WordPress's `WP_REST_Meta_Fields::get_field_schema`
 * publishes them: an object with a property per registered key (`properties: []` while
 * none is registered, PHP's empty array). Values are checked by the write step, key by key,
 * with the original's messages (`meta.rating is not of type integer.`), so the Zod schemas
 * only ask for an object.
 *
 * @module
 */
import type { JsonSchema } from '@cms-json/core';
import { z } from 'zod';
import type { RestMetaKey } from './registry.js';

const VIEW_EDIT = ['view', 'edit'];

/**
 * The published properties of the `meta` field: each key's schema by name.
 *
 * @example
 * metaProperties(keys); // { rating: { type: 'integer', description: '', default: 0 } }
 */
export function metaProperties(keys: readonly RestMetaKey[]): Record<string, JsonSchema> | never[] {
  if (keys.length === 0) return [];
  return Object.fromEntries(keys.map((key) => [key.name, key.schema]));
}

/**
 * The `meta` field of a record schema (context view and edit).
 *
 * @example
 * shape.meta = metaFieldSchema(registry.restKeys('post', 'book'));
 */
export function metaFieldSchema(keys: readonly RestMetaKey[]): z.ZodType {
  return z.record(z.string(), z.unknown()).meta({
    description: 'Meta fields.',
    context: VIEW_EDIT,
    published: { description: 'Meta fields.', type: 'object', context: VIEW_EDIT, properties: metaProperties(keys) },
  });
}

/** The `meta` argument's schema (its keys are checked by the write step). */
export type MetaArg = z.ZodOptional<z.ZodUnknown>;

/**
 * The `meta` argument described by these published properties. As the original's
 * `check_meta_is_array`, anything but an object or a list is refused with
 * `rest_invalid_param` "Invalid parameter." (no `details`); a list names no key, so it
 * writes nothing.
 *
 * @example
 * fields.meta = metaArgument(properties?.meta?.properties ?? []);
 */
export function metaArgument(properties: unknown): MetaArg {
  return z
    .unknown()
    .refine((value) => typeof value === 'object' && value !== null)
    .optional()
    .meta({ description: 'Meta fields.', published: { description: 'Meta fields.', type: 'object', properties } });
}

/**
 * The `meta` argument of a create or an update: an object, its registered keys described.
 *
 * @example
 * args.meta = metaArgSchema(registry.restKeys('term', 'category'));
 */
export function metaArgSchema(keys: readonly RestMetaKey[]): MetaArg {
  return metaArgument(metaProperties(keys));
}
