/**
 * `POST /media/<id>/edit` through the front door, over real HTTP on 127.0.0.1, in both
 * naming profiles: rotations and crops make a new attachment (the edited one unchanged),
 * with the original's names, copied fields and metadata; every refusal has the original's
 * code and leaves nothing behind.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Served, serve } from '@cms-json/node';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../../test/helpers.js';
import { type ContentSite, contentSite, FAILING_HOOK_OPTION, withFailingHook } from '../../test/site.js';
import { SqlOptionsStore } from '../options/options.js';
import { diskFileStore } from './file-store.js';

interface Media {
  id: number;
  title: { raw?: string; rendered: string };
  caption: { raw?: string; rendered: string };
  alt_text: string;
  source_url: string;
  mime_type: string;
  post: number | null;
  media_details: {
    width: number;
    height: number;
    file: string;
    sizes: Record<string, { source_url: string }>;
    image_meta: Record<string, unknown>;
    parent_image?: { attachment_id: number; file: string };
  };
}

for (const prefix of ['cms', 'wp'] as const) {
  describe(`editing an image in the ${prefix} profile`, () => {
    let site: ContentSite;
    let served: Served;
    let uploads: ReturnType<typeof temporaryDirectory>;
    let photo: Media;
    const root = () => `${served.url}/${prefix === 'wp' ? 'wp-json' : 'cms-json'}`;

    const call = async (path: string, init: RequestInit & { as?: keyof ContentSite['people'] } = {}) => {
      const { as, ...rest } = init;
      const headers = { ...(as === undefined ? {} : site.people[as].headers), ...(rest.headers as Record<string, string>) };
      const res = await fetch(`${root()}${site.ns}${path}`, { ...rest, headers });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text === '' ? undefined : JSON.parse(text) };
    };
    const upload = async (file: Uint8Array, name: string, type: string, as: keyof ContentSite['people'] = 'author') => {
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(file)], { type }), name);
      body.append('title', 'Red and blue');
      body.append('caption', 'Two halves');
      body.append('alt_text', 'A red half and a blue half');
      const res = await call('/media', { method: 'POST', body, as });
      expect(res.status).toBe(201);
      return res.body as Media;
    };
    const edit = (id: number, body: Record<string, unknown>, as: keyof ContentSite['people'] | null = 'author') =>
      call(`/media/${id}/edit`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
        ...(as === null ? {} : { as }),
      });
    const fileOf = (media: Media) => join(uploads.dir, media.media_details.file);
    const filesLeft = () =>
      readdirSync(uploads.dir, { recursive: true, encoding: 'utf8' }).filter(
        (path) => !path.startsWith('.staging') && statSync(join(uploads.dir, path)).isFile(),
      );
    const attachments = async () =>
      Number(
        (
          await site.database.db
            .selectFrom('posts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('type', '=', 'attachment')
            .executeTakeFirstOrThrow()
        ).n,
      );
    /** The colour at a point of a stored image. */
    const colourAt = async (path: string, x: number, y: number) => {
      const { data, info } = await sharp(readFileSync(path)).raw().toBuffer({ resolveWithObject: true });
      const at = (y * info.width + x) * info.channels;
      return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
    };
    const isRed = ([r, g, b]: number[]) => (r ?? 0) > 180 && (g ?? 0) < 80 && (b ?? 0) < 80;
    const isBlue = ([r, g, b]: number[]) => (r ?? 0) < 80 && (g ?? 0) < 80 && (b ?? 0) > 180;

    beforeAll(async () => {
      uploads = temporaryDirectory();
      site = await contentSite({
        prefix,
        media: { store: diskFileStore({ directory: uploads.dir, urlPath: `/${prefix}-content/uploads` }) },
      });
      served = await serve({ server: site.server, port: 0, host: '127.0.0.1', onError: () => {} });
      // 400 × 200: red on the left half, blue on the right, with a camera in its EXIF.
      const red = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer();
      const image = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#0000ff' } })
        .composite([{ input: red, left: 0, top: 0 }])
        .jpeg({ quality: 95 })
        .withExif({ IFD0: { Model: 'Edit Camera', Copyright: 'Ann' } })
        .toBuffer();
      photo = await upload(image, 'halves.jpg', 'image/jpeg');
    });
    afterAll(async () => {
      await served.close();
      await site.close();
      uploads.remove();
    });

    it('rotates an image clockwise into a new attachment, the edited one unchanged', async () => {
      const before = readFileSync(fileOf(photo));
      const res = await edit(photo.id, { src: photo.source_url, modifiers: [{ type: 'rotate', args: { angle: 90 } }] });
      expect(res.status).toBe(201);
      const made = res.body as Media;
      expect(made.id).not.toBe(photo.id);
      expect(res.headers.get('location')).toMatch(new RegExp(`${site.ns}/media/${made.id}$`));
      expect(res.headers.get(`x-${prefix}-upload-attachment-id`)).toBe(String(made.id));
      expect([made.media_details.width, made.media_details.height]).toEqual([200, 400]);
      expect(made.media_details.file).toMatch(/^\d{4}\/\d{2}\/halves-edited\.jpg$/);
      // Turned clockwise: the left (red) half is now on top.
      expect(isRed(await colourAt(fileOf(made), 100, 50))).toBe(true);
      expect(isBlue(await colourAt(fileOf(made), 100, 350))).toBe(true);
      expect(readFileSync(fileOf(photo)).equals(before)).toBe(true);
      // Its sizes are made as for an upload.
      expect(Object.keys(made.media_details.sizes)).toEqual(expect.arrayContaining(['medium', 'thumbnail', 'full']));
      expect(existsSync(join(uploads.dir, made.media_details.file.replace('.jpg', '-150x150.jpg')))).toBe(true);
    });

    it('copies the title, caption and alt text, keeps image_meta, and names the parent image', async () => {
      const res = await edit(photo.id, { src: photo.source_url, rotation: 180 });
      expect(res.status).toBe(201);
      const made = (await call(`/media/${res.body.id}?context=edit`, { as: 'author' })).body as Media;
      expect([made.title.raw, made.caption.raw, made.alt_text]).toEqual([
        'Red and blue',
        'Two halves',
        'A red half and a blue half',
      ]);
      expect(made.post).toBeNull();
      expect(made.media_details.image_meta).toMatchObject({ camera: 'Edit Camera', copyright: 'Ann', orientation: 1 });
      expect(made.media_details.parent_image).toEqual({ attachment_id: photo.id, file: photo.media_details.file });
      // Answered in the view context, as the original (its route has no `context`).
      expect(res.body.title.raw).toBeUndefined();
    });

    it('crops by percentages with the older x, y, width and height arguments', async () => {
      const res = await edit(photo.id, { src: photo.source_url, x: 50, y: 0, width: 50, height: 50 });
      expect(res.status).toBe(201);
      const made = res.body as Media;
      expect([made.media_details.width, made.media_details.height]).toEqual([200, 100]);
      expect(isBlue(await colourAt(fileOf(made), 100, 50))).toBe(true);
    });

    it('applies modifiers in order: a crop after a rotation crops the turned image', async () => {
      const res = await edit(photo.id, {
        src: photo.source_url,
        modifiers: [
          { type: 'rotate', args: { angle: 90 } },
          { type: 'crop', args: { left: 0, top: 0, width: 100, height: 50 } },
        ],
      });
      expect(res.status).toBe(201);
      const made = res.body as Media;
      expect([made.media_details.width, made.media_details.height]).toEqual([200, 200]);
      expect(isRed(await colourAt(fileOf(made), 100, 100))).toBe(true);
    });

    it('stores nothing of an edit whose last step fails: no record, no meta, no hook write, no file', async () => {
      const options = new SqlOptionsStore(site.database);
      const [files, records, description] = [filesLeft().length, await attachments(), await options.get(FAILING_HOOK_OPTION)];
      const res = await withFailingHook(site, { type: 'attachment', hook: 'afterInsert' }, () =>
        edit(photo.id, { src: photo.source_url, rotation: 90 }),
      );
      expect(res.status).toBe(500);
      expect([filesLeft().length, await attachments(), await options.get(FAILING_HOOK_OPTION)]).toEqual([
        files,
        records,
        description,
      ]);
    });

    it('names the copy of an edited image -edited again, numbered by the store', async () => {
      const first = (await edit(photo.id, { src: photo.source_url, rotation: 90 })).body as Media;
      const again = await edit(first.id, { src: first.source_url, rotation: 90 });
      expect(again.status).toBe(201);
      expect(again.body.media_details.file).toMatch(/\/halves-edited-\d+\.jpg$/);
    });

    it('accepts the URL of a size as src, and a query after it', async () => {
      const medium = photo.media_details.sizes.medium?.source_url ?? '';
      expect((await edit(photo.id, { src: `${medium}?v=2`, rotation: 90 })).status).toBe(201);
    });

    it('edits a PNG into a PNG', async () => {
      const png = await upload(
        await sharp({ create: { width: 120, height: 60, channels: 4, background: '#00ff00' } })
          .png()
          .toBuffer(),
        'green.png',
        'image/png',
      );
      const res = await edit(png.id, { src: png.source_url, modifiers: [{ type: 'rotate', args: { angle: 270 } }] });
      expect(res.status).toBe(201);
      expect([res.body.mime_type, res.body.media_details.file.endsWith('green-edited.png')]).toEqual(['image/png', true]);
      expect((await sharp(readFileSync(fileOf(res.body))).metadata()).format).toBe('png');
    });

    describe('refusals, with nothing left behind', () => {
      const unchanged = async (run: () => Promise<{ status: number; body: { code: string } }>) => {
        const files = filesLeft().sort();
        const count = await attachments();
        const res = await run();
        expect(filesLeft().sort()).toEqual(files);
        expect(await attachments()).toBe(count);
        return [res.status, res.body.code];
      };

      it('asks for a sign-in (401) and for upload_files (403): rest_cannot_edit_image', async () => {
        expect(await unchanged(() => edit(photo.id, { src: photo.source_url, rotation: 90 }, null))).toEqual([
          401,
          'rest_cannot_edit_image',
        ]);
        expect(await unchanged(() => edit(photo.id, { src: photo.source_url, rotation: 90 }, 'subscriber'))).toEqual([
          403,
          'rest_cannot_edit_image',
        ]);
      });

      it("refuses another author's image to an author: rest_cannot_edit", async () => {
        const editors = await upload(
          await sharp({ create: { width: 50, height: 50, channels: 3, background: '#777' } })
            .jpeg()
            .toBuffer(),
          'grey.jpg',
          'image/jpeg',
          'editor',
        );
        expect(await unchanged(() => edit(editors.id, { src: editors.source_url, rotation: 90 }))).toEqual([
          403,
          'rest_cannot_edit',
        ]);
        expect((await edit(editors.id, { src: editors.source_url, rotation: 90 }, 'editor')).status).toBe(201);
      });

      it('answers 404 rest_post_invalid_id for no attachment', async () => {
        expect(await unchanged(() => edit(999_999, { src: photo.source_url, rotation: 90 }))).toEqual([
          404,
          'rest_post_invalid_id',
        ]);
      });

      it('answers 404 rest_unknown_attachment for a src that is not the image, and for a file that is no image', async () => {
        expect(await unchanged(() => edit(photo.id, { src: 'https://elsewhere.test/other.jpg', rotation: 90 }))).toEqual([
          404,
          'rest_unknown_attachment',
        ]);
        const text = await call('/media', {
          method: 'POST',
          body: 'plain words',
          headers: { 'content-type': 'text/plain', 'content-disposition': 'attachment; filename="notes.txt"' },
          as: 'author',
        });
        expect(text.status).toBe(201);
        expect(await unchanged(() => edit(text.body.id, { src: text.body.source_url, rotation: 90 }))).toEqual([
          404,
          'rest_unknown_attachment',
        ]);
      });

      it('refuses an image type it does not edit: 400 rest_cannot_edit_file_type', async () => {
        const tiff = await upload(
          await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } })
            .tiff()
            .toBuffer(),
          'scan.tiff',
          'image/tiff',
        );
        expect(await unchanged(() => edit(tiff.id, { src: tiff.source_url, rotation: 90 }))).toEqual([
          400,
          'rest_cannot_edit_file_type',
        ]);
      });

      it('refuses a request without an edit: 400 rest_image_not_edited (a partial crop is none)', async () => {
        expect(await unchanged(() => edit(photo.id, { src: photo.source_url }))).toEqual([400, 'rest_image_not_edited']);
        expect(await unchanged(() => edit(photo.id, { src: photo.source_url, x: 10, y: 10, width: 20 }))).toEqual([
          400,
          'rest_image_not_edited',
        ]);
      });

      it('checks the arguments as the original: src required, rotation in (0, 360), percentages in [0, 100], modifiers', async () => {
        expect(await unchanged(() => edit(photo.id, { rotation: 90 }))).toEqual([400, 'rest_missing_callback_param']);
        for (const body of [
          { rotation: 360 },
          { rotation: 0 },
          { rotation: 45.5 },
          { x: 101, y: 0, width: 10, height: 10 },
          { x: -1, y: 0, width: 10, height: 10 },
          { modifiers: [] },
          { modifiers: [{ type: 'flip', args: {} }] },
          { modifiers: [{ type: 'crop', args: { left: 0, top: 0, width: 10 } }] },
          { modifiers: [{ type: 'rotate' }] },
        ]) {
          expect(await unchanged(() => edit(photo.id, { src: photo.source_url, ...body }))).toEqual([400, 'rest_invalid_param']);
        }
      });

      it('answers 500 rest_image_crop_failed for a crop that leaves nothing of the image', async () => {
        const crop = { type: 'crop', args: { left: 150, top: 0, width: 20, height: 20 } };
        expect(await unchanged(() => edit(photo.id, { src: photo.source_url, modifiers: [crop] }))).toEqual([
          500,
          'rest_image_crop_failed',
        ]);
      });
    });
  });
}
