/**
 * The post meta the media layer keeps, as WordPress keeps it: one value per key of a post in
 * `post_meta` (`_wp_attached_file`, `_wp_attachment_metadata` as JSON, `_wp_attachment_image_alt`,
 * and a post's `_thumbnail_id`). Read for the records of a response at once.
 *
 * @module
 */
import type { RestRequest } from '@cms-json/core';
import type { Database } from '@cms-json/database';
import type { Kysely } from 'kysely';
import { MAX_COMPILED_IDS, placeholderIds } from '../compiled-reads.js';
import { listsPerObject } from '../request-batch.js';
import type { ContentTables } from '../tables.js';

/** The meta keys of an attachment and of a post's featured image, as the original names them. */
export const MEDIA_META_KEYS = {
  file: '_wp_attached_file',
  metadata: '_wp_attachment_metadata',
  alt: '_wp_attachment_image_alt',
  thumbnail: '_thumbnail_id',
} as const;

/** The most keys a compiled read is kept for (one read per count of ids and of keys). */
const MAX_COMPILED_KEYS = 8;

/**
 * The values of `keys` for the posts `ids`: post id → key → value (the first row of a key).
 *
 * @example
 * const meta = await readPostMeta(database, [7, 8], ['_wp_attached_file']);
 * meta.get(7)?.get('_wp_attached_file'); // '2026/11/photo.jpg'
 */
export async function readPostMeta(
  database: Database<ContentTables>,
  ids: readonly number[],
  keys: readonly string[],
): Promise<Map<number, Map<string, string>>> {
  const out = new Map<number, Map<string, string>>();
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (wanted.length === 0 || keys.length === 0) return out;
  const query = (postIds: readonly number[], metaKeys: readonly string[]) =>
    database.db
      .selectFrom('post_meta')
      .select(['post_id', 'meta_key', 'meta_value'])
      .where('post_id', 'in', [...postIds])
      .where('meta_key', 'in', [...metaKeys])
      .orderBy('id');
  const rows =
    wanted.length > MAX_COMPILED_IDS || keys.length > MAX_COMPILED_KEYS
      ? await query(wanted, keys).execute()
      : await database.prepare(
          `post-meta.read.${wanted.length}.${keys.length}`,
          { ids: placeholderIds(wanted.length), keys: keys.map((): string => '') },
          (p) => query(p.ids, p.keys),
        )({ ids: wanted, keys: [...keys] });
  for (const row of rows) {
    const id = Number(row.post_id);
    let values = out.get(id);
    if (values === undefined) out.set(id, (values = new Map()));
    if (!values.has(row.meta_key)) values.set(row.meta_key, row.meta_value);
  }
  return out;
}

/**
 * Sets a post's single value of `key` (WordPress's `update_post_meta`); `undefined` deletes it.
 *
 * @example
 * await setPostMeta(db, 7, '_thumbnail_id', '12');
 */
export async function setPostMeta(
  db: Kysely<ContentTables>,
  postId: number,
  key: string,
  value: string | undefined,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('post_meta').where('post_id', '=', postId).where('meta_key', '=', key).execute();
    if (value !== undefined)
      await trx.insertInto('post_meta').values({ post_id: postId, meta_key: key, meta_value: value }).execute();
  });
}

/**
 * Deletes every row of `key` whose value is `value`, whichever post it belongs to (an
 * attachment deleted: no post keeps it as its featured image).
 *
 * @example
 * await deleteMetaByValue(db, '_thumbnail_id', '12');
 */
export async function deleteMetaByValue(db: Kysely<ContentTables>, key: string, value: string): Promise<void> {
  await db.deleteFrom('post_meta').where('meta_key', '=', key).where('meta_value', '=', value).execute();
}

const metaOfPost = listsPerObject(
  (database: Database<ContentTables>, keys: readonly string[], ids) => readPostMeta(database, ids, keys),
  () => new Map<string, string>(),
);

/**
 * {@link readPostMeta} for the records of a request: the posts asked for in one tick by it
 * and the requests answered with it (the links of one `_embed`) are read by one query.
 *
 * @example
 * const meta = await readPostMetaFor(database, request, [12], ['_wp_attached_file']);
 */
export async function readPostMetaFor(
  database: Database<ContentTables>,
  request: RestRequest,
  ids: readonly number[],
  keys: readonly string[],
): Promise<Map<number, Map<string, string>>> {
  const values = await Promise.all(ids.map((id) => metaOfPost(database, request, keys, id)));
  return new Map(ids.map((id, index) => [id, values[index] ?? new Map<string, string>()]));
}
