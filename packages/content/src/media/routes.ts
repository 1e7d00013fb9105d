/**
 * The media routes, from the attachments controller: `/media` (list; create from an upload,
 * its body streamed) and `/media/<id>` (read, update, delete). The arguments are a post
 * type's with the original's media additions: the list's `media_type`, `mime_type`,
 * `parent` and `parent_exclude` and its `inherit` default status; the writes' `alt_text`,
 * `caption`, `description` and `post`. `/media/<id>/post-process` answers the record (every
 * size is made with the upload); `/media/<id>/edit` rotates and crops an image into a new
 * attachment (`edit-image.ts`).
 *
 * @module
 */
import { CREATABLE, defineRoute, itemJsonSchema, type JsonSchema, type Route } from '@cms-json/core';
import { z } from 'zod';
import { listPostArgs, readPostArgs } from '../posts/args.js';
import { postRoutes } from '../posts/routes.js';
import { textArg, writePostArgs } from '../posts/write-args.js';
import { canEditImage, editImage, editImageArgs } from './edit-image.js';
import { DEFAULT_MAX_UPLOAD_BYTES, type MediaRoutesController, type WriteMediaArgs } from './types.js';

const ids = (description: string) => z.array(z.number().int()).default([]).meta({ description });

/**
 * The routes of the media controller.
 *
 * @example
 * server.register('cms/v2', ...mediaRoutes(controller));
 */
export function mediaRoutes(controller: MediaRoutesController): Route[] {
  const { name, args } = controller.context;
  const schema = controller.schema();
  const shared = { schema, objectType: name, links: controller.links(), schemaLinks: controller.schemaLinks() };
  const properties = itemJsonSchema(schema).properties as Record<string, JsonSchema> | undefined;
  const path = `/${args.restBase}`;
  const write = {
    ...writePostArgs(schema),
    alt_text: z.string().optional().meta({ description: 'Alternative text to display when attachment is not displayed.' }),
    caption: textArg(properties?.caption),
    description: textArg(properties?.description),
    post: z.number().int().optional().meta({ description: 'The ID for the associated post of the attachment.' }),
  };
  controller.useWriteArgs(write);
  const list = {
    ...listPostArgs(name, args, schema),
    status: z
      .array(z.enum(['inherit', 'private', 'trash']))
      .default(['inherit'])
      .meta({ description: 'Limit result set to posts assigned one or more statuses.', default: 'inherit' }),
    parent: ids('Limit result set to items with particular parent IDs.'),
    parent_exclude: ids('Limit result set to all items except those of a particular parent ID.'),
    media_type: z
      .enum(controller.mediaTypes() as [string, ...string[]])
      .optional()
      .meta({
        description: 'Limit result set to attachments of a particular media type.',
        published: {
          default: null,
          description: 'Limit result set to attachments of a particular media type.',
          type: 'string',
          enum: controller.mediaTypes(),
        },
      }),
    mime_type: z
      .string()
      .optional()
      .meta({
        description: 'Limit result set to attachments of a particular MIME type.',
        published: { default: null, description: 'Limit result set to attachments of a particular MIME type.', type: 'string' },
      }),
  };

  const routes = postRoutes(controller, {
    listArgs: list,
    writeArgs: write,
    // Media has no password: its one record takes `context` only, as the original's.
    readArgs: (({ password: _password, ...rest }) => rest)(readPostArgs(schema)),
    create: {
      streamBody: { maxBytes: controller.media.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES },
      permission: (request, created) => controller.canUpload(request, created as WriteMediaArgs),
    },
  });

  // The original's retry after a failure while making sizes; they are all made with the upload here.
  const postProcess = defineRoute({
    ...shared,
    path: `${path}/:id/post-process`,
    args: { id: z.number().int().meta({ description: 'Unique identifier for the attachment.' }) },
    endpoints: (endpoint) => [
      endpoint({
        methods: CREATABLE,
        // The original describes it by its enum only.
        args: {
          action: z
            .enum(['create-image-subsizes'])
            .meta({ description: 'The action to perform.', published: { type: 'string', enum: ['create-image-subsizes'] } }),
        },
        permission: (request, process) => controller.canUpdate(request, process),
        handler: (process, request) => controller.postProcess(process, request),
      }),
    ],
  });

  // The original's image editor (5.5+): a rotated or cropped copy as a new attachment. Its
  // `id` is in the path only: the original's arguments do not list it.
  const edit = defineRoute({
    ...shared,
    path: `${path}/(?P<id>[\\d]+)/edit`,
    endpoints: (endpoint) => [
      endpoint({
        methods: CREATABLE,
        args: editImageArgs(),
        permission: (request) => canEditImage(controller, request, Number(request.urlParams.id)),
        handler: (edits, request) => editImage(controller, Number(request.urlParams.id), edits, request),
      }),
    ],
  });

  return [...routes, postProcess, edit];
}
