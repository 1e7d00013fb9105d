/**
 * The record schema of a post type (spec §2.1, WordPress 6.1's post schema): the fields every
 * type has, and those its `supports` switch on (`title`, `editor` → `content`, `author`,
 * `excerpt`, `thumbnail` → `featured_media`, `comments`, `page-attributes` → `menu_order`
 * and, for hierarchical types, `parent`, …). It drives the context filter, the published
 * draft-04 schema and the write arguments.
 *
 * @module
 */
import { z } from 'zod';
import { metaFieldSchema } from '../meta/schema.js';
import { type PostTypeArgs, restFeatures } from './post-types.js';

const ALL = ['view', 'edit', 'embed'];
const VIEW_EDIT = ['view', 'edit'];
const EDIT = ['edit'];

/** The statuses a record can be written with. */
export const WRITABLE_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'] as const;

/** A `{raw, rendered}` field, described as the original describes its `title`, `content`, `excerpt`. */
const rendered = (noun: string, context: string[], extra: Record<string, z.ZodType> = {}) =>
  z
    .object({
      raw: z
        .string()
        .optional()
        .meta({
          description: `${noun.charAt(0).toUpperCase()}${noun.slice(1)} for the post, as it exists in the database.`,
          context: EDIT,
        }),
      rendered: z
        .string()
        .readonly()
        .meta({ description: `HTML ${noun} for the post, transformed for display.`, context }),
      ...extra,
    })
    .meta({ description: `The ${noun} for the post.`, context });

const localDate = (description: string, context: string[]) =>
  z.string().nullable().meta({ description, format: 'date-time', context });

/**
 * What a post type's schema is made with besides its arguments.
 *
 * @example
 * postSchema('book', args, { meta: metaFields.fieldSchema() });
 */
export interface PostSchemaOptions {
  /** The `meta` field, with the type's registered keys (types supporting `custom-fields`). */
  readonly meta?: z.ZodType | undefined;
}

/**
 * The schema of a post type's records.
 *
 * @example
 * const schema = postSchema('book', args);
 * itemJsonSchema(schema).title; // 'book'
 */
export function postSchema(name: string, args: PostTypeArgs, options: PostSchemaOptions = {}): z.ZodObject {
  const supports = restFeatures(name, args);
  const shape: Record<string, z.ZodType> = {
    date: localDate("The date the post was published, in the site's timezone.", ALL),
    date_gmt: localDate('The date the post was published, as GMT.', VIEW_EDIT),
    guid: z
      .object({
        raw: z
          .string()
          .readonly()
          .optional()
          .meta({ description: 'GUID for the post, as it exists in the database.', context: EDIT }),
        rendered: z.string().readonly().meta({ description: 'GUID for the post, transformed for display.', context: VIEW_EDIT }),
      })
      .readonly()
      .meta({ description: 'The globally unique identifier for the post.', context: VIEW_EDIT }),
    id: z.number().int().readonly().meta({ description: 'Unique identifier for the post.', context: ALL }),
    link: z.string().readonly().meta({ description: 'URL to the post.', format: 'uri', context: ALL }),
    modified: z.string().readonly().meta({
      description: "The date the post was last modified, in the site's timezone.",
      format: 'date-time',
      context: VIEW_EDIT,
    }),
    modified_gmt: z
      .string()
      .readonly()
      .meta({ description: 'The date the post was last modified, as GMT.', format: 'date-time', context: VIEW_EDIT }),
    slug: z.string().meta({ description: 'An alphanumeric identifier for the post unique to its type.', context: ALL }),
    status: z.enum(WRITABLE_STATUSES).meta({ description: 'A named status for the post.', context: VIEW_EDIT }),
    type: z.string().readonly().meta({ description: 'Type of post.', context: ALL }),
    password: z.string().meta({ description: 'A password to protect access to the content and excerpt.', context: EDIT }),
  };
  // As the original: a sample permalink for the records of public types only.
  if (args.public) {
    shape.permalink_template = z.string().readonly().meta({ description: 'Permalink template for the post.', context: EDIT });
    shape.generated_slug = z
      .string()
      .readonly()
      .meta({ description: 'Slug automatically generated from the post title.', context: EDIT });
  }
  if (args.hierarchical) {
    shape.parent = z.number().int().meta({ description: 'The ID for the parent of the post.', context: VIEW_EDIT });
  }
  if (supports.has('title')) shape.title = rendered('title', ALL);
  if (supports.has('editor')) {
    shape.content = rendered('content', VIEW_EDIT, {
      protected: z.boolean().readonly().meta({ description: 'Whether the content is protected with a password.', context: ALL }),
      block_version: z
        .number()
        .int()
        .readonly()
        .meta({ description: 'Version of the content block format used by the post.', context: EDIT }),
    });
  }
  if (supports.has('author')) {
    shape.author = z.number().int().meta({ description: 'The ID for the author of the post.', context: ALL });
  }
  if (supports.has('excerpt')) {
    shape.excerpt = rendered('excerpt', ALL, {
      protected: z.boolean().readonly().meta({ description: 'Whether the excerpt is protected with a password.', context: ALL }),
    });
  }
  if (supports.has('thumbnail')) {
    shape.featured_media = z.number().int().meta({ description: 'The ID of the featured media for the post.', context: ALL });
  }
  if (supports.has('comments')) {
    shape.comment_status = z
      .enum(['open', 'closed'])
      .meta({ description: 'Whether or not comments are open on the post.', context: VIEW_EDIT });
    shape.ping_status = z
      .enum(['open', 'closed'])
      .meta({ description: 'Whether or not the post can be pinged.', context: VIEW_EDIT });
  }
  if (supports.has('page-attributes')) {
    shape.menu_order = z
      .number()
      .int()
      .meta({ description: 'The order of the post in relation to other posts.', context: VIEW_EDIT });
  }
  if (supports.has('post-formats')) {
    shape.format = z
      .enum(['standard', 'aside', 'chat', 'gallery', 'link', 'image', 'quote', 'status', 'video', 'audio'])
      .meta({ description: 'The format for the post.', context: VIEW_EDIT });
  }
  // The registered meta of the type (an object with no properties, PHP's `[]`, while none is).
  if (supports.has('custom-fields')) shape.meta = options.meta ?? metaFieldSchema([]);
  if (name === 'post') {
    shape.sticky = z.boolean().meta({ description: 'Whether or not the post should be treated as sticky.', context: VIEW_EDIT });
  }
  shape.template = z.string().meta({ description: 'The theme file to use to display the post.', context: VIEW_EDIT });
  return z.object(shape).meta({ title: name });
}
