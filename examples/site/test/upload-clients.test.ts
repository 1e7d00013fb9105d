/**
 * The real clients' uploads reach the upload path as they send them: `wpapi`'s `.file()`
 * (superagent's multipart) and `@wordpress/api-fetch` with `FormData` (as the block
 * editor's media upload sends it), in the `wp` profile, over HTTP on 127.0.0.1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_ALLOWED_TYPES,
  DEFAULT_IMAGE_SIZES,
  diskFileStore,
  mediaDetails,
  storedFileUrl,
  storeUpload,
} from '@cms-json/content';
import { CREATABLE, createRestServer, defineRoute, response } from '@cms-json/core';
import { type Served, serve } from '@cms-json/node';
import apiFetch from '@wordpress/api-fetch';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
// biome-ignore lint/suspicious/noExplicitAny: node-wpapi ships no type declarations
const WPAPI: any = require('wpapi');

let dir: string;
let served: Served;
let photo: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cms-upload-clients-'));
  const store = diskFileStore({ directory: dir, urlPath: '/wp-content/uploads' });
  const server = createRestServer({ prefix: 'wp' });
  server.register(
    'test/v1',
    defineRoute({
      path: '/uploads',
      endpoints: (endpoint) => [
        endpoint({
          methods: CREATABLE,
          streamBody: { maxBytes: 8 * 1024 * 1024 },
          permission: 'public',
          handler: async (_args, request) => {
            const stored = await storeUpload(request, {
              store,
              allowedTypes: DEFAULT_ALLOWED_TYPES,
              imageSizes: DEFAULT_IMAGE_SIZES,
              now: new Date(),
            });
            const urlOf = (path: string) => storedFileUrl(store, path, request.scope.siteUrl ?? '');
            return response(
              {
                title: request.param('title') ?? null,
                alt_text: request.param('alt_text') ?? null,
                mime_type: stored.mimeType,
                source_url: urlOf(stored.path),
                media_details: mediaDetails(stored.metadata, stored.path, stored.mimeType, urlOf),
              },
              { status: 201 },
            );
          },
        }),
      ],
    }),
  );
  served = await serve({ server, port: 0, host: '127.0.0.1' });
  photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 0, g: 90, b: 200 } } })
    .jpeg()
    .toBuffer();
});

afterAll(async () => {
  await served?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('uploads from the real clients', () => {
  it('wpapi .file(buffer, name).create(fields) uploads a multipart file with its fields', async () => {
    const wp = new WPAPI({ endpoint: `${served.url}/wp-json` });
    wp.uploads = wp.registerRoute('test/v1', '/uploads');
    const created = await wp.uploads().file(photo, 'holiday photo.jpg').create({ title: 'Holiday', alt_text: 'The sea' });
    expect(created).toMatchObject({ title: 'Holiday', alt_text: 'The sea', mime_type: 'image/jpeg' });
    expect(created.source_url).toMatch(/\/wp-content\/uploads\/\d{4}\/\d{2}\/holiday-photo\.jpg$/);
    expect(created.media_details).toMatchObject({ width: 640, height: 480 });
    expect(Object.keys(created.media_details.sizes)).toEqual(['medium', 'thumbnail', 'full']);
  });

  it('@wordpress/api-fetch posts FormData as the block editor does', async () => {
    apiFetch.use(apiFetch.createRootURLMiddleware(`${served.url}/wp-json/`));
    const form = new FormData();
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'editor.jpg');
    form.append('title', 'From the editor');
    const created = await apiFetch<{ title: string; source_url: string; media_details: { sizes: Record<string, unknown> } }>({
      path: '/test/v1/uploads',
      method: 'POST',
      body: form,
    });
    expect(created.title).toBe('From the editor');
    expect(created.source_url).toMatch(/\/editor\.jpg$/);
    expect(Object.keys(created.media_details.sizes)).toEqual(['medium', 'thumbnail', 'full']);
  });
});
