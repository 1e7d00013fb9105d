/**
 * What happens to a user's records when the user is deleted (WordPress's `wp_delete_user`):
 * with `reassign`, every record of theirs, of every type, goes to that user; without it, the
 * records of the types that are deleted with their user go for good (through their
 * controller, so hooks such as the term counts run), and the others stay as they are.
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';
import type { PostsController } from './controller.js';
import type { PostTypeArgs, PostTypeRegistry } from './post-types.js';
import type { PostStore } from './store.js';

/** Whether a type's records go with their deleted author: `deleteWithUser`, else "when it supports `author`". */
export function deletesWithUser(args: Pick<PostTypeArgs, 'deleteWithUser' | 'supports'>): boolean {
  return args.deleteWithUser ?? args.supports.includes('author');
}

/** What {@link handOverContent} works with. */
export interface HandOverContext {
  readonly store: PostStore;
  readonly registry: PostTypeRegistry;
  /** The controller of each type that has routes (types without one are deleted through the store). */
  readonly controllers: ReadonlyMap<string, PostsController>;
}

/**
 * Hands a deleted user's records on: to `reassign`, or (when `null`) deletes those of the
 * types deleted with their user.
 *
 * @example
 * await handOverContent({ store, registry, controllers }, { userId: 5, reassign: 1, request });
 */
export async function handOverContent(
  context: HandOverContext,
  input: { userId: number; reassign: number | null; request: RestRequest },
): Promise<void> {
  const { store, registry, controllers } = context;
  if (input.reassign !== null) {
    await store.reassignAuthor(input.userId, input.reassign);
    return;
  }
  const types = registry.names().filter((name) => {
    const args = registry.get(name);
    return args !== undefined && deletesWithUser(args);
  });
  for (const id of await store.idsByAuthor(input.userId, types)) {
    // A record may have gone with an earlier one (a revision with its post).
    const post = await store.find(id);
    if (post === undefined) continue;
    const controller = controllers.get(post.type);
    if (controller === undefined) await store.delete(post.id);
    else await controller.deleteForGood(post, input.request);
  }
}
