/**
 * The routes of one post type, from its controller: `/<rest_base>` and `/<rest_base>/<id>`.
 * This file only says which step serves what; the steps are the controller's methods, so a
 * subclass changes them without touching the routes. Records are of the type's object type,
 * so fields, links and hooks that extensions register for it apply.
 *
 * @module
 */
import { defineRoute, READABLE, type Route } from '@cms-json/core';
import { z } from 'zod';
import { type ListPostArgs, listPostArgs, readPostArgs } from './args.js';
import type { PostsController } from './controller.js';

/**
 * The routes of the controller's type.
 *
 * @example
 * server.register('cms/v2', ...postRoutes(controller));
 */
export function postRoutes(controller: PostsController): Route[] {
  const { name, args } = controller.context;
  const schema = controller.schema();
  const shared = { schema, objectType: name, links: controller.links() };
  const path = `/${args.restBase}`;

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
        handler: (read, request) => controller.read(read, request),
      }),
    ],
  });

  return [collection, item];
}
