/**
 * The arguments of the posts routes, as WordPress 6.1 declares them for a type: the list's
 * filters (reference §1.12; `parent`, `parent_exclude` and `menu_order` only for types that
 * have them, `sticky` only for `post`) and one record's `context` and `password`.
 *
 * @module
 */
import { collectionArgs, contextArg } from '@cms-json/core';
import { z } from 'zod';
import type { PostTypeArgs } from './post-types.js';
import { POST_STATUSES } from './statuses.js';

const ids = (description: string) => z.array(z.number().int()).default([]).meta({ description });
const date = (description: string) => z.string().meta({ description, format: 'date-time' }).optional();

/** The statuses a list may ask for: every status WordPress 6.1 registers (its privacy requests' too), and `any`. */
const LISTABLE: readonly string[] = [
  ...Object.keys(POST_STATUSES).filter((status) => status !== 'inherit'),
  'auto-draft',
  'inherit',
  'request-pending',
  'request-confirmed',
  'request-failed',
  'request-completed',
  'any',
];

/**
 * The arguments of a type's list route (`GET /<rest_base>`).
 *
 * @example
 * endpoint({ methods: READABLE, args: listPostArgs('post', args, schema), … });
 */
export function listPostArgs(name: string, args: PostTypeArgs, schema: z.ZodObject) {
  const supports = new Set(args.supports);
  const orderby = ['author', 'date', 'id', 'include', 'modified', 'parent', 'relevance', 'slug', 'include_slugs', 'title'] as [
    string,
    ...string[],
  ];
  if (supports.has('page-attributes')) orderby.push('menu_order');
  return {
    ...collectionArgs({ schema, orderby, defaultOrderby: 'date', defaultOrder: 'desc', noun: 'post' }),
    after: date('Limit response to posts published after a given ISO8601 compliant date.'),
    modified_after: date('Limit response to posts modified after a given ISO8601 compliant date.'),
    // As the original: only for a type that supports `author` (not reusable blocks).
    ...(supports.has('author')
      ? {
          author: ids('Limit result set to posts assigned to specific authors.'),
          author_exclude: ids('Ensure result set excludes posts assigned to specific authors.'),
        }
      : {}),
    before: date('Limit response to posts published before a given ISO8601 compliant date.'),
    modified_before: date('Limit response to posts modified before a given ISO8601 compliant date.'),
    exclude: ids('Ensure result set excludes specific IDs.'),
    include: ids('Limit result set to specific IDs.'),
    search_columns: z
      .array(z.enum(['post_title', 'post_content', 'post_excerpt']))
      .default([])
      .meta({ description: 'Array of column names to be searched.' }),
    slug: z.array(z.string()).optional().meta({ description: 'Limit result set to posts with one or more specific slugs.' }),
    status: z
      .array(z.enum(LISTABLE))
      .default(['publish'])
      // The original declares the default as the single status it is.
      .meta({ description: 'Limit result set to posts assigned one or more statuses.', default: 'publish' }),
    ...(args.hierarchical
      ? {
          parent: ids('Limit result set to items with particular parent IDs.'),
          parent_exclude: ids('Limit result set to all items except those of a particular parent ID.'),
        }
      : {}),
    ...(supports.has('page-attributes')
      ? {
          menu_order: z
            .number()
            .int()
            .optional()
            .meta({ description: 'Limit result set to posts with a specific menu_order value.' }),
        }
      : {}),
    ...(name === 'post'
      ? { sticky: z.boolean().optional().meta({ description: 'Limit result set to items that are sticky.' }) }
      : {}),
  };
}

/**
 * The arguments of reading one record (`GET /<rest_base>/<id>`).
 *
 * @example
 * endpoint({ methods: READABLE, args: readPostArgs(schema), … });
 */
export function readPostArgs(schema: z.ZodObject) {
  return {
    context: contextArg(schema),
    password: z.string().optional().meta({ description: 'The password for the post if it is password protected.' }),
  };
}

/** A list's parsed arguments (the type-dependent ones optional). */
export interface ListPostArgs {
  context: string;
  page: number;
  per_page: number;
  offset?: number | undefined;
  order: 'asc' | 'desc';
  orderby: string;
  search?: string | undefined;
  after?: string | undefined;
  before?: string | undefined;
  modified_after?: string | undefined;
  modified_before?: string | undefined;
  author?: number[] | undefined;
  author_exclude?: number[] | undefined;
  exclude: number[];
  include: number[];
  search_columns: ('post_title' | 'post_content' | 'post_excerpt')[];
  slug?: string[] | undefined;
  status: string[];
  parent?: number[] | undefined;
  parent_exclude?: number[] | undefined;
  menu_order?: number | undefined;
  sticky?: boolean | undefined;
}
