/**
 * `purgingStorage`: the write side of the surrogate-key rules (`keys.ts`), at the storage
 * seam. It wraps a `ContentStorage` (the project's tables, WordPress's, any other) so that
 * every write through it, whoever makes it (a route, a batch, an internal request, a plugin's
 * code using the stores), hands the keys of exactly what it changed to a {@link Purger} once
 * the transaction committed; a rolled-back write purges nothing.
 *
 * What each write purges:
 *
 * - a post created, changed or deleted: `post-<id>`, `posts-<type>` (the old and the new type),
 *   and on a delete the records of the same type that moved up to its parent;
 * - a post's terms replaced: `post-<id>`, `posts-<type>`, and when the post counts towards its
 *   terms (it is published) every term it joined or left, with `terms-<taxonomy>`; a post's
 *   counted state changed or its relationships removed: every term whose count moved (read
 *   before the write and after the commit), with their taxonomies;
 * - a term created or changed: `term-<id>`, `terms-<taxonomy>`; deleted: those, its children
 *   (which move to its parent), and every post that carried it with `posts-<type>`;
 * - a user: `user-<id>`, `users`; their records handed to another: each record's key and
 *   `posts-<type>`;
 * - a comment: `comment-<id>`, `comments`, `comment-post-<post>` (the old and the new post),
 *   and on a delete its replies (which move up); a post's comments trashed, restored or
 *   deleted: each of them a reader could see, `comments`, `comment-post-<post>` (nothing when
 *   there were none);
 * - an option: `option-<name>` (the stored name: `option-title`);
 * - meta: the key of its object (`post-12`, `term-3`, `comment-5`, `user-1`); meta deleted by
 *   value whatever its object (an attachment's `_thumbnail_id` everywhere): the lists of every
 *   post type, since the objects are not known.
 *
 * Some keys need a read before the write (a deleted record's type, a post's terms before they
 * are replaced): those reads are made only for the writes that need them.
 *
 * @module
 */
import type { CommentStore } from '../comments/store.js';
import type { MetaStore } from '../meta/store.js';
import type { OptionsStore } from '../options/options.js';
import type { PostStore } from '../posts/store.js';
import type { ContentStorage, StorageTransactions } from '../storage.js';
import type { TermStore } from '../terms/store.js';
import type { UserStore } from '../users/store.js';
import {
  type CacheKey,
  COMMENTS_KEY,
  commentKey,
  optionKey,
  postCommentsKey,
  postKey,
  postsKey,
  termKey,
  termsKey,
  USERS_KEY,
  userKey,
} from './keys.js';
import type { Purger } from './purger.js';

/** Options of {@link purgingStorage}. */
export interface PurgingStorageOptions {
  /** Where the keys of each committed write go. */
  purger: Purger;
  /**
   * The post types of the site (`postTypes(server).names()`), read when a write moves records
   * of every type (a term deleted, a user's records handed on); default post, page and attachment.
   */
  postTypes?: (() => Iterable<string>) | undefined;
}

/** Every status a record can have, for the reads that find what a write moves. */
const ALL_STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'inherit', 'trash', 'auto-draft'] as const;
/** The comment statuses an anonymous reader can see an answer of. */
const VISIBLE_COMMENTS = ['1'] as const;
/** At most this many related records are read before a write (children, posts of a term, comments of a post). */
const RELATED_LIMIT = 1000;
const DEFAULT_POST_TYPES = ['post', 'page', 'attachment'] as const;

/**
 * Wraps a storage so that each committed write purges the keys it changed (see the module
 * comment). Reads go straight through.
 *
 * @example
 * const purger = createPurger({ targets: [varnishPurgeTarget({ urls: ['http://127.0.0.1:6081'] })] });
 * const storage = purgingStorage(sqlContentStorage(database), { purger });
 * const auth = createAuth({ storage, database, secret });
 */
