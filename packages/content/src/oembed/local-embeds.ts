/**
 * The embeds of the site's own records: a URL resolved to a record (`postFromUrl`), kept when
 * anyone may view it (published, of a public type), and described for `oembedData` with its
 * rendered title, permalink, author and the site's title.
 *
 * @module
 */

import type { RestRequest } from '@cms-json/core';
import { optionKey, postsKey, userKey } from '../cache/keys.js';
import type { OptionsStore } from '../options/options.js';
import type { PostsController } from '../posts/controller.js';
import type { PostTypeRegistry } from '../posts/post-types.js';
import { permalink } from '../posts/record.js';
import { effectiveStatus } from '../posts/statuses.js';
import type { Post, PostStore } from '../posts/store.js';
import { siteUrlOf } from '../users/record.js';
import { postFromUrl } from './post-from-url.js';
import type { EmbedSource } from './response-data.js';

/**
 * What the local embeds read.
 *
 * @example
 * localEmbeds({ posts, registry, controllers, options, siteName: 'cms-json', findUser: (id) => users.findById(id) });
 */
export interface LocalEmbedsOptions {
  /** The records' store. */
  readonly posts: PostStore;
  readonly registry: PostTypeRegistry;
  readonly controllers: ReadonlyMap<string, PostsController>;
  readonly options: OptionsStore;
  /** The server's own site name: the provider name of a site that never set its title. */
  readonly siteName: string;
  /** A user's display name and slug, for `author_name` and `author_url`. */
  readonly findUser: (id: number) => Promise<{ displayName: string; slug: string } | undefined>;
}

/**
 * Finds the embed of a URL of the site: `undefined` when it is not the permalink of a
 * record anyone may view.
 *
 * @example
 * const source = await localEmbeds(options)(request, 'https://example.com/hello-world/');
 */
export function localEmbeds(
  options: LocalEmbedsOptions,
): (request: RestRequest, url: string) => Promise<EmbedSource | undefined> {
  const { registry, controllers, posts } = options;
  return async function embedOf(request, url) {
    const siteUrl = siteUrlOf(request);
    const scopeOf = async (post: Post) => {
      const controller = controllers.get(post.type);
      return controller === undefined
        ? undefined
        : { controller, scope: await controller.scope(request, [post], { edit: false }) };
    };
    const post = await postFromUrl(url, {
      siteUrl,
      posts,
      // Only a type with a controller has permalinks to match.
      types: [...controllers.keys()],
      permalinkOf: async (candidate) => {
        const found = await scopeOf(candidate);
        return found === undefined ? undefined : permalink(candidate, found.scope);
      },
    });
    if (post === undefined) return undefined;
    const found = await scopeOf(post);
    // As is_post_publicly_viewable: a published record of a public type.
    if (found === undefined || registry.get(post.type)?.public !== true) return undefined;
    if ((await viewableStatus(post, found.controller)) !== 'publish') return undefined;
    const { scope } = found;
    // Which record a URL names changes with the type's records (a slug taken); the answer shows its author and two options.
    request.cacheKeys.add(postsKey(post.type), optionKey('title'), optionKey('permalink_structure'));
    if (post.author > 0) request.cacheKeys.add(userKey(post.author));
    const [title, user, structure] = await Promise.all([
      options.options.find('title'),
      post.author > 0 ? options.findUser(post.author) : Promise.resolve(undefined),
      options.options.get('permalink_structure'),
    ]);
    const siteName = title ?? options.siteName;
    return {
      // get_the_title: "Protected: " before the title of a password-protected record.
      title: `${post.password === '' ? '' : 'Protected: '}${scope.render.title(post.title)}`,
      permalink: permalink(post, scope),
      prettyPermalinks: structure !== '',
      siteName,
      siteUrl,
      author:
        user === undefined ? undefined : { name: user.displayName, url: `${siteUrl}/author/${encodeURIComponent(user.slug)}/` },
    };
  };
}

/**
 * The status `is_post_publicly_viewable` reads (the original's `get_post_status`): a record's
 * own as it is now; for an attachment, its post's, or `publish` when it is attached to none.
 */
async function viewableStatus(post: Post, controller: PostsController): Promise<string> {
  const nowGmt = controller.nowGmt();
  if (post.status !== 'inherit' || post.type !== 'attachment') return effectiveStatus(post, nowGmt);
  const parent = post.parent > 0 && post.parent !== post.id ? await controller.context.store.find(post.parent) : undefined;
  return parent === undefined ? 'publish' : effectiveStatus(parent, nowGmt);
}
