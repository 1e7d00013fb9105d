/**
 * `/block-renderer/<namespace>/<name>` (GET and POST) in the content namespace: a dynamic
 * block rendered on the server for the editor's preview, as WordPress 6.1's block renderer
 * controller answers it. The renderers read the site through in-process requests made as
 * the caller, so a preview never shows what the caller may not read.
 *
 * @module
 */
import { postTypes, userCan } from '@cms-json/content';
import {
  coreError,
  defineRoute,
  denied,
  type JsonSchema,
  READABLE,
  type RestRequest,
  type RestServer,
  type Route,
  requestLocal,
  sanitizeValue,
  validateValue,
} from '@cms-json/core';
import { z } from 'zod';
import type { BlockRenderContext } from './block-type.js';
import { blockError } from './errors.js';
import type { BlockTypeRegistry } from './registry.js';

/** The rendered block (WordPress's `rendered-block` schema). */
export const RenderedBlockSchema = z
  .object({
    rendered: z.string().meta({ description: 'The rendered block.', context: ['edit'] }),
  })
  .meta({ title: 'rendered-block' });

/** The attributes as checked and cast against the block's attribute schemas, for the handler. */
const checkedAttributes = requestLocal<Record<string, unknown>>('blocks.renderer-attributes');

/** Options of {@link blockRendererRoute}. */
export interface BlockRendererRouteOptions {
  /** The server: renderers read the site through its in-process dispatch. */
  readonly server: RestServer;
  /** The block types rendered. */
  readonly registry: BlockTypeRegistry;
  /** The content namespace (`wp/v2`, `cms/v2`). */
  readonly namespace: string;
}

/**
 * Checks the attributes against the block's attribute schemas as the original's
 * `validate_callback` does (an object, no attribute the block does not declare, each of its
 * type), and casts them; a failure is the original's 400 `rest_invalid_param` for
 * `attributes`, its message naming the attribute as `[name]`.
 */
function checkAttributes(value: unknown, attributes: Record<string, unknown>): Record<string, unknown> {
  const schema: JsonSchema = { type: 'object', properties: attributes, additionalProperties: false } as JsonSchema;
  const issue = validateValue(value, schema, '');
  if (issue !== undefined) {
    throw coreError('rest_invalid_param', {
      params: { names: 'attributes' },
      data: { params: { attributes: issue.message }, details: { attributes: issue } },
    });
  }
  return sanitizeValue(value, schema) as Record<string, unknown>;
}

/**
 * The attributes a renderer gets (`WP_Block_Type::prepare_attributes_for_render`): each
 * declared attribute as sent when valid for its schema, else its default when it has one.
 */
function withDefaults(
  sent: Record<string, unknown>,
  attributes: Record<string, Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...sent };
  for (const [name, schema] of Object.entries(attributes)) {
    if (Object.hasOwn(out, name) && validateValue(out[name], schema as JsonSchema, name) === undefined) continue;
    delete out[name];
    if (Object.hasOwn(schema, 'default')) out[name] = schema.default;
  }
  return out;
}

/** Whether the caller may edit the post of this id, whatever its type: its edit-context read answers 200. */
async function canEditPostOfId(server: RestServer, request: RestRequest, namespace: string, id: number): Promise<boolean> {
  if (request.user === null) return false;
  const types = postTypes(server);
  for (const name of types.names()) {
    const args = types.get(name);
    if (args === undefined || !args.showInRest) continue;
    const found = await server.dispatch(
      {
        path: `/${args.restNamespace ?? namespace}/${args.restBase}/${id}`,
        query: { context: 'edit', _fields: 'id' },
        user: request.user,
      },
      { from: request },
    );
    if (found.status === 200) return true;
  }
  return false;
}

/**
 * The block renderer route, relative to the content namespace.
 *
 * @example
 * server.register('wp/v2', blockRendererRoute({ server, registry: blockTypes(server), namespace: 'wp/v2' }));
 */
export function blockRendererRoute(options: BlockRendererRouteOptions): Route {
  const { server, registry, namespace } = options;
  return defineRoute({
    path: '/block-renderer/(?P<name>[a-z0-9-]+/[a-z0-9-]+)',
    schema: RenderedBlockSchema,
    args: { name: z.string().meta({ description: 'Unique registered name for the block.' }) },
    endpoints: (endpoint) => [
      endpoint({
        methods: [...READABLE, 'POST'],
        args: {
          context: z
            .enum(['edit'])
            .default('view' as 'edit')
            .meta({ description: 'Scope under which the request is made; determines fields present in response.' }),
          // Checked against the block's own attribute schemas in the permission check (the original's validate_callback).
          attributes: z
            .unknown()
            .default({})
            .meta({
              description: 'Attributes for the block.',
              published: { description: 'Attributes for the block.', type: 'object', default: [] },
            }),
          post_id: z.number().int().optional().meta({ description: 'ID of the post context.' }),
        },
        permission: async (request, args) => {
          const type = registry.get(args.name);
          if (type !== undefined) checkedAttributes.set(request, checkAttributes(args.attributes, type.attributes));
          const postId = args.post_id ?? 0;
          if (postId > 0) {
            return (
              (await canEditPostOfId(server, request, namespace, postId)) || denied(request, blockError('block_cannot_read.post'))
            );
          }
          return userCan(request, 'edit_posts') || denied(request, blockError('block_cannot_read.user'));
        },
        summary: 'Render a dynamic block',
        handler: async (args, request) => {
          const type = registry.get(args.name);
          if (type === undefined || !type.isDynamic) throw blockError('block_invalid');
          if (type.render === undefined) throw blockError('block_render_unavailable', { params: { name: type.name } });
          let counter = 0;
          const content = server.extension('content', () => {
            throw new Error('blockRoutes: the block renderer reads the site through contentPlugin; use it on the server first.');
          });
          const options = content.auth.storage.options;
          const context: BlockRenderContext = {
            get: async (path, query) => {
              const res = await server.dispatch({ path, query: query ?? {}, user: request.user }, { from: request });
              const headers: Record<string, string> = {};
              for (const [name, value] of res.headers)
                headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
              return { status: res.status, body: res.data, headers };
            },
            namespace,
            prefix: server.names.prefix,
            option: (name) => options.get(name),
            now: content.now ?? Date.now,
            siteUrl: (request.scope.siteUrl ?? '').replace(/\/+$/, ''),
            uniqueId: (prefix) => `${prefix}${++counter}`,
          };
          const sent = checkedAttributes.get(request) ?? {};
          const attributes = withDefaults(sent, type.attributes);
          const postId = args.post_id !== undefined && args.post_id > 0 ? args.post_id : undefined;
          return { rendered: await type.render({ attributes, sent, postId }, context) };
        },
      }),
    ],
  });
}
