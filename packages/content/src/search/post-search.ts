/**
 * The `post` search handler: published records of the public post types with routes (not
 * attachments), found by their title, excerpt and content as `WP_Query` finds them, by
 * relevance when searching and newest first otherwise.
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';
import { postsKey } from '../cache/keys.js';
import type { PostsController } from '../posts/controller.js';
import type { PostTypeRegistry } from '../posts/post-types.js';
import { permalink } from '../posts/record.js';
import type { Post, PostStore } from '../posts/store.js';
import type { SearchHandler, SearchResult } from './search-handler.js';

/**
 * What the handler reads.
 *
 * @example
 * postSearchHandler({ registry, controllers, store, namespace: 'cms/v2' });
 */
export interface PostSearchOptions {
  readonly registry: PostTypeRegistry;
  /** The controller of each post type with routes (its permalinks, titles and clock). */
  readonly controllers: ReadonlyMap<string, PostsController>;
  readonly store: PostStore;
  /** The content namespace, where `/types` is. */
  readonly namespace: string;
}

/**
 * The `post` handler of `/search`.
 *
 * @example
 * const handlers = [postSearchHandler({ registry, controllers, store, namespace })];
 */
export function postSearchHandler(options: PostSearchOptions): SearchHandler {
  const { registry, controllers, store, namespace } = options;
  const subtypes = () =>
    registry.names().filter((name) => {
      const args = registry.get(name);
      // From the filtered arguments, not the controllers built so far: the route may be built
      // before a later type's (its enum lists every type, as the original's).
      return args?.public === true && args.showInRest && name !== 'attachment';
    });
  return {
    type: 'post',
    subtypes,
    async search(request: RestRequest, query) {
      const any = controllers.get(query.subtypes[0] ?? '');
      if (any === undefined) return { results: [], total: 0 };
      const searching = query.search !== undefined && query.search !== '';
      const { posts, total } = await store.list({
        types: query.subtypes,
        statuses: ['publish'],
        nowGmt: any.nowGmt(),
        search: query.search,
        // As WordPress: a search by someone signed out never finds password-protected records.
        searchProtected: request.user !== null,
        include: query.include,
        exclude: query.exclude,
        orderBy: searching ? 'relevance' : 'date',
        order: 'desc',
        perPage: query.perPage,
        offset: (query.page - 1) * query.perPage,
      });
      // The records found declare their keys (the read scope); the lists searched, theirs.
      request.cacheKeys.add(...query.subtypes.map(postsKey));
      // A page past the last finds nothing, and WP_Query then counts nothing either (it sets
      // found_posts only when the page has posts): the original answers 200, [] and a total of 0.
      return { results: await describePosts(request, posts, controllers), total: posts.length === 0 ? 0 : total };
    },
    selfPath: (result) => {
      const controller = controllers.get(result.subtype ?? '');
      return controller === undefined ? undefined : `${controller.base}/${result.id}`;
    },
    aboutPath: (result) => `/${namespace}/types/${result.subtype ?? ''}`,
  };
}

/** The results of the posts the caller may read: their rendered titles and permalinks (one scope per type). */
async function describePosts(
  request: RestRequest,
  posts: readonly Post[],
  controllers: ReadonlyMap<string, PostsController>,
): Promise<SearchResult[]> {
  const byType = new Map<string, Post[]>();
  for (const post of posts) byType.set(post.type, [...(byType.get(post.type) ?? []), post]);
  const described = new Map<number, SearchResult>();
  for (const [type, ofType] of byType) {
    const controller = controllers.get(type);
    if (controller === undefined) continue;
    // The one read check, as every list's: only published records are asked for, so it leaves none out today.
    const readable = await controller.readable(request, ofType);
    const scope = await controller.scope(request, readable, { edit: false });
    const supportsTitle = controller.context.args.supports.includes('title');
    for (const post of readable) {
      described.set(post.id, {
        id: post.id,
        title: supportsTitle ? scope.render.title(post.title) : '',
        url: permalink(post, scope),
        type: 'post',
        subtype: type,
      });
    }
  }
  return posts.flatMap((post) => described.get(post.id) ?? []);
}
