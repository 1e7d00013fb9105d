/**
 * The comments routes of the content namespace, after WordPress 6.1's comments controller:
 * `/comments` (list, create) and `/comments/<id>` (read, update, delete). This file only says
 * which step serves what; the steps are in `controller.ts` and `write.ts`. Records are of the
 * object type `comment`, so fields, links and hooks registered for it apply.
 *
 * @module
 */
import { CREATABLE, DELETABLE, defineRoute, EDITABLE, READABLE, type Route, response } from '@cms-json/core';
import { z } from 'zod';
import { writeTransaction } from '../write-transaction.js';
import { commentCreateArgs, commentUpdateArgs, deleteCommentArgs, listCommentArgs, readCommentArgs } from './args.js';
import { COMMENT_TYPE, type CommentsController } from './controller.js';
import { canCreateComment, createComment, deleteComment, updateComment } from './write.js';

/**
 * The comments routes, and the `prepare` hook that adds the links needing other records.
 * The record schema and the write arguments describe the comment meta registered by then.
 *
 * @example
 * server.register('cms/v2', ...commentRoutes(new CommentsController(context)));
 */
export function commentRoutes(controller: CommentsController): Route[] {
  controller.context.type.on('prepare', (record, event) => controller.prepareLinks(record, event));
  const shared = { schema: controller.schema(), objectType: COMMENT_TYPE, links: controller.links() };
  // Each write in one transaction: the comment, its status, its meta and what the hooks write.
  const atomic = writeTransaction(controller.context.posts.transactions);

  const collection = defineRoute({
    ...shared,
    path: '/comments',
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: listCommentArgs,
        permission: (request, args) => controller.canList(request, args),
        handler: (args, request) => controller.list(args, request),
      }),
      endpoint({
        methods: CREATABLE,
        args: commentCreateArgs(controller.context.meta?.argSchema()),
        permission: (request, args) => canCreateComment(controller, request, args),
        handler: (args, request) => atomic(() => createComment(controller, args, request)),
      }),
    ],
  });

  const item = defineRoute({
    ...shared,
    path: '/comments/:id',
    args: { id: z.number().int().meta({ description: 'Unique identifier for the comment.' }) },
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: readCommentArgs,
        permission: (request, args) => controller.canRead(request, args),
        handler: async (args, request) => response(await controller.read(args, request)),
      }),
      endpoint({
        methods: EDITABLE,
        args: commentUpdateArgs(controller.context.meta?.argSchema()),
        permission: (request, args) => controller.canChange(request, args.id, 'rest_cannot_edit'),
        handler: (args, request) => atomic(() => updateComment(controller, args, request)),
      }),
      endpoint({
        methods: DELETABLE,
        args: deleteCommentArgs,
        permission: (request, args) => controller.canChange(request, args.id, 'rest_cannot_delete'),
        handler: (args, request) => atomic(() => deleteComment(controller, args, request)),
      }),
    ],
  });

  return [collection, item];
}
