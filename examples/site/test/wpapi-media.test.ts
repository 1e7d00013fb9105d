/**
 * The real `wpapi` client and `@wordpress/api-fetch` against the media routes of the example
 * site in the `wp` profile, over HTTP on 127.0.0.1: an image uploaded, set as a post's
 * featured media, `_embed`ded with the post, its file served, and deleted for good.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import apiFetch from '@wordpress/api-fetch';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type RunningSite, startSite } from './start-site.js';

const require = createRequire(import.meta.url);
// biome-ignore lint/suspicious/noExplicitAny: node-wpapi ships no type declarations
const WPAPI: any = require('wpapi');

let running: RunningSite;
let photo: Buffer;

beforeAll(async () => {
  running = await startSite({ CMS_PREFIX: 'wp', CMS_SAMPLE_LINKS: '0' });
  photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await running?.stop();
});

describe('media through the real clients in the WordPress profile', () => {
  it('wpapi uploads an image, sets it as a post’s featured media and embeds it', async () => {
    const wp = await WPAPI.discover(running.url);
    wp.auth({ username: 'admin', password: ADMIN_PASSWORD });
    const media = await wp
      .media()
      .file(photo, 'green field.jpg')
      .create({ title: 'A field', alt_text: 'Grass', caption: 'Spring' });
    expect(media).toMatchObject({
      type: 'attachment',
      status: 'inherit',
      title: { raw: 'A field', rendered: 'A field' },
      alt_text: 'Grass',
      caption: { raw: 'Spring' },
      media_type: 'image',
      mime_type: 'image/jpeg',
      post: null,
    });
    expect(media.source_url).toMatch(new RegExp(`^${running.url}/wp-content/uploads/\\d{4}/\\d{2}/green-field\\.jpg$`));
    expect(Object.keys(media.media_details.sizes)).toEqual(['medium', 'thumbnail', 'medium_large', 'full']);

    // The site serves the file and its sizes.
    const file = await fetch(media.source_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(photo);
    expect((await fetch(media.media_details.sizes.thumbnail.source_url)).status).toBe(200);

    const post = await wp.posts().create({ title: 'With a field', status: 'publish', featured_media: media.id });
    expect(post.featured_media).toBe(media.id);
    const embedded = await wp.posts().id(post.id).embed();
    expect(embedded._links['wp:featuredmedia'][0]).toMatchObject({ embeddable: true });
    expect(embedded._embedded['wp:featuredmedia'][0]).toMatchObject({
      id: media.id,
      alt_text: 'Grass',
      source_url: media.source_url,
      media_details: { width: 800, height: 600 },
    });
    const attached = await wp.media().id(media.id).update({ post: post.id });
    expect(attached.post).toBe(post.id);
    expect((await wp.media().parent(post.id)).map((m: { id: number }) => m.id)).toEqual([media.id]);

    await expect(wp.posts().id(post.id).update({ featured_media: post.id })).rejects.toMatchObject({
      code: 'rest_invalid_featured_media',
      data: { status: 400 },
    });

    await expect(wp.media().id(media.id).delete()).rejects.toMatchObject({ code: 'rest_trash_not_supported' });
    const deleted = await wp.media().id(media.id).param('force', true).delete();
    expect(deleted).toMatchObject({ deleted: true, previous: { id: media.id } });
    expect((await fetch(media.source_url)).status).toBe(404);
    const path = new URL(media.source_url).pathname.replace('/wp-content/uploads/', '');
    expect(existsSync(join(running.dir, 'uploads', path))).toBe(false);
    expect((await wp.posts().id(post.id)).featured_media).toBe(0);
  });

  it('@wordpress/api-fetch uploads FormData to /wp/v2/media as the block editor does', async () => {
    const basic = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;
    apiFetch.use(apiFetch.createRootURLMiddleware(`${running.url}/wp-json/`));
    apiFetch.use((options, next) => next({ ...options, headers: { ...options.headers, Authorization: basic } }));
    const form = new FormData();
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'editor.jpg');
    form.append('title', 'From the editor');
    const created = await apiFetch<{ id: number; title: { raw: string }; source_url: string }>({
      path: '/wp/v2/media',
      method: 'POST',
      body: form,
    });
    expect(created.title.raw).toBe('From the editor');
    expect(created.source_url).toMatch(/\/editor\.jpg$/);
    const listed = await apiFetch<{ id: number }[]>({ path: '/wp/v2/media?media_type=image' });
    expect(listed.map((m) => m.id)).toContain(created.id);
  });
});
