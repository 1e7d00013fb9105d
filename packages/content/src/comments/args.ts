/**
 * The arguments of the comments routes, as WordPress 6.1 declares them: the list's filters
 * (`after`, `author`, `author_exclude`, `author_email`, `before`, `exclude`, `include`,
 * `offset`, `order`, `orderby`, `parent`, `parent_exclude`, `post`, `status`, `type`,
 * `password`), one comment's `context` and `password`, a write's fields and a delete's `force`.
 *
 * @module
 */

import { isIP } from 'node:net';
import { type ArgsOf, collectionArgs, contextArg } from '@cms-json/core';
import { z } from 'zod';
import { type MetaArg, metaArgSchema } from '../meta/schema.js';
import { CommentSchema } from './schema.js';

const ids = (description: string) => z.array(z.number().int()).default([]).meta({ description });
const date = (description: string) => z.string().meta({ description, format: 'date-time' }).optional();
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The arguments of the list route (`GET /comments`). */
export const listCommentArgs = {
  ...collectionArgs({
    schema: CommentSchema,
    orderby: ['date', 'date_gmt', 'id', 'include', 'post', 'parent', 'type'],
    defaultOrderby: 'date_gmt',
    defaultOrder: 'desc',
    noun: 'comment',
  }),
  after: date('Limit response to comments published after a given ISO8601 compliant date.'),
  author: z
    .array(z.number().int())
    .optional()
    .meta({ description: 'Limit result set to comments assigned to specific user IDs. Requires authorization.' }),
  author_exclude: z
    .array(z.number().int())
    .optional()
    .meta({ description: 'Ensure result set excludes comments assigned to specific user IDs. Requires authorization.' }),
  author_email: z
    .string()
    .refine((email) => EMAIL.test(email), 'Invalid email address.')
    .optional()
    .meta({
      description: 'Limit result set to that from a specific author email. Requires authorization.',
      format: 'email',
      published: {
        description: 'Limit result set to that from a specific author email. Requires authorization.',
        type: 'string',
        format: 'email',
        default: null,
      },
    }),
  before: date('Limit response to comments published before a given ISO8601 compliant date.'),
  exclude: ids('Ensure result set excludes specific IDs.'),
  include: ids('Limit result set to specific IDs.'),
  parent: ids('Limit result set to comments of specific parent IDs.'),
  parent_exclude: ids('Ensure result set excludes specific parent IDs.'),
  post: ids('Limit result set to comments assigned to specific post IDs.'),
  status: z
    .string()
    .default('approve')
    .meta({ description: 'Limit result set to comments assigned a specific status. Requires authorization.' }),
  type: z
    .string()
    .default('comment')
    .meta({ description: 'Limit result set to comments assigned a specific type. Requires authorization.' }),
  password: z.string().optional().meta({ description: 'The password for the post if it is password protected.' }),
};

/** The arguments of reading one comment (`GET /comments/<id>`). */
export const readCommentArgs = {
  context: contextArg(CommentSchema),
  password: z
    .string()
    .optional()
    .meta({ description: 'The password for the parent post of the comment (if the post is password protected).' }),
};

const content = z
  .union([z.string(), z.object({ raw: z.string() }).loose()])
  .optional()
  .meta({
    description: 'The content for the comment.',
    published: {
      description: 'The content for the comment.',
      type: 'object',
      properties: {
        raw: { description: 'Content for the comment, as it exists in the database.', type: 'string', context: ['edit'] },
        rendered: {
          description: 'HTML content for the comment, transformed for display.',
          type: 'string',
          context: ['view', 'edit', 'embed'],
          readonly: true,
        },
      },
    },
  });

const DATE = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:?\d{2})?$/;
const dateArg = (description: string) =>
  z
    .string()
    .refine((text) => DATE.test(text), 'Invalid date.')
    .optional()
    .meta({ description, format: 'date-time' });

/** The fields of a create or an update, each optional (defaults are applied by the create). */
const writeFields = {
  author: CommentSchema.shape.author.optional(),
  // As the original: an empty address is allowed, another must be an address.
  author_email: z
    .string()
    .refine((email) => email === '' || EMAIL.test(email), 'Invalid email address.')
    .optional()
    .meta({ description: 'Email address for the comment author.', format: 'email' }),
  author_ip: z
    .string()
    .refine((ip) => isIP(ip) !== 0, 'Invalid IP address.')
    .optional()
    .meta({ description: 'IP address for the comment author.', format: 'ip' }),
  author_name: CommentSchema.shape.author_name.optional(),
  author_url: CommentSchema.shape.author_url.optional(),
  author_user_agent: CommentSchema.shape.author_user_agent.optional(),
  content,
  date: dateArg("The date the comment was published, in the site's timezone."),
  date_gmt: dateArg('The date the comment was published, as GMT.'),
  parent: z.number().int().optional().meta({ description: 'The ID for the parent of the comment.' }),
  post: z.number().int().optional().meta({ description: 'The ID of the associated post object.' }),
  status: CommentSchema.shape.status.optional(),
  // Meta is written through registered keys only; with none, the original takes and ignores an object.
  meta: metaArgSchema([]),
};

/**
 * The arguments of a create (`POST /comments`), its `meta` describing the registered comment
 * meta when given (`metaFields.argSchema()`).
 *
 * @example
 * endpoint({ methods: CREATABLE, args: commentCreateArgs(metaFields.argSchema()), … });
 */
export function commentCreateArgs(meta: MetaArg = metaArgSchema([])) {
  return {
    ...writeFields,
    parent: z.number().int().default(0).meta({ description: 'The ID for the parent of the comment.' }),
    post: z.number().int().default(0).meta({ description: 'The ID of the associated post object.' }),
    meta,
  };
}

/**
 * The arguments of an update (`POST|PUT|PATCH /comments/<id>`), its `meta` as a create's.
 *
 * @example
 * endpoint({ methods: EDITABLE, args: commentUpdateArgs(metaFields.argSchema()), … });
 */
export function commentUpdateArgs(meta: MetaArg = metaArgSchema([])) {
  return { ...writeFields, meta };
}

/** The arguments of a create (`POST /comments`) with no comment meta registered. */
export const createCommentArgs = commentCreateArgs();

/** The arguments of an update (`POST|PUT|PATCH /comments/<id>`) with no comment meta registered. */
export const updateCommentArgs = commentUpdateArgs();

/** The arguments of a delete (`DELETE /comments/<id>`). */
export const deleteCommentArgs = {
  force: z.boolean().default(false).meta({ description: 'Whether to bypass Trash and force deletion.' }),
  password: z
    .string()
    .optional()
    .meta({ description: 'The password for the parent post of the comment (if the post is password protected).' }),
};

/** A list's parsed arguments. */
export type ListCommentArgs = ArgsOf<typeof listCommentArgs>;
/** One comment's read arguments. */
export type ReadCommentArgs = ArgsOf<typeof readCommentArgs> & { id: number };
/**
 * A create's or an update's parsed arguments (`post` and `parent` default to 0 on a create).
 *
 * @example
 * const args: WriteCommentArgs = { post: 7, content: 'Nice!' };
 */
export type WriteCommentArgs = ArgsOf<typeof updateCommentArgs> & { id?: number | undefined };
/** A delete's parsed arguments. */
export type DeleteCommentArgs = ArgsOf<typeof deleteCommentArgs> & { id: number };
