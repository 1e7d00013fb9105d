/**
 * `/block-types`, `/block-types/<namespace>` and `/block-types/<namespace>/<name>` in the
 * content namespace: the block types the server knows, as WordPress 6.1's block types
 * controller answers them, for whoever may edit posts of some type.
 *
 * @module
 */
import { postTypes, typeCapabilities, userCan } from '@cms-json/content';
import {
  contextArg,
  defineRoute,
  denied,
  type LinkTemplate,
  READABLE,
  type RestRequest,
  type RestServer,
  type Route,
  response,
} from '@cms-json/core';
import { z } from 'zod';
import { BlockTypeSchema, blockTypeRecord } from './block-type-record.js';
import { blockError } from './errors.js';
import type { BlockTypeRegistry } from './registry.js';

/**
 * Whether the caller may read block types: `edit_posts`, or the `edit_posts` capability of
 * any post type with REST routes (the original's `check_read_permission`).
 *
 * @example
 * if (!canReadBlockTypes(server, request)) return denied(request, blockError('rest_block_type_cannot_view'));
 */
export function canReadBlockTypes(server: RestServer, request: RestRequest): boolean {
  if (userCan(request, 'edit_posts')) return true;
  const types = postTypes(server);
  return types.names().some((name) => {
    const args = types.get(name);
    return args?.showInRest === true && userCan(request, typeCapabilities(args).edit_posts);
  });
}

/** Options of {@link blockTypesRoutes}. */
export interface BlockTypesRoutesOptions {
  /** The server (its post types decide who may read). */
  readonly server: RestServer;
  /** The block types served. */
  readonly registry: BlockTypeRegistry;
  /** The content namespace (`wp/v2`, `cms/v2`). */
  readonly namespace: string;
}

const NAMESPACE_PATTERN = '[a-zA-Z0-9_-]+';

/**
 * The block types routes, relative to the content namespace.
 *
 * @example
 * server.register('wp/v2', ...blockTypesRoutes({ server, registry: blockTypes(server), namespace: 'wp/v2' }));
 */
export function blockTypesRoutes(options: BlockTypesRoutesOptions): Route[] {
  const { server, registry, namespace } = options;
  const renderRel = `${server.options.curieBase}render-block`;
  type Item = Record<string, unknown>;
  const links: LinkTemplate<Item>[] = [
    { rel: 'collection', href: `/${namespace}/block-types` },
    { rel: 'self', href: (record, { url }) => url(`/${namespace}/block-types/${String(record.name)}`) },
    { rel: 'up', href: (record, { url }) => url(`/${namespace}/block-types/${String(record.name).split('/')[0]}`) },
    {
      rel: renderRel,
      when: (record) => record.is_dynamic === true,
      href: (record, { url }) => url(`/${namespace}/block-renderer/${String(record.name)}?context=edit`),
    },
  ];
  const readable = (request: RestRequest) =>
    canReadBlockTypes(server, request) || denied(request, blockError('rest_block_type_cannot_view'));
  const list = (only: string | undefined) =>
    registry
      .all()
      .filter((type) => only === undefined || only === '' || type.name.split('/')[0] === only)
      .map(blockTypeRecord);
  const collectionArgs = {
    context: contextArg(BlockTypeSchema),
    namespace: z.string().optional().meta({ description: 'Block namespace.' }),
  };

  const collection = defineRoute({
    path: '/block-types',
    schema: BlockTypeSchema,
    links,
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: collectionArgs,
        permission: readable,
        summary: 'List the block types',
        // A record's empty objects are PHP's `[]` (see asPhpJson): not the schema's types, sent as they are.
        handler: (args) => response(list(args.namespace)),
      }),
    ],
  });
  const inNamespace = defineRoute({
    path: `/block-types/(?P<namespace>${NAMESPACE_PATTERN})`,
    schema: BlockTypeSchema,
    links,
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: collectionArgs,
        permission: readable,
        summary: 'List the block types of a namespace',
        // A record's empty objects are PHP's `[]` (see asPhpJson): not the schema's types, sent as they are.
        handler: (args) => response(list(args.namespace)),
      }),
    ],
  });
  const item = defineRoute({
    path: `/block-types/(?P<namespace>${NAMESPACE_PATTERN})/(?P<name>${NAMESPACE_PATTERN})`,
    schema: BlockTypeSchema,
    links,
    args: {
      name: z.string().meta({ description: 'Block name.' }),
      namespace: z.string().meta({ description: 'Block namespace.' }),
    },
    endpoints: (endpoint) => [
      endpoint({
        methods: READABLE,
        args: { context: contextArg(BlockTypeSchema) },
        permission: (request, args) => {
          if (!canReadBlockTypes(server, request)) return denied(request, blockError('rest_block_type_cannot_view'));
          return registry.get(`${args.namespace}/${args.name}`) !== undefined || blockError('rest_block_type_invalid');
        },
        summary: 'Read a block type',
        handler: (args) => {
          const type = registry.get(`${args.namespace}/${args.name}`);
          if (type === undefined) throw blockError('rest_block_type_invalid');
          return response(blockTypeRecord(type));
        },
      }),
    ],
  });
  return [collection, inNamespace, item];
}
