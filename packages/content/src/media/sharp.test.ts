/**
 * A site without the optional peer `sharp` (its import fails here, as it does when the package
 * is not installed), through the front door over real HTTP on 127.0.0.1: uploads of images
 * and of other files work, an image is stored as it came with the size its header states and
 * no resized copies (as WordPress without an image editor), one warning is logged, and editing
 * an image answers the original's 500 with a message naming `npm install sharp`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { type Served, serve } from '@cms-json/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { temporaryDirectory } from '../../test/helpers.js';
import { type ContentSite, contentSite } from '../../test/site.js';
import { diskFileStore } from './file-store.js';
import { SHARP_MISSING_WARNING } from './sharp.js';

vi.mock('sharp', () => {
  throw new Error("Cannot find package 'sharp' imported from @cms-json/content");
});

/** A grey PNG of `width` × `height`, made without sharp. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 128)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

interface Media {
  id: number;
  source_url: string;
  mime_type: string;
  media_details: { width?: number; height?: number; filesize?: number; sizes?: Record<string, unknown>; image_meta?: unknown };
}

describe('a site without sharp installed', () => {
  let site: ContentSite;
  let served: Served;
  let uploads: ReturnType<typeof temporaryDirectory>;
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

  const call = async (path: string, init: RequestInit = {}) => {
    const headers = { ...site.people.author.headers, ...(init.headers as Record<string, string>) };
    const res = await fetch(`${served.url}/cms-json${site.ns}${path}`, { ...init, headers });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const upload = (file: Uint8Array, name: string, type: string) => {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(file)], { type }), name);
    return call('/media', { method: 'POST', body });
  };

  beforeAll(async () => {
    uploads = temporaryDirectory();
    site = await contentSite({
      media: { store: diskFileStore({ directory: uploads.dir, urlPath: '/cms-content/uploads' }) },
    });
    served = await serve({ server: site.server, port: 0, host: '127.0.0.1', onError: () => {} });
  });
  afterAll(async () => {
    await served.close();
    await site.close();
    uploads.remove();
    warn.mockRestore();
  });

  it("stores an uploaded image as it came, with its header's width and height and no resized copies, and warns once naming npm install sharp", async () => {
    const first = await upload(png(400, 300), 'grey.png', 'image/png');
    expect(first.status).toBe(201);
    const media = first.body as Media;
    expect(media.mime_type).toBe('image/png');
    // As WordPress without an image editor: getimagesize's size, image_meta, and no sizes.
    expect(media.media_details).toMatchObject({ width: 400, height: 300, sizes: {} });
    expect(media.media_details.image_meta).toBeTypeOf('object');
    expect(media.source_url).toMatch(/\/cms-content\/uploads\/\d{4}\/\d{2}\/grey\.png$/);
    const path = media.source_url.replace(/^.*\/cms-content\/uploads\//, '');
    expect(existsSync(join(uploads.dir, path))).toBe(true);
    expect((await upload(png(300, 200), 'again.png', 'image/png')).status).toBe(201);
    const warnings = warn.mock.calls.map(([message]) => String(message)).filter((m) => m.startsWith(SHARP_MISSING_WARNING));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('npm install sharp');
  });

  it('stores an upload that is not an image as with sharp', async () => {
    const text = new TextEncoder().encode('Plain words.\n');
    const res = await upload(text, 'notes.txt', 'text/plain');
    expect(res.status).toBe(201);
    expect((res.body as Media).mime_type).toBe('text/plain');
  });

  it("answers an image edit with the original's 500 rest_unknown_image_file_type, naming npm install sharp", async () => {
    const media = (await upload(png(400, 300), 'to-edit.png', 'image/png')).body as Media;
    const res = await call(`/media/${media.id}/edit`, {
      method: 'POST',
      body: JSON.stringify({ src: media.source_url, rotation: 90 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      code: 'rest_unknown_image_file_type',
      message: 'Unable to edit this image: the server has no image editor. Run `npm install sharp` where the site runs.',
      data: { status: 500 },
    });
  });
});
