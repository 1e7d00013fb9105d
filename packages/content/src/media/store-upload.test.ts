/**
 * Uploads from request to stored files, over real HTTP on 127.0.0.1 (the node adapter): both
 * forms of the original, its image sizes, and every refusal, each leaving nothing behind.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CREATABLE,
  createRestServer,
  defineRoute,
  RestError,
  type RestRequest,
  type RestResponse,
  type RestServer,
  response,
} from '@cms-json/core';
import { type Served, serve } from '@cms-json/node';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachmentHtml } from './description.js';
import { diskFileStore, type FileStore } from './file-store.js';
import { DEFAULT_ALLOWED_TYPES } from './file-types.js';
import { DEFAULT_IMAGE_SIZES } from './image-sizes.js';
import { mediaDetails, storedFileUrl, storedPaths } from './media-details.js';
import { storeUpload, withStoredUpload } from './store-upload.js';

const MAX_UPLOAD = 2 * 1024 * 1024;
const NOW = new Date('2026-11-23T12:00:00Z');
let root: string;
let served: Served;
let server: RestServer;
let store: FileStore;
let photo: Buffer;
let small: Buffer;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cms-uploads-'));
  store = diskFileStore({ directory: root, urlPath: '/uploads' });
  server = createRestServer({ maxBodyBytes: 1024 });
  server.register(
    'test/v1',
    publicUpload('/uploads', async (_args, request) => {
      const stored = await storeUpload(request, {
        store,
        allowedTypes: DEFAULT_ALLOWED_TYPES,
        imageSizes: DEFAULT_IMAGE_SIZES,
        now: NOW,
      });
      const urlOf = (path: string) => storedFileUrl(store, path, 'http://site.test');
      return response(
        {
          ...stored,
          title: request.param('title') ?? null,
          url: store.url(stored.path),
          source_url: urlOf(stored.path),
          media_details: mediaDetails(stored.metadata, stored.path, stored.mimeType, urlOf),
          stored_paths: storedPaths(stored.path, stored.metadata),
          description: attachmentHtml({
            sourceUrl: urlOf(stored.path),
            mimeType: stored.mimeType,
            metadata: stored.metadata,
            sizeUrl: (file) => urlOf(`2026/11/${file}`),
            altText: String(request.param('alt_text') ?? ''),
            title: String(request.param('title') ?? ''),
          }),
        },
        { status: 201 },
      );
    }),
    publicUpload('/refused-records', (_args, request) =>
      withStoredUpload(request, { store, allowedTypes: DEFAULT_ALLOWED_TYPES, imageSizes: DEFAULT_IMAGE_SIZES, now: NOW }, () => {
        throw new RestError('rest_invalid_param', 'The record was refused.');
      }),
    ),
  );
  served = await serve({ server, port: 0, onError: () => {} });
  photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer();
  small = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 80, b: 40, alpha: 1 } } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await served.close();
  rmSync(root, { recursive: true, force: true });
});

beforeEach(() => {
  rmSync(join(root, '2026'), { recursive: true, force: true });
});

/** A public route at `path` whose POST takes its body as a stream, up to {@link MAX_UPLOAD}. */
function publicUpload(path: string, handler: (args: unknown, request: RestRequest) => Promise<RestResponse>) {
  return defineRoute({
    path,
    endpoints: (endpoint) => [
      endpoint({ methods: CREATABLE, streamBody: { maxBytes: MAX_UPLOAD }, permission: 'public', handler }),
    ],
  });
}

/** Every file under the uploads folder, staging included: what a refusal must not leave. */
function filesLeft(): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((path) => statSync(join(root, path)).isFile());
}

function upload(body: NonNullable<RequestInit['body']>, headers: Record<string, string> = {}) {
  // `duplex` is required for a streamed body; the DOM typings do not know it yet.
  return fetch(`${served.url}/cms-json/test/v1/uploads`, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
}

function multipart(
  file: Uint8Array,
  name: string,
  type = 'application/octet-stream',
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([file], { type }), name);
  return form;
}

