/**
 * A post's featured image, as WordPress keeps it: the attachment's id in the post's meta
 * `_thumbnail_id`. Setting it checks that the id names an attachment (400
 * `rest_invalid_featured_media`, before anything is stored); 0 removes it.
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';
import { contentError } from '../errors.js';
import type { MetaStore } from '../meta/store.js';
import type { PostStore } from '../posts/store.js';
import { requestBatchPer } from '../request-batch.js';
import { MEDIA_META_KEYS, readPostMeta, setPostMeta } from './post-meta.js';

/**
 * The featured media of each post (the ones without any are left out).
 *
 * @example
 * const featured = await featuredMediaOf(storage.meta.post, posts.map((post) => post.id));
 */
export async function featuredMediaOf(store: MetaStore, ids: readonly number[]): Promise<Map<number, number>> {
  const meta = await readPostMeta(store, ids, [MEDIA_META_KEYS.thumbnail]);
  const out = new Map<number, number>();
  for (const [id, values] of meta) {
    const value = Number(values.get(MEDIA_META_KEYS.thumbnail));
    if (Number.isSafeInteger(value) && value > 0) out.set(id, value);
  }
  return out;
}

const batched = requestBatchPer(async (store: MetaStore, ids: number[]) => {
  const found = await featuredMediaOf(store, ids);
  return new Map(ids.map((id) => [id, found.get(id) ?? 0]));
});

/**
 * {@link featuredMediaOf} for the records of a request: the ids asked for in one tick by it
 * and the requests answered with it (the links of one `_embed`) are read by one query. A
 * post without one is left out, as there.
 *
 * @example
 * const featured = await featuredMediaFor(storage.meta.post, request, posts.map((post) => post.id));
 */
export async function featuredMediaFor(
  store: MetaStore,
  request: RestRequest,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const values = await Promise.all(ids.map((id) => batched(store, request, id)));
  const out = new Map<number, number>();
  ids.forEach((id, index) => {
    const value = values[index] ?? 0;
    if (value > 0) out.set(id, value);
  });
  return out;
}

/**
 * Refuses a `featured_media` that is not 0 and not the id of an attachment, as the original's
 * `set_post_thumbnail` (400 `rest_invalid_featured_media`).
 *
 * @example
 * await checkFeaturedMedia(store, write.featured_media);
 */
export async function checkFeaturedMedia(store: PostStore, id: number | undefined): Promise<void> {
  if (id === undefined || id === 0) return;
  const media = await store.find(id);
  if (media?.type !== 'attachment') throw contentError('rest_invalid_featured_media');
}

/**
 * Sets a post's featured media (0 removes it).
 *
 * @example
 * await setFeaturedMedia(storage.meta.post, post.id, 12);
 */
export function setFeaturedMedia(store: MetaStore, postId: number, mediaId: number): Promise<void> {
  return setPostMeta(store, postId, MEDIA_META_KEYS.thumbnail, mediaId > 0 ? String(mediaId) : undefined);
}
