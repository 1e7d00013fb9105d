/**
 * The routes of one post type, from its controller: `/<rest_base>` and `/<rest_base>/<id>`.
 * This file only says which step serves what; the steps are the controller's methods, so a
 * subclass changes them without touching the routes. Records are of the type's object type,
 * so fields, links and hooks that extensions register for it apply.
 *
 * @module
 */
import {
  type ArgsShape,
  CREATABLE,
  DELETABLE,
  defineRoute,
  EDITABLE,
  type LinkTemplate,
  type PermissionCheck,
  READABLE,
  type RestError,
  type RestRequest,
  type RestResponse,
  type Route,
  response,
  type SchemaLink,
  type StreamedBody,
} from '@cms-json/core';
import { z } from 'zod';
import { writeTransaction } from '../write-transaction.js';
import { type ListPostArgs, listPostArgs, readPostArgs } from './args.js';
import type { PostsControllerContext } from './types.js';
import { deletePostArgs, type WritePostArgs, writePostArgs } from './write-args.js';

/**
 * What a type's routes take other than the posts' own (media's): the arguments of the list,
 * the writes and the read, and a create whose body is streamed, with its own check.
 */
export interface PostRoutesOptions {
  readonly listArgs?: ArgsShape;
  readonly writeArgs?: ArgsShape;
  /** One record's arguments: the posts' (media's have no `password`). */
  readonly readArgs?: Omit<ReturnType<typeof readPostArgs>, 'password'>;
  readonly create?: {
    readonly streamBody: StreamedBody;
    readonly permission: PermissionCheck;
  };
}

/**
 * What a post type's routes ask of its controller: the steps of {@link PostsController},
 * which a subclass overrides (named here so the routes need not import the controller).
 */
export interface PostRouteSteps {
  readonly context: PostsControllerContext;
  schema(): z.ZodObject;
  links(): LinkTemplate[];
  schemaLinks(): SchemaLink[];
  version(): Promise<string>;
  canList(request: RestRequest, args: ListPostArgs): true | RestError;
  list(args: ListPostArgs, request: RestRequest): Promise<RestResponse>;
  canCreate(request: RestRequest, args: WritePostArgs): true | RestError;
  create(args: WritePostArgs, request: RestRequest): Promise<RestResponse>;
  canRead(request: RestRequest, args: { id: number; context: string; password?: string | undefined }): Promise<true | RestError>;
  read(args: { id: number; password?: string | undefined }, request: RestRequest): Promise<Record<string, unknown>>;
  canUpdate(request: RestRequest, args: WritePostArgs & { id: number }): Promise<true | RestError>;
  update(args: WritePostArgs & { id: number }, request: RestRequest): Promise<RestResponse>;
  canDelete(request: RestRequest, args: { id: number }): Promise<true | RestError>;
  delete(args: { id: number; force: boolean }, request: RestRequest): Promise<RestResponse>;
}

/**
 * The routes of the controller's type.
 *
 * @example
 * server.register('cms/v2', ...postRoutes(controller));
 */
export function postRoutes(controller: PostRouteSteps, options: PostRoutesOptions = {}): Route[] {
  const { name, args } = controller.context;
  const schema = controller.schema();
  // The original's posts controller allows batching (`allow_batch`); its attachments controller does not.
  const allowBatch = name === 'attachment' ? undefined : { v1: true };
  const shared = { schema, objectType: name, links: controller.links(), schemaLinks: controller.schemaLinks(), allowBatch };
  const path = `/${args.restBase}`;
  const write = options.writeArgs ?? writePostArgs(schema);
  // Each write in one transaction (an upload's create is left outside: its body arrives while it runs).
  const atomic = writeTransaction(controller.context.store.transactions);
  const atomicCreate = options.create === undefined ? atomic : <T>(work: () => Promise<T>) => work();

  const collection = defineRoute({
    ...shared,
    path,
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: options.listArgs ?? listPostArgs(name, args, schema),
        permission: (request, list) => controller.canList(request, list as ListPostArgs),
        // A revalidation reads the content's change version: a remembered one is one small query.
        validator: () => controller.version(),
        handler: (list, request) => controller.list(list as ListPostArgs, request),
      }),
      endpoint({
        methods: CREATABLE,
        args: write,
        // A streamed create (an upload) is read by its handler as it arrives, never into the JSON body limit.
        streamBody: options.create?.streamBody,
        permission: options.create?.permission ?? ((request, created) => controller.canCreate(request, created as WritePostArgs)),
        handler: (created, request) => atomicCreate(() => controller.create(created as WritePostArgs, request)),
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
        args: options.readArgs ?? readPostArgs(schema),
        permission: (request, read) => controller.canRead(request, read),
        validator: () => controller.version(),
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
        handler: (changes, request) => atomic(() => controller.update(changes as WritePostArgs & { id: number }, request)),
      }),
      endpoint({
        methods: DELETABLE,
        args: deletePostArgs,
        permission: (request, removal) => controller.canDelete(request, removal),
        handler: (removal, request) => atomic(() => controller.delete(removal, request)),
      }),
    ],
  });

  return [collection, item];
}