describe('uploading a file', () => {
  it('stores a multipart JPEG under year/month with the original 6.1 sizes, and reads the other fields', async () => {
    const res = await upload(multipart(photo, 'photo.jpg', 'image/jpeg', { title: 'A photo' }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      path: string;
      mimeType: string;
      title: string;
      url: string;
      metadata: Record<string, unknown>;
    };
    expect(body).toMatchObject({
      path: '2026/11/photo.jpg',
      mimeType: 'image/jpeg',
      title: 'A photo',
      url: '/uploads/2026/11/photo.jpg',
    });
    expect(Object.keys(body.metadata)).toEqual(['width', 'height', 'file', 'filesize', 'sizes', 'image_meta']);
    expect(body.metadata).toMatchObject({ width: 1600, height: 1200, file: '2026/11/photo.jpg', filesize: photo.length });
    const sizes = body.metadata.sizes as Record<string, { file: string; width: number; height: number; filesize: number }>;
    expect(Object.keys(sizes)).toEqual(['medium', 'large', 'thumbnail', 'medium_large', '1536x1536']);
    expect(Object.values(sizes).map((s) => `${s.file} ${s.width}x${s.height}`)).toEqual([
      'photo-300x225.jpg 300x225',
      'photo-1024x768.jpg 1024x768',
      'photo-150x150.jpg 150x150',
      'photo-768x576.jpg 768x576',
      'photo-1536x1152.jpg 1536x1152',
    ]);
    for (const size of Object.values(sizes)) {
      const meta = await sharp(join(root, '2026/11', size.file)).metadata();
      expect([meta.width, meta.height]).toEqual([size.width, size.height]);
      expect(statSync(join(root, '2026/11', size.file)).size).toBe(size.filesize);
    }
    expect(filesLeft().sort()).toEqual(
      [join('2026', '11', 'photo.jpg'), ...Object.values(sizes).map((s) => join('2026', '11', s.file))].sort(),
    );
  });

  it('shows media_details as the original 6.1 (source URLs, a full size) and removes every stored file', async () => {
    const res = await upload(multipart(photo, 'photo.jpg', 'image/jpeg'));
    const body = (await res.json()) as {
      paths: string[];
      stored_paths: string[];
      source_url: string;
      media_details: Record<string, unknown>;
    };
    expect(body.source_url).toBe('http://site.test/uploads/2026/11/photo.jpg');
    const sizes = body.media_details.sizes as Record<string, Record<string, unknown>>;
    expect(Object.keys(sizes)).toEqual(['medium', 'large', 'thumbnail', 'medium_large', '1536x1536', 'full']);
    expect(Object.keys(sizes.medium ?? {})).toEqual(['file', 'width', 'height', 'filesize', 'mime_type', 'source_url']);
    expect(sizes.medium?.source_url).toBe('http://site.test/uploads/2026/11/photo-300x225.jpg');
    expect(sizes.full).toEqual({
      file: 'photo.jpg',
      width: 1600,
      height: 1200,
      mime_type: 'image/jpeg',
      source_url: 'http://site.test/uploads/2026/11/photo.jpg',
    });
    expect(body.stored_paths).toEqual(body.paths);
    await store.remove(body.stored_paths);
    expect(filesLeft()).toEqual([]);
    const small = await upload(multipart(new TextEncoder().encode('words'), 'a.txt'));
    expect(((await small.json()) as { media_details: unknown }).media_details).toEqual({ filesize: 5, sizes: {} });
  });

  it('renders the attachment paragraph of the description as the original 6.1', async () => {
    const image = (await (await upload(multipart(photo, 'photo.jpg', 'image/jpeg', { alt_text: 'Alt' }))).json()) as {
      description: string;
    };
    const u = 'http://site.test/uploads/2026/11/';
    // Captured from the runnable original for the same 1600 × 1200 JPEG (its host and folder replaced).
    expect(image.description).toBe(
      `<p class="attachment"><a href='${u}photo.jpg'><img width="300" height="225" src="${u}photo-300x225.jpg" class="attachment-medium size-medium" alt="Alt" decoding="async" loading="lazy" srcset="${u}photo-300x225.jpg 300w, ${u}photo-1024x768.jpg 1024w, ${u}photo-768x576.jpg 768w, ${u}photo-1536x1152.jpg 1536w, ${u}photo.jpg 1600w" sizes="(max-width: 300px) 100vw, 300px" /></a></p>\n`,
    );
    const tiny = (await (await upload(multipart(small, 'small image.png'))).json()) as { description: string };
    expect(tiny.description).toBe(
      `<p class="attachment"><a href='${u}small-image.png'><img width="40" height="30" src="${u}small-image.png" class="attachment-medium size-medium" alt="" decoding="async" loading="lazy" /></a></p>\n`,
    );
    const text = (await (
      await upload(multipart(new TextEncoder().encode('words'), 'a.txt', 'text/plain', { title: 'Notes' }))
    ).json()) as {
      description: string;
    };
    expect(text.description).toBe(`<p class="attachment"><a href='${u}a.txt'>Notes</a></p>\n`);
  });

  it('makes the sizes WordPress 6.1 makes of odd shapes, and keeps a name like a size apart', async () => {
    const jpeg = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: { r: 10, g: 20, b: 30 } } })
        .jpeg()
        .toBuffer();
    const sizesOf = async (file: Buffer, name: string) => {
      const body = (await (await upload(multipart(file, name))).json()) as {
        path: string;
        metadata: { sizes: Record<string, { file: string }> };
      };
      return [body.path, ...Object.entries(body.metadata.sizes).map(([size, { file }]) => `${size} ${file}`)];
    };
    // Captured from the runnable original: the same images uploaded there.
    expect(await sizesOf(await jpeg(1000, 333), 'odd-1000x333.jpg')).toEqual([
      '2026/11/odd-1000x333-1.jpg',
      'medium odd-1000x333-1-300x100.jpg',
      'thumbnail odd-1000x333-1-150x150.jpg',
      'medium_large odd-1000x333-1-768x256.jpg',
    ]);
    expect(await sizesOf(await jpeg(769, 300), 'wide.jpg')).toEqual([
      '2026/11/wide.jpg',
      'medium wide-300x117.jpg',
      'thumbnail wide-150x150.jpg',
    ]);
    expect(await sizesOf(await jpeg(151, 149), 'square.jpg')).toEqual(['2026/11/square.jpg']);
  });

  it('keeps an image over 2560 pixels as a -scaled copy beside the upload, as the original 6.1', async () => {
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 10, g: 20, b: 30 } } })
      .jpeg()
      .toBuffer();
    const body = (await (await upload(multipart(big, 'big.jpg'))).json()) as {
      path: string;
      paths: string[];
      stored_paths: string[];
      metadata: { sizes: Record<string, { file: string }> } & Record<string, unknown>;
    };
    // Captured from the runnable original for the same 3000 × 2000 JPEG.
    expect(body.path).toBe('2026/11/big-scaled.jpg');
    expect(Object.keys(body.metadata)).toEqual(['width', 'height', 'file', 'filesize', 'sizes', 'image_meta', 'original_image']);
    expect(body.metadata).toMatchObject({ width: 2560, height: 1707, file: '2026/11/big-scaled.jpg', original_image: 'big.jpg' });
    expect(Object.entries(body.metadata.sizes).map(([name, size]) => `${name} ${size.file}`)).toEqual([
      'medium big-300x200.jpg',
      'large big-1024x683.jpg',
      'thumbnail big-150x150.jpg',
      'medium_large big-768x512.jpg',
      '1536x1536 big-1536x1024.jpg',
      '2048x2048 big-2048x1365.jpg',
    ]);
    expect(body.stored_paths).toEqual(body.paths);
    expect(body.paths.slice(0, 2)).toEqual(['2026/11/big.jpg', '2026/11/big-scaled.jpg']);
  });

  it('keeps a photo turned by its EXIF orientation as a -rotated copy, as the original 6.1', async () => {
    const turned = await sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 10, g: 20, b: 30 } } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const body = (await (await upload(multipart(turned, 'rot.jpg'))).json()) as {
      path: string;
      metadata: { sizes: Record<string, { file: string }>; image_meta: Record<string, unknown> } & Record<string, unknown>;
    };
    // Captured from the runnable original for the same JPEG.
    expect(body.path).toBe('2026/11/rot-rotated.jpg');
    expect(body.metadata).toMatchObject({ width: 200, height: 400, original_image: 'rot.jpg', image_meta: { orientation: 1 } });
    expect(Object.entries(body.metadata.sizes).map(([name, size]) => `${name} ${size.file}`)).toEqual([
      'medium rot-150x300.jpg',
      'thumbnail rot-150x150.jpg',
    ]);
    const stored = await sharp(join(root, body.path)).metadata();
    expect([stored.width, stored.height]).toEqual([200, 400]);
  });

  it('never replaces a file: the same name again gets a numbered name, sizes included', async () => {
    expect((await upload(multipart(photo, 'photo.jpg'))).status).toBe(201);
    const again = (await (await upload(multipart(photo, 'photo.jpg'))).json()) as {
      path: string;
      metadata: { sizes: Record<string, { file: string }> };
    };
    expect(again.path).toBe('2026/11/photo-1.jpg');
    expect(again.metadata.sizes.thumbnail?.file).toBe('photo-1-150x150.jpg');
  });

  it('keeps every one of several uploads of one name sent at once', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => upload(multipart(small, 'same.png'))));
    const paths = await Promise.all(answers.map(async (res) => ((await res.json()) as { path: string }).path));
    expect(paths.sort()).toEqual(['2026/11/same-1.png', '2026/11/same-2.png', '2026/11/same.png']);
    expect(filesLeft().length).toBe(3);
  });

  it('stores a raw body named by Content-Disposition, checking a hex or base64 Content-MD5', async () => {
    const md5 = createHash('md5').update(small).digest();
    const hex = await upload(small, {
      'content-type': 'image/png',
      'content-disposition': 'attachment; filename="small image.png"',
      'content-md5': md5.toString('hex'),
    });
    expect(hex.status).toBe(201);
    expect(await hex.json()).toMatchObject({ path: '2026/11/small-image.png', metadata: { width: 40, height: 30, sizes: {} } });
    const base64 = await upload(small, {
      'content-type': 'image/png',
      'content-disposition': "attachment; filename*=UTF-8''%C3%A9t%C3%A9.png",
      'content-md5': md5.toString('base64'),
    });
    // As the original's remove_accents.
    expect(await base64.json()).toMatchObject({ path: '2026/11/ete.png' });
  });

  it('keeps no path from the client: traversal and NUL bytes are stripped from the name', async () => {
    const traversal = await upload(small, {
      'content-type': 'image/png',
      'content-disposition': 'attachment; filename=../../etc/passwd.png',
    });
    expect(await traversal.json()).toMatchObject({ path: '2026/11/etcpasswd.png' });
    // No HTTP client sends a NUL in a header: the in-process front door does.
    const nul = await server.dispatch({
      method: 'POST',
      path: '/test/v1/uploads',
      headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="evil\u0000.php.png"' },
      bodyStream: (async function* () {
        yield small;
      })(),
    });
    // The intermediate `php` is not an allowed extension: marked, as the original marks it.
    expect(nul.data).toMatchObject({ path: '2026/11/evil.php_.png' });
    expect(filesLeft().every((path) => path.startsWith('2026'))).toBe(true);
  });

  it('stores a file that is not an image without sizes', async () => {
    const res = await upload(multipart(new TextEncoder().encode('plain words\n'), 'notes.txt', 'text/plain'));
    expect(await res.json()).toMatchObject({ path: '2026/11/notes.txt', mimeType: 'text/plain', metadata: { filesize: 12 } });
  });
});