export function purgingStorage(storage: ContentStorage, settings: PurgingStorageOptions): ContentStorage {
  const { purger } = settings;
  const postTypes = () => [...(settings.postTypes?.() ?? DEFAULT_POST_TYPES)];
  const { transactions } = storage;
  const after = (keys: Iterable<CacheKey>) => purgeAfterCommit(transactions, purger, keys);
  const nowGmt = () => new Date().toISOString().slice(0, 19);

  async function postTypeOf(id: number): Promise<string | undefined> {
    return (await storage.posts.findAccess([id]))[0]?.type;
  }

  /**
   * Around a write that may move the counts of these terms: their counts are read before it,
   * and again once the transaction committed (a store may recount at the commit, as
   * PostgreSQL's does); the terms whose count moved are purged with their taxonomies' lists.
   */
  async function purgeMovedCounts(termIds: readonly number[], write: () => Promise<void>): Promise<void> {
    const ids = [...new Set(termIds)];
    const counts = async () => new Map(await Promise.all(ids.map(async (id) => [id, await storage.terms.find(id)] as const)));
    const before = await counts();
    await write();
    if (ids.length === 0) return;
    await transactions.afterCommit(async () => {
      const keys: CacheKey[] = [];
      for (const [id, term] of await counts()) {
        const old = before.get(id);
        if (old?.count === term?.count) continue;
        keys.push(termKey(id));
        const taxonomy = term?.taxonomy ?? old?.taxonomy;
        if (taxonomy !== undefined) keys.push(termsKey(taxonomy));
      }
      if (keys.length > 0) purger.purge(keys);
    });
  }

  async function carried(objectId: number): Promise<readonly number[]> {
    return (await storage.terms.carriedTerms([objectId])).get(objectId)?.terms ?? [];
  }

  const posts: PostStore = overriding(storage.posts, {
    async create(row) {
      const post = await storage.posts.create(row);
      await after([postKey(post.id), postsKey(post.type)]);
      return post;
    },
    async update(id, changes) {
      const before = await postTypeOf(id);
      const post = await storage.posts.update(id, changes);
      const keys = [postKey(id)];
      if (before !== undefined) keys.push(postsKey(before));
      if (post !== undefined) keys.push(postsKey(post.type));
      await after(keys);
      return post;
    },
    async delete(id) {
      const type = await postTypeOf(id);
      const children =
        type === undefined || type === 'revision'
          ? []
          : (
              await storage.posts.list({
                types: [type],
                statuses: ALL_STATUSES,
                nowGmt: nowGmt(),
                parents: [id],
                perPage: RELATED_LIMIT,
                offset: 0,
              })
            ).posts;
      const deleted = await storage.posts.delete(id);
      if (deleted)
        await after([
          postKey(id),
          ...(type === undefined ? [] : [postsKey(type)]),
          ...children.map((child) => postKey(child.id)),
        ]);
      return deleted;
    },
    async reassignAuthor(from, to) {
      const types = postTypes();
      const ids = await storage.posts.idsByAuthor(from, types);
      const moved = await storage.posts.reassignAuthor(from, to);
      if (moved > 0)
        await after([...ids.slice(0, RELATED_LIMIT * 10).map(postKey), ...types.map(postsKey), userKey(from), userKey(to)]);
      return moved;
    },
  });

  const terms: TermStore = overriding(storage.terms, {
    async create(input, createOptions) {
      const term = await storage.terms.create(input, createOptions);
      await after([termKey(term.id), termsKey(term.taxonomy)]);
      return term;
    },
    async update(id, changes) {
      const term = await storage.terms.update(id, changes);
      await after([termKey(term.id), termsKey(term.taxonomy)]);
      return term;
    },
    async delete(id) {
      const term = await storage.terms.find(id);
      if (term === undefined) return storage.terms.delete(id);
      const [children, carriers] = await Promise.all([
        storage.terms.list({ taxonomy: term.taxonomy, parent: id, limit: RELATED_LIMIT }),
        storage.posts.list({
          types: postTypes(),
          statuses: ALL_STATUSES,
          nowGmt: nowGmt(),
          taxonomies: { relation: 'AND', clauses: [{ termIds: [id], operator: 'IN' }] },
          perPage: RELATED_LIMIT,
          offset: 0,
        }),
      ]);
      const deleted = await storage.terms.delete(id);
      if (deleted) {
        await after([
          termKey(id),
          termsKey(term.taxonomy),
          ...children.terms.map((child) => termKey(child.id)),
          ...carriers.posts.flatMap((post) => [postKey(post.id), postsKey(post.type)]),
        ]);
      }
      return deleted;
    },
    async setObjectTerms(objectId, taxonomy, termIds, setOptions) {
      const [old, type] = await Promise.all([storage.terms.termsOf(taxonomy, [objectId]), postTypeOf(objectId)]);
      await storage.terms.setObjectTerms(objectId, taxonomy, termIds, setOptions);
      const keys = [postKey(objectId)];
      if (type !== undefined) keys.push(postsKey(type));
      // The terms the post joined or left move their counts (when it counts towards them).
      const had = new Set(old.get(objectId) ?? []);
      const has = new Set(termIds);
      const moved = [...[...had].filter((id) => !has.has(id)), ...[...has].filter((id) => !had.has(id))];
      if (setOptions.counted && moved.length > 0) keys.push(termsKey(taxonomy), ...moved.map(termKey));
      await after(keys);
    },
    async setObjectCounted(objectId, counted) {
      await purgeMovedCounts(await carried(objectId), () => storage.terms.setObjectCounted(objectId, counted));
    },
    async removeObject(objectId) {
      await purgeMovedCounts(await carried(objectId), () => storage.terms.removeObject(objectId));
    },
  });

  const users: UserStore = overriding(storage.users, {
    async create(input) {
      const user = await storage.users.create(input);
      await after([userKey(user.id), USERS_KEY]);
      return user;
    },
    async update(id, changes) {
      const user = await storage.users.update(id, changes);
      await after([userKey(id), USERS_KEY]);
      return user;
    },
    async delete(id) {
      const deleted = await storage.users.delete(id);
      if (deleted) await after([userKey(id), USERS_KEY]);
      return deleted;
    },
  });

  /** The comments of a post an anonymous reader may have seen, of these statuses. */
  async function commentsOfPost(postId: number, approved: readonly string[]): Promise<number[]> {
    const { comments } = await storage.comments.list({ approved, posts: [postId], perPage: RELATED_LIMIT, offset: 0 });
    return comments.map((comment) => comment.id);
  }

  const commentKeys = (postIds: Iterable<number>, ids: Iterable<number>): CacheKey[] => [
    COMMENTS_KEY,
    ...[...new Set(postIds)].map(postCommentsKey),
    ...[...ids].map(commentKey),
  ];

  const commentMeta = storage.comments.meta;
  const comments: CommentStore = overriding(storage.comments, {
    meta: overriding(commentMeta, {
      async set(commentId, key, value) {
        await commentMeta.set(commentId, key, value);
        await after([commentKey(commentId)]);
      },
      async remove(commentId, keys) {
        await commentMeta.remove(commentId, keys);
        await after([commentKey(commentId)]);
      },
    }),
    async create(row) {
      const comment = await storage.comments.create(row);
      await after(commentKeys([comment.post_id], [comment.id]));
      return comment;
    },
    async update(id, changes) {
      const before = await storage.comments.find(id);
      const comment = await storage.comments.update(id, changes);
      const postIds = [before?.post_id, comment?.post_id].filter((post) => post !== undefined);
      await after(commentKeys(postIds, [id]));
      return comment;
    },
    async delete(id) {
      const before = await storage.comments.find(id);
      const replies =
        before === undefined
          ? []
          : (await storage.comments.list({ approved: VISIBLE_COMMENTS, parents: [id], perPage: RELATED_LIMIT, offset: 0 }))
              .comments;
      const deleted = await storage.comments.delete(id);
      if (deleted)
        await after(commentKeys(before === undefined ? [] : [before.post_id], [id, ...replies.map((reply) => reply.id)]));
      return deleted;
    },
    async deleteOfPost(postId) {
      const ids = await commentsOfPost(postId, VISIBLE_COMMENTS);
      const count = await storage.comments.deleteOfPost(postId);
      if (count > 0) await after(commentKeys([postId], ids));
      return count;
    },
    // Only the comments a reader could see (or will) change what is shown: none, no purge.
    async trashOfPost(postId) {
      const ids = await commentsOfPost(postId, VISIBLE_COMMENTS);
      await storage.comments.trashOfPost(postId);
      if (ids.length > 0) await after(commentKeys([postId], ids));
    },
    async untrashOfPost(postId) {
      const ids = await commentsOfPost(postId, ['post-trashed']);
      await storage.comments.untrashOfPost(postId);
      if (ids.length > 0) await after(commentKeys([postId], ids));
    },
  });

  const options: OptionsStore = overriding(storage.options, {
    async set(name, value) {
      await storage.options.set(name, value);
      await after([optionKey(name)]);
    },
    async change(name, next) {
      await storage.options.change(name, next);
      await after([optionKey(name)]);
    },
    async delete(name) {
      await storage.options.delete(name);
      await after([optionKey(name)]);
    },
  });

  const meta = {
    post: purgingMeta(storage.meta.post, postKey, () => postTypes().map(postsKey), after),
    term: purgingMeta(storage.meta.term, termKey, () => [], after),
    comment: purgingMeta(storage.meta.comment, commentKey, () => [COMMENTS_KEY], after),
    user: purgingMeta(storage.meta.user, userKey, () => [USERS_KEY], after),
  };

  return overriding(storage, { posts, terms, users, comments, options, meta });
}

