/**
 * The record schema of media (the post type `attachment`), as WordPress 6.1's attachments
 * controller declares it: the post schema without `password`, and `description`, `caption`,
 * `alt_text`, `media_type`, `mime_type`, `media_details`, `post`, `source_url` and (edit
 * context) `missing_image_sizes`.
 *
 * @module
 */
import { z } from 'zod';
import { opaqueObject } from '../opaque-object.js';
import type { PostTypeArgs } from '../posts/post-types.js';
import { postSchema } from '../posts/schema.js';

const ALL = ['view', 'edit', 'embed'];
const VIEW_EDIT = ['view', 'edit'];
const EDIT = ['edit'];

/** A `{raw, rendered}` field of an attachment. */
const rendered = (noun: string, title: string, context: string[]) =>
  z
    .object({
      raw: z
        .string()
        .optional()
        .meta({ description: `${title} for the attachment, as it exists in the database.`, context: EDIT }),
      rendered: z
        .string()
        .readonly()
        .meta({ description: `HTML ${noun} for the attachment, transformed for display.`, context }),
    })
    .meta({ description: `The attachment ${noun}.`, context });

/**
 * The schema of media records.
 *
 * @example
 * const schema = attachmentSchema(registry.get('attachment')!);
 */
export function attachmentSchema(args: PostTypeArgs): z.ZodObject {
  const { password: _password, ...shape } = postSchema('attachment', args).shape as Record<string, z.ZodType>;
  return z
    .object({
      ...shape,
      alt_text: z.string().meta({ description: 'Alternative text to display when attachment is not displayed.', context: ALL }),
      caption: rendered('caption', 'Caption', ALL),
      description: rendered('description', 'Description', VIEW_EDIT),
      media_type: z.enum(['image', 'file']).readonly().meta({ description: 'Attachment type.', context: ALL }),
      mime_type: z.string().readonly().meta({ description: 'The attachment MIME type.', context: ALL }),
      media_details: opaqueObject(z.unknown(), {
        description: 'Details about the media file, specific to its type.',
        context: ALL,
      }),
      post: z.number().int().meta({ description: 'The ID for the associated post of the attachment.', context: VIEW_EDIT }),
      source_url: z
        .string()
        .readonly()
        .meta({ description: 'URL to the original attachment file.', format: 'uri', context: ALL }),
      missing_image_sizes: z
        .array(z.string())
        .readonly()
        .meta({ description: 'List of the missing image sizes of the attachment.', context: EDIT }),
    })
    .meta({ title: 'attachment' });
}
