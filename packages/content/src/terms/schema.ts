/**
 * The term record's schema (specification §2.4, WordPress's taxonomy term schema), one per
 * taxonomy: `parent` only for hierarchical ones, `taxonomy` an enum of the one name.
 *
 * @module
 */
import { z } from 'zod';
import { metaFieldSchema } from '../meta/schema.js';
import type { Taxonomy } from './types.js';

const ALL = ['view', 'embed', 'edit'];
const VIEW_EDIT = ['view', 'edit'];

/**
 * The record schema of a taxonomy's terms; its title is the taxonomy's name. `options.meta`
 * is the `meta` field with the taxonomy's registered keys.
 *
 * @example
 * itemJsonSchema(termSchema(taxonomies.get('category')!)).title; // 'category'
 */
export function termSchema(taxonomy: Taxonomy, options: { meta?: z.ZodType | undefined } = {}) {
  const shape = {
    id: z.number().int().readonly().meta({ description: 'Unique identifier for the term.', context: ALL }),
    count: z.number().int().readonly().meta({ description: 'Number of published posts for the term.', context: VIEW_EDIT }),
    description: z.string().meta({ description: 'HTML description of the term.', context: VIEW_EDIT }),
    link: z.string().readonly().meta({ description: 'URL of the term.', format: 'uri', context: ALL }),
    // The original's item schema marks the name required (draft-03 style), for creates.
    name: z.string().meta({
      description: 'HTML title for the term.',
      context: ALL,
      published: { description: 'HTML title for the term.', type: 'string', context: ALL, required: true },
    }),
    slug: z.string().meta({ description: 'An alphanumeric identifier for the term unique to its type.', context: ALL }),
    taxonomy: z.enum([taxonomy.name]).readonly().meta({ description: 'Type attribution for the term.', context: ALL }),
    ...(taxonomy.args.hierarchical
      ? { parent: z.number().int().meta({ description: 'The parent term ID.', context: VIEW_EDIT }) }
      : {}),
    // The taxonomy's registered meta (an object with no properties, PHP's `[]`, while none is).
    meta: options.meta ?? metaFieldSchema([]),
  };
  // Tags are titled `tag` in the original, every other taxonomy by its name.
  return z.object(shape).meta({ title: taxonomy.name === 'post_tag' ? 'tag' : taxonomy.name });
}

export type { TermRecord } from './types.js';
