/**
 * The arguments of a taxonomy's term routes, as the original declares them: the list's
 * filters (`parent` only for hierarchical taxonomies, `offset` only for flat ones), the
 * writable fields of a create (name required) and an update, and a delete's `force`.
 *
 * @module
 */
import { type ArgsOf, collectionArgs } from '@cms-json/core';
import { z } from 'zod';
import { type MetaArg, metaArgSchema } from '../meta/schema.js';
import type { termSchema } from './schema.js';
import type { Taxonomy } from './taxonomy.js';

/** The sort keys of the list, in the original's order. */
export const TERM_ORDERBY = ['id', 'include', 'name', 'slug', 'include_slugs', 'term_group', 'description', 'count'] as const;

const idList = (description: string) => z.array(z.number().int()).default([]).meta({ description });

/** The list's arguments for a taxonomy. */
export function listTermArgs(taxonomy: Taxonomy, schema: ReturnType<typeof termSchema>) {
  const common = collectionArgs({ schema, orderby: TERM_ORDERBY, defaultOrderby: 'name', defaultOrder: 'asc', noun: 'term' });
  const shape = {
    context: common.context,
    page: common.page,
    per_page: common.per_page,
    search: common.search,
    exclude: idList('Ensure result set excludes specific IDs.'),
    include: idList('Limit result set to specific IDs.'),
    offset: common.offset,
    order: common.order,
    orderby: common.orderby,
    hide_empty: z.boolean().default(false).meta({ description: 'Whether to hide terms not assigned to any posts.' }),
    parent: z.number().int().optional().meta({ description: 'Limit result set to terms assigned to a specific parent.' }),
    post: z
      .number()
      .int()
      .nullable()
      .default(null)
      .meta({
        description: 'Limit result set to terms assigned to a specific post.',
        published: { description: 'Limit result set to terms assigned to a specific post.', type: 'integer', default: null },
      }),
    slug: z.array(z.string()).optional().meta({ description: 'Limit result set to terms with one or more specific slugs.' }),
  };
  // The original offers `offset` to flat taxonomies only, `parent` to hierarchical ones.
  return withoutKey(shape, taxonomy.args.hierarchical ? 'offset' : 'parent');
}

/** The shape without one key (its type keeps the key, optional, so one type serves every taxonomy). */
function withoutKey<T extends object>(shape: T, key: keyof T): T {
  const copy = { ...shape };
  delete copy[key];
  return copy;
}

/** The writable fields of an update (every one optional). */
export function updateTermArgs(taxonomy: Taxonomy, meta?: MetaArg) {
  const shape = {
    description: z.string().optional().meta({ description: 'HTML description of the term.' }),
    name: z.string().optional().meta({ description: 'HTML title for the term.' }),
    slug: z.string().optional().meta({ description: 'An alphanumeric identifier for the term unique to its type.' }),
    parent: z.number().int().optional().meta({ description: 'The parent term ID.' }),
    meta: meta ?? metaArgSchema([]),
  };
  return taxonomy.args.hierarchical ? shape : withoutKey(shape, 'parent');
}

/** The fields of a create: `name` required. */
export function createTermArgs(taxonomy: Taxonomy, meta?: MetaArg) {
  return { ...updateTermArgs(taxonomy, meta), name: z.string().meta({ description: 'HTML title for the term.' }) };
}

/** A delete's arguments: terms have no trash. */
export const deleteTermArgs = {
  force: z.boolean().default(false).meta({ description: 'Required to be true, as terms do not support trashing.' }),
};

/** The list's parsed arguments. */
export type ListTermArgs = ArgsOf<ReturnType<typeof listTermArgs>>;
/** An update's parsed arguments. */
export type UpdateTermArgs = ArgsOf<ReturnType<typeof updateTermArgs>>;
/** A create's parsed arguments. */
export type CreateTermArgs = ArgsOf<ReturnType<typeof createTermArgs>>;
/** A delete's parsed arguments. */
export type DeleteTermArgs = ArgsOf<typeof deleteTermArgs>;
