/**
 * `BlocksController`: the routes of reusable blocks (`wp_block`, `/<prefix>/v2/blocks`), as
 * WordPress 6.1's `WP_REST_Blocks_Controller`: a posts controller whose records are read
 * only by those who may `read_post` them (the type's `read` is `edit_posts`: anonymous
 * callers and subscribers read no block, published or not), and whose `title` and `content`
 * carry their `raw` text in the view context too and no `rendered` one (a block's markup is
 * parsed by the editor, never shown as HTML by the API).
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';
import { z } from 'zod';
import { userCan } from '../permissions.js';
import { PostsController } from './controller.js';
import { typeCapabilities } from './permissions.js';
import type { RecordScope } from './record.js';
import type { Post } from './store.js';

/**
 * The controller of the `wp_block` post type; the content plugin gives it to the type.
 *
 * @example
 * postTypes(server).register('my_block', { showInRest: true, restBase: 'my-blocks', capabilityType: 'block', controller: BlocksController });
 */
export class BlocksController extends PostsController {
  #blockSchema: z.ZodObject | undefined;

  /**
   * The posts' schema with `title` and `content` reduced to their `raw` text, shown in the
   * view and edit contexts, as the original's.
   */
  override schema(): z.ZodObject {
    if (this.#blockSchema !== undefined) return this.#blockSchema;
    const schema = super.schema();
    const shape: Record<string, z.ZodType> = { ...schema.shape };
    for (const key of ['title', 'content'] as const) {
      const field = shape[key];
      if (field instanceof z.ZodObject) shape[key] = withRawInView(field);
    }
    this.#blockSchema = z.object(shape).meta(schema.meta() ?? {});
    return this.#blockSchema;
  }

  /**
   * The posts' read check, after the original's `read_post` one: a published block too needs
   * the type's `read` capability (`edit_posts`).
   */
  override async readable(
    request: RestRequest,
    posts: readonly Post[],
    options: { edit?: boolean } = {},
  ): Promise<readonly Post[]> {
    const readable = await super.readable(request, posts, options);
    if (readable.length === 0 || userCan(request, typeCapabilities(this.context.args).read)) return readable;
    // Without `read`, only what `read_post` maps elsewhere: private records, others' drafts.
    return readable.filter((post) => post.status !== 'publish' && post.author !== request.user?.id);
  }

  /** The posts' record without the `rendered` text of `title` and `content`. */
  override prepare(post: Post, scope: RecordScope): Record<string, unknown> {
    const record = super.prepare(post, scope);
    for (const key of ['title', 'content'] as const) {
      const field = record[key];
      if (typeof field === 'object' && field !== null && 'rendered' in field) {
        const { rendered: _rendered, ...rest } = field;
        record[key] = rest;
      }
    }
    return record;
  }
}

/** A `{raw, rendered, …}` field without `rendered`, its `raw` shown in the view and edit contexts. */
function withRawInView(field: z.ZodObject): z.ZodObject {
  const { rendered: _rendered, raw, ...rest } = field.shape;
  const shape = raw === undefined ? rest : { raw: raw.meta({ ...raw.meta(), context: ['view', 'edit'] }), ...rest };
  return z.object(shape).meta(field.meta() ?? {});
}
