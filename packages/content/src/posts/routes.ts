/**
 * The routes of one post type, from its controller: `/<rest_base>` and `/<rest_base>/<id>`.
 * This file only says which step serves what; the steps are the controller's methods, so a
 * subclass changes them without touching the routes. Records are of the type's object type,
 * so fields, links and hooks that extensions register for it apply.
 *
 * @module
 */
import { CREATABLE, DELETABLE, defineRoute, EDITABLE, READABLE, type Route, response } from '@cms-json/core';
import { z } from 'zod';
import { type ListPostArgs, listPostArgs, readPostArgs } from './args.js';
import type { PostsController } from './controller.js';
import { deletePostArgs, type WritePostArgs, writePostArgs } from './write-args.js';

/**
 * The routes of the controller's type.
 *
 * @example
 * server.register('cms/v2', ...postRoutes(controller));
 */
export function postRoutes(controller: PostsController): Route[] {
  const { name, args } = controller.context;
  const schema = controller.schema();
  // The original's posts controller allows batching (`allow_batch`); its attachments controller does not.
  const allowBatch = name === 'attachment' ? undefined : { v1: true };
  const shared = { schema, objectType: name, links: controller.links(), schemaLinks: controller.schemaLinks(), allowBatch };
  const path = `/${args.restBase}`;
  const write = writePostArgs(schema);

  const collection = defineRoute({
    ...shared,
    path,
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: listPostArgs(name, args, schema),
        permission: (request, list) => controller.canList(request, list as ListPostArgs),
        handler: (list, request) => controller.list(list as ListPostArgs, request),
      }),
      endpoint({
        methods: CREATABLE,
        args: write,
        permission: (request, created) => controller.canCreate(request, created as WritePostArgs),
        handler: (created, request) => controller.create(created as WritePostArgs, request),
      }),
    ],
  });

  const item = defineRoute({
    ...shared,
    path: `${path}/:id`,
    args: { id: z.number().int().meta({ description: 'Unique identifier for the post.' }) },
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: readPostArgs(schema),
        permission: (request, read) => controller.canRead(request, read),
        handler: async (read, request) => {
          const record = await controller.read(read, request);
          const answer = response(record);
          // As the original: a record of a publicly viewable type points to its page (drafts too).
          if (controller.context.args.public && typeof record.link === 'string') {
            answer.linkHeader('alternate', record.link, { type: 'text/html' });
          }
          return answer;
        },
      }),
      endpoint({
        methods: EDITABLE,
        args: write,
        permission: (request, changes) => controller.canUpdate(request, changes as WritePostArgs & { id: number }),
        handler: (changes, request) => controller.update(changes as WritePostArgs & { id: number }, request),
      }),
      endpoint({
        methods: DELETABLE,
        args: deletePostArgs,
        permission: (request, removal) => controller.canDelete(request, removal),
        handler: (removal, request) => controller.delete(removal, request),
      }),
    ],
  });

  return [collection, item];
}
