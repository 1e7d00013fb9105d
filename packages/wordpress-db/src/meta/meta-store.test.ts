import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WordPressDatabase } from '../connection.js';
import { openFixtureDatabase } from '../testing.js';
import { WordPressMetaStore } from './meta-store.js';

const serverUrl = inject('mysqlUrl');

describe.skipIf(serverUrl === '')("meta over WordPress's meta tables", () => {
  let wordpress: WordPressDatabase;
  beforeAll(async () => {
    wordpress = await openFixtureDatabase({ serverUrl });
  });
  afterAll(() => wordpress.close());

  const rawPostMeta = async (postId: number, key: string) =>
    (
      await wordpress.database.db
        .selectFrom('postmeta')
        .select('meta_value')
        .where('post_id', '=', postId)
        .where('meta_key', '=', key)
        .orderBy('meta_id')
        .execute()
    ).map((row) => row.meta_value);

  it('reads the rows WordPress wrote, in the order they were added', async () => {
    const meta = new WordPressMetaStore(wordpress, 'post');
    const rows = await meta.rows([37, 38, 2], ['book_author', '_wp_page_template']);
    expect(rows.map((row) => [row.objectId, row.key, row.value])).toEqual([
      [2, '_wp_page_template', 'default'],
      [37, 'book_author', '34'],
      [38, 'book_author', '34'],
    ]);
    expect(await meta.rows([], ['book_author'])).toEqual([]);
    expect(await meta.rows([37], [])).toEqual([]);
    expect(await meta.rows([0, -1, 999999], ['book_author'])).toEqual([]);
  });

  it("reads the fixture's serialized post meta and attachment metadata as the project's JSON", async () => {
    const meta = new WordPressMetaStore(wordpress, 'post');
    expect((await meta.rows([4], ['cms_list'])).map((row) => row.value)).toEqual(['[1,2,3]']);
    const [row] = await meta.rows([42], ['_wp_attachment_metadata']);
    const metadata = JSON.parse(row?.value ?? '{}');
    expect(metadata).toMatchObject({ width: 800, height: 600, file: '2023/02/cms-fixture.png' });
    expect(metadata.sizes.thumbnail).toMatchObject({ width: 150, height: 150, mime_type: 'image/png' });
    expect(metadata.sizes.thumbnail).not.toHaveProperty('mime-type');
    expect((await meta.rows([42], ['_wp_attachment_image_alt', '_wp_attached_file'])).map((r) => r.value)).toEqual([
      '2023/02/cms-fixture.png',
      'Shapes on blue',
    ]);
  });

  it('reads serialized user meta as JSON (usermeta and its umeta_id)', async () => {
    const meta = new WordPressMetaStore(wordpress, 'user');
    const [row] = await meta.rows([1], ['wp_capabilities']);
    expect(row?.objectId).toBe(1);
    expect(row?.id).toBeGreaterThan(0);
    expect(JSON.parse(row?.value ?? '')).toEqual({ administrator: true });
  });

  it('sets, adds and deletes as update_metadata, add_metadata and delete_metadata', async () => {
    const meta = new WordPressMetaStore(wordpress, 'post');
    await meta.set(4, 'cms_rating', '5');
    await meta.set(4, 'cms_rating', '5');
    expect(await rawPostMeta(4, 'cms_rating')).toEqual(['5']);
    await meta.add(4, 'cms_tag', 'a');
    await meta.add(4, 'cms_tag', 'b');
    await meta.add(4, 'cms_tag', 'a');
    await meta.delete(4, 'cms_tag', 'a');
    expect(await rawPostMeta(4, 'cms_tag')).toEqual(['b']);
    await meta.set(4, 'cms_tag', 'c');
    expect(await rawPostMeta(4, 'cms_tag')).toEqual(['c']);
    await meta.delete(4, 'cms_tag');
    await meta.delete(4, 'cms_rating');
    expect(await rawPostMeta(4, 'cms_tag')).toEqual([]);
    expect(await rawPostMeta(4, 'cms_rating')).toEqual([]);
  });

  it('writes arrays and objects serialized as WordPress would, and reads them back as JSON', async () => {
    const meta = new WordPressMetaStore(wordpress, 'post');
    const metadata = JSON.stringify({ width: 640, height: 480, file: '2023/01/a.jpg', sizes: {}, image_meta: { keywords: [] } });
    await meta.set(5, '_wp_attachment_metadata', metadata);
    expect(await rawPostMeta(5, '_wp_attachment_metadata')).toEqual([
      'a:5:{s:5:"width";i:640;s:6:"height";i:480;s:4:"file";s:13:"2023/01/a.jpg";s:5:"sizes";a:0:{}s:10:"image_meta";a:1:{s:8:"keywords";a:0:{}}}',
    ]);
    // An empty PHP array reads as [] (json_encode's answer), the rest as written.
    const [row] = await meta.rows([5], ['_wp_attachment_metadata']);
    expect(JSON.parse(row?.value ?? '')).toEqual({
      width: 640,
      height: 480,
      file: '2023/01/a.jpg',
      sizes: [],
      image_meta: { keywords: [] },
    });
    await meta.add(5, 'cms_list', '[1,2]');
    expect(await rawPostMeta(5, 'cms_list')).toEqual(['a:2:{i:0;i:1;i:1;i:2;}']);
    await meta.delete(5, 'cms_list', '[1,2]');
    expect(await rawPostMeta(5, 'cms_list')).toEqual([]);
  });

  it('deletes a value of a key from every object (an attachment no longer a featured image)', async () => {
    const meta = new WordPressMetaStore(wordpress, 'post');
    await meta.set(6, '_thumbnail_id', '77');
    await meta.set(7, '_thumbnail_id', '77');
    await meta.set(8, '_thumbnail_id', '78');
    await meta.deleteByValue('_thumbnail_id', '77');
    expect((await meta.rows([6, 7, 8], ['_thumbnail_id'])).map((row) => [row.objectId, row.value])).toEqual([[8, '78']]);
  });

  it('keeps term and comment meta in their own tables, and ignores ids that are not ids', async () => {
    const terms = new WordPressMetaStore(wordpress, 'term');
    const comments = new WordPressMetaStore(wordpress, 'comment');
    await terms.set(2, 'color', 'blue');
    await comments.add(1, 'mood', 'happy');
    await terms.set(0, 'color', 'red');
    await comments.add(-3, 'mood', 'sad');
    expect((await terms.rows([2], ['color'])).map((row) => row.value)).toEqual(['blue']);
    expect((await comments.rows([1], ['mood'])).map((row) => row.value)).toEqual(['happy']);
    const stray = await sql<{ n: number }>`select count(*) as n from wp_termmeta where term_id <= 0`.execute(
      wordpress.database.db,
    );
    expect(Number(stray.rows[0]?.n)).toBe(0);
  });
});
