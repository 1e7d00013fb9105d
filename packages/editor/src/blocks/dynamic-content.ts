/**
 * The block types' renderers in the records' `content.rendered`: each block type of the
 * server with a renderer is registered in content's dynamic blocks seam
 * (`dynamicBlocks(server)`), so a post holding `<!-- wp:latest-posts /-->` shows the list,
 * as WordPress's `do_blocks` in `the_content`. A renderer reads the site through in-process
 * requests made as the reader, so it shows only what the reader may read.
 *
 * @module
 */
import { dynamicBlocks } from '@cms-json/content';
import { type JsonSchema, type RestRequest, type RestServer, validateValue } from '@cms-json/core';
import type { BlockRenderContext, BlockType } from './block-type.js';
import type { BlockTypeRegistry } from './registry.js';

/** The block types whose HTML changes with the time alone (the calendar shows the current month and day). */
const CHANGES_WITH_TIME = new Set(['core/calendar']);

/**
 * The attributes a renderer gets (`WP_Block_Type::prepare_attributes_for_render`): each
 * declared attribute as written when valid for its schema, else its default when it has one.
 */
function attributesForRender(sent: Readonly<Record<string, unknown>>, type: BlockType): Record<string, unknown> {
  const out: Record<string, unknown> = { ...sent };
  for (const [name, schema] of Object.entries(type.attributes)) {
    if (Object.hasOwn(out, name) && validateValue(out[name], schema as JsonSchema, name) === undefined) continue;
    delete out[name];
    if (Object.hasOwn(schema, 'default')) out[name] = schema.default;
  }
  return out;
}

/**
 * What a renderer reads the site with, for a request: in-process GETs as its user, the site's
 * options, the content plugin's clock.
 */
function renderContext(server: RestServer, request: RestRequest): BlockRenderContext {
  const content = server.extension('content', () => {
    throw new Error('Dynamic blocks read the site through contentPlugin; use it on the server first.');
  });
  const options = content.auth.storage.options;
  let counter = 0;
  return {
    get: async (path, query) => {
      const res = await server.dispatch({ path, query: query ?? {}, user: request.user }, { from: request });
      const headers: Record<string, string> = {};
      for (const [name, value] of res.headers) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
      return { status: res.status, body: res.data, headers };
    },
    namespace: `${server.names.prefix}/v2`,
    prefix: server.names.prefix,
    option: (name) => options.get(name),
    now: content.now ?? Date.now,
    siteUrl: (request.scope.siteUrl ?? '').replace(/\/+$/, ''),
    uniqueId: (prefix) => `${prefix}${++counter}`,
  };
}

/**
 * Registers every block type of `registry` that has a renderer in the server's dynamic blocks,
 * so `content.rendered` shows them. Types registered later with a renderer are added by
 * calling it again (it replaces what it registered before).
 *
 * @example
 * await server.use(contentPlugin({ auth }));
 * renderBlocksInContent(server, blockTypes(server));
 * // GET /wp-json/wp/v2/posts/1 → content.rendered has the latest posts list where the post has <!-- wp:latest-posts /-->
 */
export function renderBlocksInContent(server: RestServer, registry: BlockTypeRegistry): void {
  const seam = dynamicBlocks(server);
  for (const type of registry.all()) {
    if (type.render === undefined) continue;
    const name = type.name;
    seam.register(
      name,
      async (sent, _inner, { request, postId }) => {
        // The type as registered now: a site may have replaced its renderer since.
        const current = registry.get(name) ?? type;
        if (current.render === undefined) return '';
        return current.render({ attributes: attributesForRender(sent, current), sent, postId }, renderContext(server, request));
      },
      { changesWithTime: CHANGES_WITH_TIME.has(name) },
    );
  }
}
