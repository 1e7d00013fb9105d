/**
 * How the content plugin sets up comments on a server: the comment store, the controller
 * (which reads posts through the post types' controllers: their routes, permalinks and
 * rules), the `/comments` routes (built with the other routes, so the comment meta every
 * plugin registered is in their schema), and what becomes of a post's comments when it goes to the
 * trash (`post-trashed`, restored when it leaves it) or is deleted for good (they go with it,
 * as `wp_delete_post`).
 *
 * @module
 */
import type { RestRequest, RestServer } from '@cms-json/core';
import { MetaFields } from '../meta/fields.js';
import { metaRegistry } from '../meta/registry.js';
import type { MetaStore } from '../meta/store.js';
import type { OptionsStore } from '../options/options.js';
import type { PostsController } from '../posts/controller.js';
import type { PostTypeRegistry } from '../posts/post-types.js';
import { permalink } from '../posts/record.js';
import type { Post, PostStore } from '../posts/store.js';
import { siteUrlOf } from '../users/record.js';
import type { UserStore } from '../users/store.js';
import { COMMENT_TYPE, CommentsController } from './controller.js';
import { commentRoutes } from './routes.js';
import type { CommentStore } from './store.js';

/**
 * What {@link setUpComments} works with: the content plugin's stores and post types.
 *
 * @example
 * setUpComments(server, { comments, meta, namespace: 'cms/v2', posts, options, users, registry, controllers, now: Date.now });
 */
export interface CommentsSetup {
  /** The comments' store. */
  readonly comments: CommentStore;
  /** The comment meta store. */
  readonly meta: MetaStore;
  readonly namespace: string;
  readonly posts: PostStore;
  readonly options: OptionsStore;
  readonly users: UserStore;
  readonly registry: PostTypeRegistry;
  /** The post types' controllers, by type name (filled when the routes are built). */
  readonly controllers: ReadonlyMap<string, PostsController>;
  readonly now: () => number;
  readonly clientIp?: ((request: RestRequest) => string | undefined) | undefined;
}

/**
 * Serves `/comments` on a server; returns what the post types' setup calls for each type.
 *
 * @example
 * const comments = setUpComments(server, setup);
 * comments.watchPostType('post'); // its records' comments go when a record is deleted for good
 */
export function setUpComments(
  server: RestServer,
  setup: CommentsSetup,
): { store: CommentStore; watchPostType(name: string): void } {
  const store = setup.comments;
  const { controllers } = setup;
  const controller = new CommentsController({
    store,
    posts: setup.posts,
    options: setup.options,
    users: setup.users,
    namespace: setup.namespace,
    type: server.objectTypes.get(COMMENT_TYPE),
    now: setup.now,
    clientIp: setup.clientIp,
    meta: new MetaFields({
      registry: metaRegistry(server),
      store: setup.meta,
      objectType: 'comment',
      subtype: COMMENT_TYPE,
    }),
    postTypes: {
      args: (name) => setup.registry.get(name),
      route: (post: Post) => {
        const owner = controllers.get(post.type);
        return owner === undefined ? undefined : `${owner.base}/${post.id}`;
      },
      link: async (request: RestRequest, post: Post) => {
        const owner = controllers.get(post.type);
        if (owner === undefined) return `${siteUrlOf(request)}/?p=${post.id}`;
        return permalink(post, await owner.scope(request, [post]));
      },
    },
  });
  // Built when the server builds its routes, after every plugin's `registerMeta`, as the
  // post types' and taxonomies' routes are.
  server.objectTypes.declare({
    kind: 'comment_type',
    name: COMMENT_TYPE,
    args: {},
    routes: () => ({ namespace: setup.namespace, routes: commentRoutes(controller) }),
  });
  return {
    store,
    watchPostType(name) {
      const type = server.objectTypes.get(name);
      type.on('preDelete', async (record) => {
        await store.deleteOfPost(Number(record.id));
      });
      type.on('trash', async (record) => {
        await store.trashOfPost(Number(record.id));
      });
      type.on('afterInsert', async (record, { creating }) => {
        if (!creating && record.status !== 'trash') await store.untrashOfPost(Number(record.id));
      });
    },
  };
}