describe('refusing an upload, leaving nothing behind', () => {
  const refusals: [string, () => Promise<Response>, number, string][] = [
    ['an empty raw body', () => upload(new Uint8Array(0), { 'content-type': 'image/png' }), 400, 'rest_upload_no_data'],
    ['no Content-Disposition', () => upload(small, { 'content-type': 'image/png' }), 400, 'rest_upload_no_content_disposition'],
    [
      'a Content-Disposition without a name',
      () => upload(small, { 'content-type': 'image/png', 'content-disposition': 'inline' }),
      400,
      'rest_upload_invalid_disposition',
    ],
    [
      'a Content-MD5 that does not match',
      () =>
        upload(small, {
          'content-type': 'image/png',
          'content-disposition': 'attachment; filename=a.png',
          'content-md5': '0123',
        }),
      412,
      'rest_upload_hash_mismatch',
    ],
    [
      'a multipart body without a file',
      () => upload(new URLSearchParams(), { 'content-type': 'multipart/form-data; boundary=x' }),
      400,
      'rest_upload_no_data',
    ],
    [
      'text named .png',
      () => upload(multipart(new TextEncoder().encode('hello world'), 'lie.png', 'image/png')),
      500,
      'rest_upload_unknown_error',
    ],
    [
      'text named .png, as a raw body',
      () =>
        upload(new TextEncoder().encode('hello world'), {
          'content-type': 'image/png',
          'content-disposition': 'attachment; filename=lie.png',
        }),
      500,
      'rest_upload_sideload_error',
    ],
    ['PNG bytes named .txt', () => upload(multipart(small, 'evil.txt', 'text/plain')), 500, 'rest_upload_unknown_error'],
    [
      'a type not allowed (HTML)',
      () => upload(multipart(new TextEncoder().encode('<script>x</script>'), 'page.html')),
      500,
      'rest_upload_unknown_error',
    ],
    ['an empty file', () => upload(multipart(new Uint8Array(0), 'empty.png')), 500, 'rest_upload_unknown_error'],
    [
      'two files',
      () => {
        const form = multipart(small, 'a.png');
        form.append('other', new Blob([small]), 'b.png');
        return upload(form);
      },
      400,
      'rest_upload_multiple_files',
    ],
    [
      'a truncated multipart body',
      () => {
        const head = '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
        return upload(Buffer.concat([Buffer.from(head), small.subarray(0, 60)]), {
          'content-type': 'multipart/form-data; boundary=XYZ',
        });
      },
      500,
      'rest_upload_unknown_error',
    ],
    ['a body over the limit', () => upload(multipart(new Uint8Array(MAX_UPLOAD + 1), 'big.png')), 413, 'rest_body_too_large'],
    [
      'a streamed body over the limit',
      () =>
        upload(
          new ReadableStream({
            start(controller) {
              for (let i = 0; i < 40; i++) controller.enqueue(new Uint8Array(64 * 1024));
              controller.close();
            },
          }),
          { 'content-type': 'image/png', 'content-disposition': 'attachment; filename=big.png' },
        ),
      413,
      'rest_body_too_large',
    ],
  ];

  it.each(refusals)('refuses %s', async (_name, send, status, code) => {
    const res = await (send as () => Promise<Response>)();
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ code, data: { status } });
    expect(filesLeft()).toEqual([]);
  });
});

