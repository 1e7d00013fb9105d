/**
 * Uploads to the media routes through each adapter with real multipart bodies: node:http
 * (`serve`), Express (`createMiddleware`) and a Fetch handler called with `Request` objects.
 * Each streams the upload into a record with its files, and refuses a lying type and an
 * oversized body leaving nothing behind.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createMiddleware } from '@cms-json/express';
import { createFetchHandler } from '@cms-json/fetch';
import { serve } from '@cms-json/node';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../../test/helpers.js';
import { type ContentSite, contentSite } from '../../test/site.js';
import { diskFileStore } from './file-store.js';

const MAX_UPLOAD = 512 * 1024;

/** How a test reaches the site: a fetch to a URL under the REST root. */
interface Target {
  send(path: string, init: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

const adapters: Record<string, (site: ContentSite) => Promise<Target>> = {
  'node:http': async (site) => {
    const served = await serve({ server: site.server, port: 0, host: '127.0.0.1', onError: () => {} });
    return {
      send: (path, init) => fetch(`${served.url}/cms-json${path}`, { ...init, duplex: 'half' } as RequestInit),
      close: () => served.close(),
    };
  },
  Express: async (site) => {
    const app = express();
    app.use(createMiddleware(site.server));
    const http = createServer(app);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    return {
      send: (path, init) => fetch(`http://127.0.0.1:${port}/cms-json${path}`, { ...init, duplex: 'half' } as RequestInit),
      close: () => new Promise<void>((resolve) => http.close(() => resolve())),
    };
  },
  Fetch: async (site) => {
    const handler = createFetchHandler(site.server, { onError: () => {} });
    return {
      send: (path, init) => handler(new Request(`http://site.test/cms-json${path}`, { ...init, duplex: 'half' } as RequestInit)),
      close: async () => {},
    };
  },
};

for (const [name, start] of Object.entries(adapters)) {
  describe(`media uploads through ${name}`, () => {
    let site: ContentSite;
    let target: Target;
    let uploads: ReturnType<typeof temporaryDirectory>;
    let photo: Buffer;
    const filesLeft = () =>
      existsSync(uploads.dir)
        ? readdirSync(uploads.dir, { recursive: true, encoding: 'utf8' }).filter((path) =>
            statSync(join(uploads.dir, path)).isFile(),
          )
        : [];

    beforeAll(async () => {
      uploads = temporaryDirectory();
      site = await contentSite({
        media: { store: diskFileStore({ directory: uploads.dir, urlPath: '/uploads' }), maxUploadBytes: MAX_UPLOAD },
      });
      target = await start(site);
      photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 90, g: 20, b: 200 } } })
        .png()
        .toBuffer();
    });
    afterAll(async () => {
      await target.close();
      await site.close();
      uploads.remove();
    });

    it('streams a multipart upload with its fields into a media record and its files', async () => {
      const form = new FormData();
      form.append('title', 'Purple');
      form.append('alt_text', 'A purple square');
      form.append('file', new Blob([photo], { type: 'image/png' }), 'purple.png');
      const res = await target.send('/cms/v2/media', { method: 'POST', headers: site.people.author.headers, body: form });
      expect(res.status).toBe(201);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        title: { raw: 'Purple' },
        alt_text: 'A purple square',
        mime_type: 'image/png',
        media_details: { width: 320, height: 240, filesize: photo.length },
      });
      expect(filesLeft().sort()).toEqual(
        ['purple.png', 'purple-300x225.png', 'purple-150x150.png'].map((file) => join('2030', '01', file)).sort(),
      );
      const listed = await target.send('/cms/v2/media?media_type=image', { method: 'GET' });
      expect(((await listed.json()) as { id: number }[]).map((m) => m.id)).toEqual([body.id]);
    });

    it('refuses a file whose bytes lie about its type, and a body over the limit, leaving nothing', async () => {
      const before = filesLeft();
      const form = new FormData();
      form.append('file', new Blob(['<?php echo 1; ?>'], { type: 'image/png' }), 'shell.png');
      const lying = await target.send('/cms/v2/media', { method: 'POST', headers: site.people.author.headers, body: form });
      expect(lying.status).toBe(500);
      expect(await lying.json()).toMatchObject({ code: 'rest_upload_unknown_error', data: { status: 500 } });
      const big = new FormData();
      big.append('file', new Blob([new Uint8Array(MAX_UPLOAD + 1)], { type: 'image/png' }), 'big.png');
      const tooLarge = await target.send('/cms/v2/media', { method: 'POST', headers: site.people.author.headers, body: big });
      expect(tooLarge.status).toBe(413);
      expect(await tooLarge.json()).toMatchObject({ code: 'rest_body_too_large' });
      expect(filesLeft()).toEqual(before);
      const rows = await site.database.db.selectFrom('posts').select('id').where('type', '=', 'attachment').execute();
      expect(rows).toHaveLength(1);
    });
  });
}
