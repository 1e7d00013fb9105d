/**
 * The comment record's schema (WordPress 6.1's `comment` schema): the fields of each context,
 * which drive the context filter, the published draft-04 schema and the write arguments.
 *
 * @module
 */
import { z } from 'zod';
import { metaFieldSchema } from '../meta/schema.js';
import { AVATAR_SIZES } from '../users/avatar.js';

const ALL = ['view', 'edit', 'embed'];
const VIEW_EDIT = ['view', 'edit'];
const EDIT = ['edit'];

const avatarShape = Object.fromEntries(
  AVATAR_SIZES.map((size) => [
    size,
    z
      .string()
      .meta({ description: `Avatar URL with image size of ${size} pixels.`, format: 'uri', context: ['embed', 'view', 'edit'] }),
  ]),
) as Record<(typeof AVATAR_SIZES)[number], z.ZodString>;

/**
 * The comment record of `/<prefix>/v2/comments`, its `meta` field describing the registered
 * comment meta (`registerMeta(server, 'comment', …)`). The author's email, address and user
 * agent appear only in `context=edit`; `content.raw` too.
 *
 * @example
 * itemJsonSchema(commentSchema({ meta: metaFields.fieldSchema() })).title; // 'comment'
 */
export function commentSchema(options: { meta?: z.ZodType | undefined } = {}) {
  return z
    .object({
      id: z.number().int().readonly().meta({ description: 'Unique identifier for the comment.', context: ALL }),
      author: z.number().int().meta({ description: 'The ID of the user object, if author was a user.', context: ALL }),
      author_email: z.string().meta({ description: 'Email address for the comment author.', format: 'email', context: EDIT }),
      author_ip: z.string().meta({ description: 'IP address for the comment author.', format: 'ip', context: EDIT }),
      author_name: z.string().meta({ description: 'Display name for the comment author.', context: ALL }),
      author_url: z.string().meta({ description: 'URL for the comment author.', format: 'uri', context: ALL }),
      author_user_agent: z.string().meta({ description: 'User agent for the comment author.', context: EDIT }),
      content: z
        .object({
          raw: z
            .string()
            .optional()
            .meta({ description: 'Content for the comment, as it exists in the database.', context: EDIT }),
          rendered: z
            .string()
            .readonly()
            .meta({ description: 'HTML content for the comment, transformed for display.', context: ALL }),
        })
        .meta({ description: 'The content for the comment.', context: ALL }),
      date: z
        .string()
        .meta({ description: "The date the comment was published, in the site's timezone.", format: 'date-time', context: ALL }),
      date_gmt: z
        .string()
        .meta({ description: 'The date the comment was published, as GMT.', format: 'date-time', context: VIEW_EDIT }),
      link: z.string().readonly().meta({ description: 'URL to the comment.', format: 'uri', context: ALL }),
      parent: z.number().int().default(0).meta({ description: 'The ID for the parent of the comment.', context: ALL }),
      post: z.number().int().default(0).meta({ description: 'The ID of the associated post object.', context: VIEW_EDIT }),
      status: z.string().meta({ description: 'State of the comment.', context: VIEW_EDIT }),
      type: z.string().readonly().meta({ description: 'Type of the comment.', context: ALL }),
      author_avatar_urls: z
        .object(avatarShape)
        .readonly()
        .meta({ description: 'Avatar URLs for the comment author.', context: ALL }),
      // The registered comment meta (an object with no properties, PHP's `[]`, while none is).
      meta: options.meta ?? metaFieldSchema([]),
    })
    .meta({ title: 'comment' });
}

/**
 * The comment record with no comment meta registered (its `meta` has no properties).
 *
 * @example
 * itemJsonSchema(CommentSchema).title; // 'comment'
 */
export const CommentSchema = commentSchema();