/** A meta store whose writes purge the key of their object. */
function purgingMeta(
  store: MetaStore,
  objectKey: (id: number) => CacheKey,
  anyObjectKeys: () => CacheKey[],
  after: (keys: Iterable<CacheKey>) => Promise<void>,
): MetaStore {
  return overriding(store, {
    async add(objectId, key, value) {
      await store.add(objectId, key, value);
      await after([objectKey(objectId)]);
    },
    async set(objectId, key, value) {
      await store.set(objectId, key, value);
      await after([objectKey(objectId)]);
    },
    async delete(objectId, key, value) {
      await store.delete(objectId, key, value);
      await after([objectKey(objectId)]);
    },
    async deleteByValue(key, value) {
      await store.deleteByValue(key, value);
      await after(anyObjectKeys());
    },
  });
}

/**
 * Hands keys to a purger once the transaction open here committed (at once when none is
 * open); nothing when it is rolled back. For a plugin's own writes: call it after the write,
 * with the keys its routes declare.
 *
 * @example
 * await links.create(link);
 * await purgeAfterCommit(database, purger, [`link-${link.id}`, 'links']);
 */
export async function purgeAfterCommit(
  transactions: Pick<StorageTransactions, 'afterCommit'>,
  purger: Purger,
  keys: Iterable<CacheKey>,
): Promise<void> {
  const list = [...keys];
  if (list.length === 0) return;
  await transactions.afterCommit(() => purger.purge(list));
}

/**
 * `target` with some members replaced: every other member is the target's own (its methods
 * bound to it, so that a class's private fields keep working).
 */
function overriding<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(object, property) {
      if (Object.hasOwn(overrides, property)) return Reflect.get(overrides, property);
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}
