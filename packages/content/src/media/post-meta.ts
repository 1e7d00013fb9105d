/**
 * The post meta the media layer keeps, as WordPress keeps it: one value per key of a post in
 * the post meta store (`_wp_attached_file`, `_wp_attachment_metadata` as JSON, `_wp_attachment_image_alt`,
 * and a post's `_thumbnail_id`). Read for the records of a response at once.
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';
import type { MetaStore } from '../meta/store.js';
import { listsPerObject } from '../request-batch.js';

/** The meta keys of an attachment and of a post's featured image, as the original names them. */
export const MEDIA_META_KEYS = {
  file: '_wp_attached_file',
  metadata: '_wp_attachment_metadata',
  alt: '_wp_attachment_image_alt',
  thumbnail: '_thumbnail_id',
} as const;

/**
 * The values of `keys` for the posts `ids`: post id → key → value (the first row of a key).
 *
 * @example
 * const meta = await readPostMeta(storage.meta.post, [7, 8], ['_wp_attached_file']);
 * meta.get(7)?.get('_wp_attached_file'); // '2026/11/photo.jpg'
 */
export async function readPostMeta(
  store: MetaStore,
  ids: readonly number[],
  keys: readonly string[],
): Promise<Map<number, Map<string, string>>> {
  const out = new Map<number, Map<string, string>>();
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (wanted.length === 0 || keys.length === 0) return out;
  for (const row of await store.rows(wanted, keys)) {
    let values = out.get(row.objectId);
    if (values === undefined) out.set(row.objectId, (values = new Map()));
    if (!values.has(row.key)) values.set(row.key, row.value);
  }
  return out;
}

/**
 * Sets a post's single value of `key` (WordPress's `update_post_meta`); `undefined` deletes it.
 *
 * @example
 * await setPostMeta(storage.meta.post, 7, '_thumbnail_id', '12');
 */
export async function setPostMeta(store: MetaStore, postId: number, key: string, value: string | undefined): Promise<void> {
  if (value === undefined) await store.delete(postId, key);
  else await store.set(postId, key, value);
}

const metaOfPost = listsPerObject(
  (store: MetaStore, keys: readonly string[], ids) => readPostMeta(store, ids, keys),
  () => new Map<string, string>(),
);

/**
 * {@link readPostMeta} for the records of a request: the posts asked for in one tick by it
 * and the requests answered with it (the links of one `_embed`) are read by one query.
 *
 * @example
 * const meta = await readPostMetaFor(storage.meta.post, request, [12], ['_wp_attached_file']);
 */
export async function readPostMetaFor(
  store: MetaStore,
  request: RestRequest,
  ids: readonly number[],
  keys: readonly string[],
): Promise<Map<number, Map<string, string>>> {
  const values = await Promise.all(ids.map((id) => metaOfPost(store, request, keys, id)));
  return new Map(ids.map((id, index) => [id, values[index] ?? new Map<string, string>()]));
}
