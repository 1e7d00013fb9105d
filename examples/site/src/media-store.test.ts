/**
 * The example site's media in S3: the settings are checked at start (one clear line for a
 * bad one), and through the front door two nodes that share the database and the bucket but
 * no disk serve the same uploads: uploaded on one, read and deleted on the other, in public
 * and signed mode.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestS3Server, type TestS3Server } from '@cms-json/s3/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_BASIC, type RunningSite, restUrl, startSite } from '../test/start-site.js';
import { readConfig } from './config.js';
import { createMediaStore, describeMediaStore, readMediaStoreConfig } from './media-store.js';

describe('the S3 settings', () => {
  it('keeps uploads on disk without S3_BUCKET', () => {
    expect(readConfig({}).mediaStore).toEqual({ kind: 'disk' });
  });

  it('reads a MinIO bucket with signed URLs, and a CDN in front of a public one', () => {
    const minio = readConfig({
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: '1',
      S3_SIGNED_URLS: '1',
      S3_SIGNED_URL_EXPIRES: '600',
      S3_PREFIX: 'site-a',
    }).mediaStore;
    expect(minio).toEqual({
      kind: 's3',
      options: {
        bucket: 'media',
        endpoint: 'http://127.0.0.1:9000',
        prefix: 'site-a',
        forcePathStyle: true,
        conditionalWrites: 'auto',
        urls: { kind: 'signed', sitePath: '/cms-content/uploads', expiresInSeconds: 600 },
      },
    });
    const cdn = readConfig({ CMS_PREFIX: 'wp', S3_BUCKET: 'media', S3_PUBLIC_URL: 'https://cdn.example.com', S3_REGION: 'auto' });
    expect(cdn.mediaStore).toMatchObject({
      kind: 's3',
      options: { region: 'auto', urls: { kind: 'public', baseUrl: 'https://cdn.example.com' } },
    });
    expect(describeMediaStore(minio, './data/uploads')).toBe('s3://media/site-a/ at http://127.0.0.1:9000, signed URLs');
    expect(describeMediaStore(cdn.mediaStore, './data/uploads')).toBe('s3://media/, public at https://cdn.example.com');
    expect(describeMediaStore({ kind: 'disk' }, './data/uploads')).toBe('./data/uploads');
  });

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_ENDPOINT set without S3_BUCKET: set S3_BUCKET to keep uploads in S3.'],
    [{ S3_BUCKET: 'Media_1' }, /^Invalid S3 bucket name "Media_1"/],
    [{ S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' }, /^Invalid S3 endpoint "minio:9000": /],
    [{ S3_BUCKET: 'media', S3_PUBLIC_URL: 'https://cdn.example.com', S3_SIGNED_URLS: '1' }, /exclude each other/],
    [{ S3_BUCKET: 'media', S3_SIGNED_URLS: 'yes' }, 'S3_SIGNED_URLS must be 1 or 0, not "yes".'],
    [{ S3_BUCKET: 'media', S3_SIGNED_URL_EXPIRES: '60' }, 'S3_SIGNED_URL_EXPIRES is for S3_SIGNED_URLS=1 only.'],
    [{ S3_BUCKET: 'media', S3_SIGNED_URLS: '1', S3_SIGNED_URL_EXPIRES: 'soon' }, /^Invalid expiry of signed S3 URLs NaN/],
    [{ S3_BUCKET: 'media', S3_PUBLIC_URL: 'cdn.example.com' }, /^Invalid public URL of the S3 bucket/],
    [{ S3_BUCKET: 'media', S3_CONDITIONAL_WRITES: 'maybe' }, 'S3_CONDITIONAL_WRITES must be 1 or 0, not "maybe".'],
  ] as [Record<string, string>, string | RegExp][])('refuses %j with one clear line', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });
});

describe('two nodes sharing the database and the bucket, not a disk', () => {
  let s3: TestS3Server;
  let shared: string;
  let photo: Buffer;

  beforeAll(async () => {
    s3 = await startTestS3Server({ conditionalWrites: true });
    shared = mkdtempSync(join(tmpdir(), 'cms-s3-nodes-'));
    photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 120, b: 200 } } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await s3?.stop();
    rmSync(shared, { recursive: true, force: true });
  });

  const startNodes = async (mode: 'public' | 'signed') => {
    const env = {
      DATABASE_URL: `sqlite:${join(shared, `${mode}.db`)}`,
      CMS_SAMPLE_CONTENT: '0',
      CMS_SAMPLE_LINKS: '0',
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: '1',
      S3_PREFIX: mode,
      ...(mode === 'signed' ? { S3_SIGNED_URLS: '1' } : {}),
      AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    };
    // The SDK reads credentials from the environment, as a deployed site does.
    process.env.AWS_ACCESS_KEY_ID = s3.credentials.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = s3.credentials.secretAccessKey;
    const one = await startSite(env);
    const two = await startSite(env);
    return [one, two] as const;
  };

  const upload = async (node: RunningSite, name: string) => {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), name);
    const res = await fetch(restUrl(node, '/media'), { method: 'POST', headers: { authorization: ADMIN_BASIC }, body });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: number };
  };

  const bytesOf = async (node: RunningSite, url: string) => {
    const res = await fetch(url.startsWith('/') ? `${node.url}${url}` : url);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };

  it('answers the signed uploads path on a Fetch runtime as on node: a 302 to a presigned URL, else 404', async () => {
    process.env.AWS_ACCESS_KEY_ID = s3.credentials.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = s3.credentials.secretAccessKey;
    const config = readMediaStoreConfig(
      { S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: '1', S3_SIGNED_URLS: '1' },
      { uploadsUrlPath: '/cms-content/uploads' },
    );
    const media = await createMediaStore(config, { directory: join(shared, 'fetch-fallback'), urlPath: '/cms-content/uploads' });
    try {
      const res = await media.fetchFallback(new Request('http://site.test/cms-content/uploads/2026/11/harbour.jpg'));
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toMatch(
        new RegExp(`^${s3.endpoint}/${s3.bucket}/2026/11/harbour\\.jpg\\?.*X-Amz-Signature=`),
      );
      expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
      expect(await res.text()).toBe('');
      for (const request of [
        new Request('http://site.test/cms-content/uploads/2026/11/harbour.jpg', { method: 'POST', body: 'x' }),
        new Request('http://site.test/elsewhere/harbour.jpg'),
      ]) {
        const other = await media.fetchFallback(request);
        expect([request.method, other.status, await other.text()]).toEqual([request.method, 404, 'Not Found']);
      }
    } finally {
      media.close();
    }
  });

  for (const mode of ['public', 'signed'] as const) {
    it(`${mode} URLs: uploaded on one node, read, edited and deleted on the other; the objects are gone after the commit`, async () => {
      const [one, two] = await startNodes(mode);
      try {
        const created = await upload(one, 'harbour.jpg');
        const res = await fetch(restUrl(two, `/media/${created.id}`));
        expect(res.status).toBe(200);
        const media = (await res.json()) as {
          source_url: string;
          media_details: { file: string; sizes: Record<string, { source_url: string; width: number }> };
        };
        expect(media.media_details.file).toMatch(/^\d{4}\/\d{2}\/harbour\.jpg$/);
        if (mode === 'public') expect(media.source_url).toBe(`${s3.endpoint}/${s3.bucket}/public/${media.media_details.file}`);
        // A signed URL expires: REST answers (which shared caches keep) give the site's own path.
        else expect(media.source_url).toBe(`/cms-content/uploads/${media.media_details.file}`.replace(/^/, two.url));
        expect((await bytesOf(two, media.source_url)).equals(photo)).toBe(true);
        const medium = media.media_details.sizes.medium;
        expect(medium?.width).toBe(300);
        const resized = await sharp(await bytesOf(two, medium?.source_url ?? '')).metadata();
        expect([resized.width, resized.height]).toEqual([300, 225]);
        const keys = (await s3.keys()).filter((key) => key.startsWith(`${mode}/`));
        expect(keys.length).toBeGreaterThanOrEqual(3);
        // Editing reads the original from the bucket on the node that did not store it.
        const edited = await fetch(restUrl(two, `/media/${created.id}/edit`), {
          method: 'POST',
          headers: { authorization: ADMIN_BASIC, 'content-type': 'application/json' },
          body: JSON.stringify({ src: media.source_url, rotation: 90 }),
        });
        expect(edited.status).toBe(201);
        const rotated = (await edited.json()) as { source_url: string };
        const turned = await sharp(await bytesOf(one, rotated.source_url)).metadata();
        expect([turned.width, turned.height]).toEqual([300, 400]);
        // A second upload of the same name on the other node keeps both.
        const again = await upload(two, 'harbour.jpg');
        const deleted = await fetch(restUrl(two, `/media/${created.id}?force=true`), {
          method: 'DELETE',
          headers: { authorization: ADMIN_BASIC },
        });
        expect(deleted.status).toBe(200);
        const left = (await s3.keys()).filter((key) => key.startsWith(`${mode}/`));
        expect(left.filter((key) => keys.includes(key))).toEqual([]);
        const kept = (await (await fetch(restUrl(one, `/media/${again.id}`))).json()) as { media_details: { file: string } };
        expect(kept.media_details.file).toMatch(/harbour-1\.jpg$/);
        expect(left).toContain(`${mode}/${kept.media_details.file}`);
      } finally {
        await one.stop();
        await two.stop();
      }
    });
  }
});
