/**
 * The arguments of writing a record (create, update, delete) as WordPress 6.1 declares them:
 * the schema's writable fields, `title`/`content`/`excerpt` as a string or `{ raw }`, and a
 * delete's `force`.
 *
 * @module
 */
import { itemJsonSchema, updateArgs } from '@cms-json/core';

/** A JSON Schema node, as the core publishes it. */
type JsonSchema = ReturnType<typeof itemJsonSchema>;

import { z } from 'zod';
import { metaArgument } from '../meta/schema.js';

/**
 * A `title`, `content` or `excerpt` argument (media's `caption`, `description` too): a string
 * or `{ raw }`, described (as the original does) by the record's own `{raw, rendered, …}` property.
 *
 * @example
 * caption: textArg(itemJsonSchema(schema).properties?.caption),
 */
export const textArg = (field: JsonSchema | undefined) =>
  z
    .union([z.string(), z.object({ raw: z.string() })])
    .optional()
    .meta({
      description: field?.description,
      published: { description: field?.description, type: 'object', properties: field?.properties ?? {} },
    });

/**
 * The arguments of a create or an update (`POST /<rest_base>`, `POST|PUT|PATCH /<rest_base>/<id>`).
 *
 * @example
 * endpoint({ methods: CREATABLE, args: writePostArgs(schema), … });
 */
export function writePostArgs(schema: z.ZodObject) {
  const shape = schema.shape as Record<string, z.ZodType>;
  const fields: Record<string, z.ZodType> = { ...updateArgs(schema) };
  const properties = itemJsonSchema(schema).properties as Record<string, JsonSchema> | undefined;
  for (const name of ['title', 'content', 'excerpt']) if (name in shape) fields[name] = textArg(properties?.[name]);
  fields.date = z
    .string()
    .nullable()
    .optional()
    .meta({ description: "The date the post was published, in the site's timezone.", format: 'date-time' });
  fields.date_gmt = z
    .string()
    .nullable()
    .optional()
    .meta({ description: 'The date the post was published, as GMT.', format: 'date-time' });
  // Meta is written through registered keys only (checked by the write step, key by key),
  // described by the record's `meta` property; others in the body are ignored, as the original.
  if ('meta' in shape) {
    fields.meta = metaArgument(properties?.meta?.properties ?? []);
  }
  return fields;
}

/** The arguments of a delete. */
export const deletePostArgs = {
  force: z.boolean().default(false).meta({ description: 'Whether to bypass Trash and force deletion.' }),
};

/**
 * A create's or update's parsed arguments (the type-dependent ones optional).
 *
 * @example
 * const args: WritePostArgs = { title: 'Hello', status: 'draft' };
 */
export interface WritePostArgs {
  id?: number | undefined;
  date?: string | null | undefined;
  date_gmt?: string | null | undefined;
  slug?: string | undefined;
  status?: string | undefined;
  password?: string | undefined;
  parent?: number | undefined;
  title?: string | { raw: string } | undefined;
  content?: string | { raw: string } | undefined;
  excerpt?: string | { raw: string } | undefined;
  author?: number | undefined;
  featured_media?: number | undefined;
  comment_status?: 'open' | 'closed' | undefined;
  ping_status?: 'open' | 'closed' | undefined;
  menu_order?: number | undefined;
  format?: string | undefined;
  sticky?: boolean | undefined;
  template?: string | undefined;
  [field: string]: unknown;
}
