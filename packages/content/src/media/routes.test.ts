/**
 * The media routes through the front door, over real HTTP on 127.0.0.1 (uploads stream), in
 * both naming profiles: uploads become records with their files, lists filter them, writes
 * change them, a forced delete removes every file, a post's featured media embeds its
 * record, and every refusal leaves nothing behind.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Served, serve } from '@cms-json/node';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../../test/helpers.js';
import { type ContentSite, contentSite, FAILING_HOOK_OPTION, withFailingHook } from '../../test/site.js';
import { SqlOptionsStore } from '../options/options.js';
import { diskFileStore } from './file-store.js';

const MAX_UPLOAD = 2 * 1024 * 1024;

for (const prefix of ['cms', 'wp'] as const) {
  describe(`media in the ${prefix} profile`, () => {
    let site: ContentSite;
    let served: Served;
    let uploads: ReturnType<typeof temporaryDirectory>;
    let photo: Buffer;
    const curie = prefix === 'wp' ? 'wp' : 'cms';

    const url = (path: string) => `${served.url}/${prefix === 'wp' ? 'wp-json' : 'cms-json'}${site.ns}${path}`;
    const call = async (path: string, init: RequestInit & { as?: keyof ContentSite['people'] } = {}) => {
      const { as, ...rest } = init;
      const headers = { ...(as === undefined ? {} : site.people[as].headers), ...(rest.headers as Record<string, string>) };
      // `duplex` is required for a streamed body; the DOM typings do not know it yet.
      const res = await fetch(url(path), { ...rest, headers, duplex: 'half' } as RequestInit);
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text === '' ? undefined : JSON.parse(text) };
    };
    const form = (file: Uint8Array, name: string, fields: Record<string, string> = {}, type = 'image/jpeg') => {
      const body = new FormData();
      for (const [key, value] of Object.entries(fields)) body.append(key, value);
      body.append('file', new Blob([file], { type }), name);
      return body;
    };
    const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    const filesLeft = () =>
      existsSync(uploads.dir)
        ? readdirSync(uploads.dir, { recursive: true, encoding: 'utf8' }).filter((path) =>
            statSync(join(uploads.dir, path)).isFile(),
          )
        : [];
    const count = async (type: string) =>
      Number(
        (
          await site.database.db
            .selectFrom('posts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('type', '=', type)
            .executeTakeFirstOrThrow()
        ).n,
      );

    beforeAll(async () => {
      uploads = temporaryDirectory();
      site = await contentSite({
        prefix,
        media: {
          store: diskFileStore({ directory: uploads.dir, urlPath: `/${prefix}-content/uploads` }),
          maxUploadBytes: MAX_UPLOAD,
        },
      });
      served = await serve({ server: site.server, port: 0, host: '127.0.0.1', onError: () => {} });
      photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 80, b: 40 } } })
        .jpeg()
        .toBuffer();
    });
    afterAll(async () => {
      await served.close();
      await site.close();
      uploads.remove();
    });

    it('creates a record from a multipart upload: 201, the files, the meta kept as the original keeps it', async () => {
      const res = await call('/media', {
        method: 'POST',
        as: 'author',
        body: form(photo, 'sunset.jpg', { title: 'Sunset', alt_text: 'The sun <b>going</b> down', caption: 'Evening' }),
      });
      expect(res.status).toBe(201);
      const id = res.body.id as number;
      expect(res.headers.get('location')).toBe(url(`/media/${id}`).replace(served.url, 'http://site.test'));
      const source = `http://site.test/${prefix}-content/uploads/2030/01/sunset.jpg`;
      expect(res.body).toMatchObject({
        type: 'attachment',
        status: 'inherit',
        slug: 'sunset',
        title: { raw: 'Sunset', rendered: 'Sunset' },
        author: site.people.author.id,
        alt_text: 'The sun going down',
        caption: { raw: 'Evening', rendered: '<p>Evening</p>\n' },
        media_type: 'image',
        mime_type: 'image/jpeg',
        post: null,
        source_url: source,
        missing_image_sizes: [],
        guid: { raw: source },
      });
      expect(res.body.password).toBeUndefined();
      expect(res.body.link).toBe('http://site.test/sunset/');
      expect(res.body.description.raw).toBe('');
      expect(res.body.description.rendered).toContain(`<p class="attachment"><a href='${source}'>`);
      expect(Object.keys(res.body).slice(-10, -1)).toEqual([
        'description',
        'caption',
        'alt_text',
        'media_type',
        'mime_type',
        'media_details',
        'post',
        'source_url',
        'missing_image_sizes',
      ]);
      expect(res.body.media_details).toMatchObject({
        width: 400,
        height: 300,
        file: '2030/01/sunset.jpg',
        filesize: photo.length,
      });
      expect(Object.keys(res.body.media_details.sizes)).toEqual(['medium', 'thumbnail', 'full']);
      expect(res.body.media_details.sizes.medium.source_url).toBe(
        `http://site.test/${prefix}-content/uploads/2030/01/sunset-300x225.jpg`,
      );
      const meta = await site.database.db.selectFrom('post_meta').selectAll().where('post_id', '=', id).orderBy('id').execute();
      expect(meta.map((row) => row.meta_key)).toEqual([
        '_wp_attached_file',
        '_wp_attachment_metadata',
        '_wp_attachment_image_alt',
      ]);
      expect(meta[0]?.meta_value).toBe('2030/01/sunset.jpg');
      expect(JSON.parse(meta[1]?.meta_value ?? '')).toMatchObject({ width: 400, height: 300 });
      const row = await site.database.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.mime_type).toBe('image/jpeg');
      expect(filesLeft().sort()).toEqual(
        ['sunset.jpg', 'sunset-300x225.jpg', 'sunset-150x150.jpg'].map((file) => join('2030', '01', file)).sort(),
      );
      // Anyone reads it; the view context shows no raw text.
      const read = await call(`/media/${id}`);
      expect(read.status).toBe(200);
      expect(read.body.caption).toEqual({ rendered: '<p>Evening</p>\n' });
      expect(read.body.missing_image_sizes).toBeUndefined();
      expect(read.body._links.self[0].href).toContain(`/media/${id}`);
      expect(read.body._links[`${curie}:attachment`]).toBeUndefined();
      // Media is a viewable type: its attachment page is linked, as the original's get_item does.
      expect(read.headers.get('link')).toContain(`<${read.body.link}>; rel="alternate"; type=text/html`);
    });

    it('creates a record from a raw body attached to a post, titled by the file; lists filter by parent and type', async () => {
      const post = await call('/posts', { method: 'POST', as: 'editor', ...json({ title: 'Holiday', status: 'publish' }) });
      const res = await call(`/media?post=${post.body.id}`, {
        method: 'POST',
        as: 'editor',
        body: new Uint8Array(photo),
        headers: { 'content-type': 'image/jpeg', 'content-disposition': 'attachment; filename="beach day.jpg"' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ title: { raw: 'beach-day' }, post: post.body.id, media_type: 'image' });
      // The original's attachment page: under the post it is attached to.
      expect(res.body.link).toBe(`${post.body.link}beach-day/`);
      // Its sample permalink too (the edit context of the answer), and nothing to publish: media is `inherit`.
      expect(res.body.permalink_template).toBe(`${post.body.link}%postname%/`);
      expect(Object.keys(res.body._links)).not.toContain(`${curie}:action-publish`);
      expect(res.headers.get(`x-${prefix}-upload-attachment-id`)).toBe(String(res.body.id));
      const text = await call('/media', {
        method: 'POST',
        as: 'editor',
        body: form(new TextEncoder().encode('plain words'), 'notes.txt', { post: String(post.body.id) }, 'text/plain'),
      });
      expect(text.status).toBe(201);
      expect(text.body).toMatchObject({ media_type: 'file', mime_type: 'text/plain', post: post.body.id });
      expect(text.body.media_details).toEqual({ filesize: 11, sizes: {} });

      const attached = await call(`/media?parent=${post.body.id}`);
      expect(attached.body.map((m: { id: number }) => m.id).sort()).toEqual([res.body.id, text.body.id].sort());
      const images = await call(`/media?parent=${post.body.id}&media_type=image`);
      expect(images.body.map((m: { id: number }) => m.id)).toEqual([res.body.id]);
      const plain = await call(`/media?mime_type=text/plain`);
      expect(plain.body.map((m: { id: number }) => m.id)).toEqual([text.body.id]);
      // The post's link to its media leads to that list.
      const links = (await call(`/posts/${post.body.id}`)).body._links;
      expect(links[`${curie}:attachment`][0].href).toMatch(new RegExp(`/media\\?parent=${post.body.id}$`));
    });

    it('updates caption, description, alt text and title; the edit context answers', async () => {
      const created = await call('/media', { method: 'POST', as: 'author', body: form(photo, 'edit-me.jpg') });
      const res = await call(`/media/${created.body.id}`, {
        method: 'POST',
        as: 'author',
        ...json({ caption: 'A caption', description: { raw: 'Long words' }, alt_text: 'Alt', title: 'Renamed' }),
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        title: { raw: 'Renamed' },
        caption: { raw: 'A caption', rendered: '<p>A caption</p>\n' },
        description: { raw: 'Long words' },
        alt_text: 'Alt',
      });
      expect(res.body.description.rendered).toMatch(/<\/p>\n<p>Long words<\/p>\n$/);
      // Attached to nothing: the original's sample permalink is the plain one.
      expect(res.body.permalink_template).toMatch(new RegExp(`/\\?attachment_id=${created.body.id}$`));
      expect(Object.keys(res.body._links)).not.toContain(`${curie}:action-publish`);
      // As the original's `wp_insert_post`: media is `inherit` unless made private.
      const published = await call(`/media/${created.body.id}`, { method: 'POST', as: 'author', ...json({ status: 'publish' }) });
      expect(published.body.status).toBe('inherit');
      const hidden = await call(`/media/${created.body.id}`, { method: 'POST', as: 'author', ...json({ status: 'private' }) });
      expect(hidden.body.status).toBe('private');
      expect((await call(`/media/${created.body.id}`)).status).toBe(401);
      // Made private, the author may no longer change it (no edit_private_posts): an editor may.
      const processed = await call(`/media/${created.body.id}/post-process`, {
        method: 'POST',
        as: 'editor',
        ...json({ action: 'create-image-subsizes' }),
      });
      expect(processed.status).toBe(200);
      expect(processed.body).toMatchObject({ id: created.body.id, missing_image_sizes: [] });
      const badAction = await call(`/media/${created.body.id}/post-process`, {
        method: 'POST',
        as: 'editor',
        ...json({ action: 'x' }),
      });
      expect(badAction.body.code).toBe('rest_invalid_param');
      const other = await call(`/media/${created.body.id}`, { method: 'PATCH', as: 'contributor', ...json({ alt_text: 'x' }) });
      expect(other.status).toBe(403);
      expect(other.body.code).toBe('rest_cannot_edit');
    });

    it('deletes only with force=true (501 rest_trash_not_supported), then removes every stored file', async () => {
      const created = await call('/media', { method: 'POST', as: 'author', body: form(photo, 'gone.jpg') });
      const id = created.body.id as number;
      const before = filesLeft().filter((path) => path.includes('gone'));
      expect(before).toHaveLength(3);
      const trash = await call(`/media/${id}`, { method: 'DELETE', as: 'author' });
      expect(trash.status).toBe(501);
      expect(trash.body).toMatchObject({ code: 'rest_trash_not_supported', data: { status: 501 } });
      expect(filesLeft().filter((path) => path.includes('gone'))).toHaveLength(3);
      const res = await call(`/media/${id}?force=true`, { method: 'DELETE', as: 'author' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ deleted: true, previous: { id, source_url: created.body.source_url } });
      expect(filesLeft().filter((path) => path.includes('gone'))).toEqual([]);
      expect((await call(`/media/${id}`)).body.code).toBe('rest_post_invalid_id');
    });

    it('sets a post’s featured media, embeds it, and refuses an id that is not media', async () => {
      const media = await call('/media', { method: 'POST', as: 'editor', body: form(photo, 'cover.jpg', { alt_text: 'Cover' }) });
      const post = await call('/posts', {
        method: 'POST',
        as: 'editor',
        ...json({ title: 'With a cover', status: 'publish', featured_media: media.body.id }),
      });
      expect(post.status).toBe(201);
      expect(post.body.featured_media).toBe(media.body.id);
      const thumb = await site.database.db
        .selectFrom('post_meta')
        .select('meta_value')
        .where('post_id', '=', post.body.id)
        .where('meta_key', '=', '_thumbnail_id')
        .executeTakeFirst();
      expect(thumb?.meta_value).toBe(String(media.body.id));
      const embedded = await call(`/posts/${post.body.id}?_embed=${curie}:featuredmedia`);
      expect(embedded.body._links[`${curie}:featuredmedia`][0], JSON.stringify(embedded.body)).toMatchObject({
        embeddable: true,
      });
      expect(embedded.body._embedded[`${curie}:featuredmedia`][0]).toMatchObject({
        id: media.body.id,
        alt_text: 'Cover',
        source_url: media.body.source_url,
        media_type: 'image',
      });

      const refused = await call(`/posts/${post.body.id}`, {
        method: 'POST',
        as: 'editor',
        ...json({ featured_media: post.body.id, title: 'Changed' }),
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'rest_invalid_featured_media', data: { status: 400 } });
      const after = await call(`/posts/${post.body.id}?context=edit`, { as: 'editor' });
      expect(after.body).toMatchObject({ featured_media: media.body.id, title: { raw: 'With a cover' } });
      const bad = await call('/posts', { method: 'POST', as: 'editor', ...json({ title: 'Orphan', featured_media: 999999 }) });
      expect(bad.body.code).toBe('rest_invalid_featured_media');
      expect((await call('/posts?search=Orphan&status=draft', { as: 'editor' })).body).toEqual([]);

      // Removed by 0, and gone with the media.
      const cleared = await call(`/posts/${post.body.id}`, { method: 'POST', as: 'editor', ...json({ featured_media: 0 }) });
      expect(cleared.body.featured_media).toBe(0);
      await call(`/posts/${post.body.id}`, { method: 'POST', as: 'editor', ...json({ featured_media: media.body.id }) });
      await call(`/media/${media.body.id}?force=true`, { method: 'DELETE', as: 'editor' });
      expect((await call(`/posts/${post.body.id}`)).body.featured_media).toBe(0);
    });

    it('refuses uploads as the original, storing nothing: rights, parents, types, sizes, forms', async () => {
      const files = filesLeft().length;
      const records = await count('attachment');
      const editorsDraft = await call('/posts', { method: 'POST', as: 'editor', ...json({ title: 'Not yours' }) });
      const revisionOf = await call(`/posts/${editorsDraft.body.id}`, { method: 'POST', as: 'editor', ...json({ title: 'v2' }) });
      expect(revisionOf.status).toBe(200);
      const revision = await site.database.db
        .selectFrom('posts')
        .select('id')
        .where('type', '=', 'revision')
        .executeTakeFirstOrThrow();
      const cases: [string, RequestInit & { as?: keyof ContentSite['people'] }, number, string][] = [
        ['/media', { method: 'POST', body: form(photo, 'a.jpg') }, 401, 'rest_cannot_create'],
        ['/media', { method: 'POST', as: 'contributor', body: form(photo, 'a.jpg') }, 403, 'rest_cannot_create'],
        [
          `/media?post=${editorsDraft.body.id}`,
          { method: 'POST', as: 'author', body: form(photo, 'a.jpg') },
          403,
          'rest_cannot_edit',
        ],
        [
          '/media',
          { method: 'POST', as: 'author', body: form(photo, 'a.jpg', { post: String(editorsDraft.body.id) }) },
          403,
          'rest_cannot_edit',
        ],
        [`/media?post=${revision.id}`, { method: 'POST', as: 'editor', body: form(photo, 'a.jpg') }, 400, 'rest_invalid_param'],
        [
          '/media',
          { method: 'POST', as: 'author', body: form(new TextEncoder().encode('hello'), 'photo.jpg') },
          500,
          'rest_upload_unknown_error',
        ],
        [
          '/media',
          {
            method: 'POST',
            as: 'author',
            body: new TextEncoder().encode('<html><script>alert(1)</script></html>'),
            headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename=../../etc/passwd.png' },
          },
          500,
          'rest_upload_sideload_error',
        ],
        [
          '/media',
          { method: 'POST', as: 'author', body: new Uint8Array(photo), headers: { 'content-type': 'image/jpeg' } },
          400,
          'rest_upload_no_content_disposition',
        ],
        [
          '/media',
          {
            method: 'POST',
            as: 'author',
            body: new Uint8Array(photo),
            headers: { 'content-disposition': 'attachment; filename=a.jpg' },
          },
          400,
          'rest_upload_no_content_type',
        ],
        ['/media', { method: 'POST', as: 'author', body: new FormData() }, 400, 'rest_upload_no_data'],
        [
          '/media',
          {
            method: 'POST',
            as: 'author',
            // A multipart body cut off inside the file.
            body: Buffer.concat([
              Buffer.from(
                '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
              ),
              photo.subarray(0, 200),
            ]),
            headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
          },
          500,
          'rest_upload_unknown_error',
        ],
        [
          '/media',
          {
            method: 'POST',
            as: 'author',
            body: new Uint8Array(MAX_UPLOAD + 1),
            headers: { 'content-disposition': 'attachment; filename=big.jpg' },
          },
          413,
          'rest_body_too_large',
        ],
        [
          '/media',
          {
            method: 'POST',
            as: 'author',
            body: photo,
            headers: {
              'content-type': 'image/jpeg',
              'content-disposition': 'attachment; filename=a.jpg',
              'content-md5': 'ff'.repeat(16),
            },
          },
          412,
          'rest_upload_hash_mismatch',
        ],
      ];
      const two = form(photo, 'a.jpg');
      two.append('file', new Blob([photo], { type: 'image/jpeg' }), 'b.jpg');
      cases.push(['/media', { method: 'POST', as: 'author', body: two }, 400, 'rest_upload_multiple_files']);
      for (const [path, init, status, code] of cases) {
        const res = await call(path, init);
        expect([res.status, res.body?.code], `${code} ${path}`).toEqual([status, code]);
        expect(res.body.data.status).toBe(status);
      }
      expect(filesLeft()).toHaveLength(files);
      expect(await count('attachment')).toBe(records);
    });

    it('stores nothing of an upload whose last step fails: no record, no meta, no hook write, no file', async () => {
      const options = new SqlOptionsStore(site.database);
      const [files, records, description] = [
        filesLeft().length,
        await count('attachment'),
        await options.get(FAILING_HOOK_OPTION),
      ];
      const meta = async () => (await site.database.db.selectFrom('post_meta').selectAll().orderBy('id').execute()).length;
      const metaRows = await meta();
      // The hook's write goes with the rest (one transaction).
      const res = await withFailingHook(site, { type: 'attachment', hook: 'afterInsert' }, () =>
        call('/media', { method: 'POST', as: 'author', body: form(photo, 'doomed.jpg', { alt_text: 'Doomed' }) }),
      );
      expect(res.status).toBe(500);
      expect([filesLeft().length, await count('attachment'), await meta()]).toEqual([files, records, metaRows]);
      expect(await options.get(FAILING_HOOK_OPTION)).toBe(description);
    });

    it('keeps a deleted user’s uploads, records and files alike, when the deletion fails after them', async () => {
      const leaving = await site.addPerson('leaving', 'author');
      const as = leaving.headers;
      const upload = await call('/media', { method: 'POST', headers: as, body: form(photo, 'kept.jpg') });
      expect(upload.status).toBe(201);
      const kept = () => filesLeft().filter((path) => path.includes('kept'));
      expect(kept()).toHaveLength(3);
      const remove = () => call(`/users/${leaving.id}?force=true&reassign=false`, { method: 'DELETE', as: 'administrator' });
      // The user's own `delete` hook runs last, once their uploads are deleted: it fails.
      expect((await withFailingHook(site, { type: 'user', hook: 'delete' }, remove)).status).toBe(500);
      expect(kept()).toHaveLength(3);
      expect((await call(`/media/${upload.body.id}`)).body).toMatchObject({
        id: upload.body.id,
        source_url: upload.body.source_url,
      });
      expect((await call(`/users/${leaving.id}`, { as: 'administrator' })).status).toBe(200);
      // Once the deletion goes through, the files go with the record.
      expect((await remove()).status).toBe(200);
      expect(kept()).toEqual([]);
      expect((await call(`/media/${upload.body.id}`)).status).toBe(404);
    });

    it('lists media to anyone, hides media of posts the caller may not read, and refuses other statuses to visitors', async () => {
      const draft = await call('/posts', { method: 'POST', as: 'editor', ...json({ title: 'Secret draft' }) });
      const hidden = await call(`/media?post=${draft.body.id}`, {
        method: 'POST',
        as: 'editor',
        body: form(photo, 'hidden.jpg'),
      });
      expect(hidden.status).toBe(201);
      const anonymous = await call('/media?per_page=100');
      expect(anonymous.status).toBe(200);
      expect(anonymous.body.map((m: { id: number }) => m.id)).not.toContain(hidden.body.id);
      expect((await call(`/media/${hidden.body.id}`)).status).toBe(401);
      const editor = await call('/media?per_page=100', { as: 'editor' });
      expect(editor.body.map((m: { id: number }) => m.id)).toContain(hidden.body.id);
      const refused = await call('/media?status=private');
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('rest_invalid_param');
    });
  });
}