describe('a 100 MB upload', () => {
  it('is refused with 413 as soon as its Content-Length is read, before any of it is sent', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(served.port, '127.0.0.1');
      let text = '';
      socket.on('connect', () => {
        socket.write(
          'POST /cms-json/test/v1/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\n' +
            'Content-Disposition: attachment; filename=big.png\r\nContent-Length: 104857600\r\n\r\n',
        );
      });
      socket.on('data', (data) => {
        text += data.toString('latin1');
        if (text.includes('rest_body_too_large')) socket.destroy();
      });
      socket.on('close', () => resolve(text));
      socket.on('error', () => undefined);
      socket.setTimeout(10_000, () => socket.destroy());
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(filesLeft()).toEqual([]);
  });
});

describe('a client that goes away mid-upload', () => {
  it('leaves no staged file behind', async () => {
    const socket = connect(served.port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.on('connect', resolve));
    socket.write(
      'POST /cms-json/test/v1/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\n' +
        'Content-Disposition: attachment; filename=gone.png\r\nContent-Length: 1000000\r\n\r\n',
    );
    socket.write(small);
    // The upload has begun: its staged file exists.
    await vi.waitFor(() => expect(filesLeft().some((path) => path.startsWith('.staging'))).toBe(true), { timeout: 5000 });
    socket.destroy();
    await vi.waitFor(() => expect(filesLeft()).toEqual([]), { timeout: 5000 });
  });
});

describe('a record refused after its upload was stored', () => {
  it('leaves no file: the stored ones are removed', async () => {
    const res = await fetch(`${served.url}/cms-json/test/v1/refused-records`, {
      method: 'POST',
      body: multipart(photo, 'photo.jpg'),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'rest_invalid_param', message: 'The record was refused.' });
    expect(filesLeft()).toEqual([]);
  });
});
