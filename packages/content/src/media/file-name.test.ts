/**
 * Uploads' file names, through the front door (real HTTP on 127.0.0.1, the wp profile, as an
 * administrator): the same name sent as a multipart file or as a raw body named by
 * `Content-Disposition` is stored under the same clean name, cut by bytes, and lands in the
 * uploads folder under the name the record gives. The names the original stores and its
 * refusals were read from WordPress 6.1 for the same uploads (noted beside each case).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Served, serve } from '@cms-json/node';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../../test/helpers.js';
import { type ContentSite, contentSite } from '../../test/site.js';
import { MAX_FILE_NAME_BYTES } from './file-name.js';
import { diskFileStore } from './file-store.js';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

describe('uploaded file names', () => {
  let site: ContentSite;
  let served: Served;
  let uploads: ReturnType<typeof temporaryDirectory>;
  let png: Buffer;
  let photo: Buffer;

  const mediaUrl = () => `${served.url}/wp-json/wp/v2/media`;
  /** A multipart body made by hand: the name's bytes go into the part's header as they are. */
  const multipart = async (name: string, file = png, type = 'image/png') => {
    const boundary = 'names-boundary-7f3a';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="`),
      Buffer.from(name, 'utf8'),
      Buffer.from(`"\r\nContent-Type: ${type}\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await fetch(mediaUrl(), {
      method: 'POST',
      headers: { ...site.people.administrator.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  /** A raw body named by `filename*` (RFC 6266): the only way an HTTP client sends any character in it. */
  const raw = async (name: string, file = png, type = 'image/png') => {
    const res = await fetch(mediaUrl(), {
      method: 'POST',
      headers: {
        ...site.people.administrator.headers,
        'content-type': type,
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
      },
      body: file,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const forms = { multipart, raw } as const;
  const filesOnDisk = () => readdirSync(uploads.dir, { recursive: true, encoding: 'utf8' }).filter((p) => !p.startsWith('.'));

  /** The stored name, after checking the disk, `source_url` and `media_details` agree on it. */
  const storedName = (record: Record<string, unknown>): string => {
    const details = record.media_details as { file: string; sizes: Record<string, { file: string; source_url: string }> };
    const file = details.file;
    expect(existsSync(join(uploads.dir, file))).toBe(true);
    const name = file.slice(file.lastIndexOf('/') + 1);
    expect(record.source_url).toBe(`http://site.test/wp-content/uploads/${file.split('/').map(encodeURIComponent).join('/')}`);
    for (const size of Object.values(details.sizes)) {
      expect(bytes(size.file)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
      expect(existsSync(join(uploads.dir, file.slice(0, file.lastIndexOf('/') + 1), size.file))).toBe(true);
    }
    return name;
  };

  beforeAll(async () => {
    uploads = temporaryDirectory();
    site = await contentSite({
      prefix: 'wp',
      media: { store: diskFileStore({ directory: uploads.dir, urlPath: '/wp-content/uploads' }), maxUploadBytes: 1024 * 1024 },
    });
    served = await serve({ server: site.server, port: 0, host: '127.0.0.1', onError: () => {} });
    png = await sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png()
      .toBuffer();
    photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await served.close();
    await site.close();
    uploads.remove();
  });

  // [sent, stored]: what WordPress 6.1 stores, where it stores one.
  const cleaned: [string, string][] = [
    ['z.php.png', 'z.php_.png'], // WordPress: z.php_.png
    ['z\u0000.php.png', 'z.php_.png'], // WordPress: a 500 for multipart (PHP cuts the name at the NUL)
    ['z\u0001.php.png', 'z.php_.png'], // WordPress: z\u0001.php_.png (it keeps the control character)
    ['z\u007f.png', 'z.png'], // WordPress: z\u007f.png
    ['a\nb.png', 'a-b.png'], // WordPress: a line break is a `-` (its PHP drops it from a multipart name)
    ['tab\there.png', 'tab-here.png'], // WordPress: tab-here.png
    ['../../x.png', 'x.png'], // WordPress: x.png
    ['..png', 'unnamed-file.png'], // WordPress: unnamed-file.png
    ['x.ab1.png', 'x.ab1_.png'], // WordPress: x.ab1_.png
    ['x.tar.gz.png', 'x.tar.gz.png'], // WordPress: x.tar.gz.png
    ['x.html.png', 'x.html_.png'], // WordPress: x.html_.png for authors (administrators keep html)
    ['ßæøłđ.png', 'saeold.png'], // WordPress: saeold.png
    ['日本語 😀.png', '日本語-😀.png'], // WordPress: 日本語-😀.png
    [`${'é'.repeat(130)}.png`, `${'e'.repeat(130)}.png`], // WordPress: 130 e (remove_accents)
  ];
  for (const [form, send] of Object.entries(forms)) {
    it(`stores a ${form} upload under the original's clean name`, async () => {
      for (const [sent, stored] of cleaned) {
        const res = await send(sent);
        expect(res.status, JSON.stringify(sent)).toBe(201);
        expect(storedName(res.body)).toBe(stored);
        expect(filesOnDisk()).toContain(`2030/01/${stored}`);
        // Deleted, so the next form's upload of the same name is not numbered.
        const gone = await fetch(`${mediaUrl()}/${String(res.body.id)}?force=true`, {
          method: 'DELETE',
          headers: site.people.administrator.headers,
        });
        expect(gone.status).toBe(200);
        expect(filesOnDisk()).not.toContain(`2030/01/${stored}`);
      }
    });

    it(`cuts a long ${form} name by bytes, keeping its extension and whole characters`, async () => {
      for (const [sent, unit] of [
        [`${'a'.repeat(300)}.jpg`, 'a'],
        [`${'😀'.repeat(100)}.jpg`, '😀'],
        [`${'語'.repeat(100)}.jpg`, '語'],
      ] as const) {
        // Twice: the second is numbered (`-1`), and both get their sizes (`-150x150`, `-300x225`).
        for (let n = 0; n < 2; n++) {
          const res = await send(sent, photo, 'image/jpeg');
          expect(res.status).toBe(201);
          const name = storedName(res.body);
          expect(bytes(name)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
          expect(name.endsWith('.jpg')).toBe(true);
          expect(name.replace(/(-\d+)?\.jpg$/, '').replaceAll(unit, '')).toBe('');
          expect(bytes(name)).toBeGreaterThan(200);
        }
      }
      expect(filesOnDisk().every((path) => bytes(path.slice(path.lastIndexOf('/') + 1)) <= MAX_FILE_NAME_BYTES)).toBe(true);
    });
  }

  it('refuses, as the original does, names without an allowed extension', async () => {
    const before = filesOnDisk().length;
    for (const sent of ['.htaccess', 'png', '...', 'z.png.php', 'png\u0000']) {
      for (const [form, send] of Object.entries(forms)) {
        const res = await send(sent);
        expect(res, `${form} ${JSON.stringify(sent)}`).toEqual({
          status: 500,
          body: {
            code: form === 'multipart' ? 'rest_upload_unknown_error' : 'rest_upload_sideload_error',
            message: 'Sorry, you are not allowed to upload this file type.',
            data: { status: 500 },
          },
        });
      }
    }
    expect(filesOnDisk().length).toBe(before);
  });

  it('refuses an empty name as the original: a file not sent (multipart), a disposition without a name (raw)', async () => {
    expect(await multipart('')).toEqual({
      status: 500,
      body: { code: 'rest_upload_unknown_error', message: 'No file was uploaded.', data: { status: 500 } },
    });
    const res = await fetch(mediaUrl(), {
      method: 'POST',
      headers: {
        ...site.people.administrator.headers,
        'content-type': 'image/png',
        'content-disposition': 'attachment; filename=""',
      },
      body: png,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'rest_upload_invalid_disposition', data: { status: 400 } });
  });

  it('keeps a file whose bytes hold a boundary-like line and control characters intact', async () => {
    const text = Buffer.from('one\r\n\u0001 two\r\n--names-boundary-7f\r\n\r\nthree\u007f\r\n', 'utf8');
    const res = await multipart('notes\u0001.txt', text, 'text/plain');
    expect(res.status).toBe(201);
    expect(res.body.source_url).toBe('http://site.test/wp-content/uploads/2030/01/notes.txt');
    expect(readFileSync(join(uploads.dir, '2030/01/notes.txt'))).toEqual(text);
  });
});
