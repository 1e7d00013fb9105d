/**
 * The S3 file store against a real S3-protocol server (s3rver on 127.0.0.1): files go up
 * and come back byte for byte, big ones in several parts; names are never reused, with
 * conditional writes or without; deletes skip what is gone; public and signed URLs; a
 * failing service is the upload's error with nothing left behind; bad settings are refused.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isRestError } from '@cms-json/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3FileStore, s3FileStore } from './s3-file-store.js';
import { s3UploadsHandler } from './s3-uploads-handler.js';
import { type S3FileStoreOptions, s3SettingsError } from './settings.js';
import { startTestS3Server, type TestS3Server } from './testing.js';

let conditional: TestS3Server;
let plain: TestS3Server;
let staging: string;
const stores: S3FileStore[] = [];

beforeAll(async () => {
  [conditional, plain] = await Promise.all([startTestS3Server({ conditionalWrites: true }), startTestS3Server()]);
  staging = await mkdtemp(join(tmpdir(), 'cms-json-s3-test-'));
});
afterAll(async () => {
  for (const store of stores) store.destroy();
  await Promise.all([conditional?.stop(), plain?.stop()]);
  await rm(staging, { recursive: true, force: true });
});

function storeOn(server: TestS3Server, options: Partial<S3FileStoreOptions> = {}): S3FileStore {
  const store = s3FileStore({
    bucket: server.bucket,
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: server.credentials,
    region: 'us-east-1',
    stagingDirectory: staging,
    urls: { kind: 'public' },
    log: () => {},
    ...options,
  });
  stores.push(store);
  return store;
}

async function staged(store: S3FileStore, bytes: Uint8Array): Promise<string> {
  const path = await store.stagingPath();
  await writeFile(path, bytes);
  return path;
}

async function putBytes(store: S3FileStore, bytes: Uint8Array, name = 'photo.jpg', folder = '2026/11'): Promise<string> {
  return store.put({ localPath: await staged(store, bytes), folder, name, mimeType: 'image/jpeg' });
}

describe('files in the bucket', () => {
  it('keeps a staged file and gives it back byte for byte; the staged file is gone', async () => {
    const store = storeOn(conditional, { prefix: 'site-a' });
    const bytes = randomBytes(3000);
    const localPath = await staged(store, bytes);
    const path = await store.put({ localPath, folder: '2026/11', name: 'one.jpg', mimeType: 'image/jpeg' });
    expect(path).toBe('2026/11/one.jpg');
    expect(existsSync(localPath)).toBe(false);
    expect(Buffer.from(await store.read(path)).equals(bytes)).toBe(true);
    expect(await conditional.keys()).toContain('site-a/2026/11/one.jpg');
  });

  it('sends a file larger than one part in several parts, memory bounded by part size × queue size', async () => {
    const store = storeOn(conditional, { partSize: 5 * 1024 * 1024, queueSize: 2 });
    const commands: string[] = [];
    store.client.middlewareStack.add(
      (next, context) => async (args) => {
        commands.push(context.commandName ?? '');
        return next(args);
      },
      { step: 'initialize', name: 'countCommands' },
    );
    const bytes = randomBytes(12 * 1024 * 1024 + 17);
    const path = await putBytes(store, bytes, 'big.jpg');
    expect(commands.filter((name) => name === 'UploadPartCommand')).toHaveLength(3);
    expect(commands).toContain('CompleteMultipartUploadCommand');
    expect(Buffer.from(await store.read(path)).equals(bytes)).toBe(true);
  });

  it('removes files, skipping those already gone', async () => {
    const store = storeOn(conditional, { prefix: 'removals' });
    const a = await putBytes(store, randomBytes(10), 'a.jpg');
    const b = await putBytes(store, randomBytes(10), 'b.jpg');
    await store.remove([a, '2026/11/never-was.jpg', b]);
    await store.remove([a]);
    await store.remove([]);
    expect((await conditional.keys()).filter((key) => key.startsWith('removals/'))).toEqual([]);
  });

  it('refuses a path that leaves its folder', async () => {
    const store = storeOn(conditional);
    await expect(store.read('../x.jpg')).rejects.toThrow(/Not a stored path/);
    await expect(store.remove(['/abs.jpg'])).rejects.toThrow(/Not a stored path/);
  });
});

describe('names are never reused', () => {
  it('with conditional writes: photo.jpg, then photo-1.jpg, as on disk', async () => {
    const store = storeOn(conditional, { prefix: 'names', conditionalWrites: true });
    const first = randomBytes(100);
    const second = randomBytes(100);
    expect(await putBytes(store, first, 'same.jpg')).toBe('2026/11/same.jpg');
    expect(await putBytes(store, second, 'same.jpg')).toBe('2026/11/same-1.jpg');
    expect(Buffer.from(await store.read('2026/11/same.jpg')).equals(first)).toBe(true);
  });

  it('with conditional writes found by the probe: eight uploads of one name at once keep eight files', async () => {
    const store = storeOn(conditional, { prefix: 'race' });
    const files = Array.from({ length: 8 }, () => randomBytes(200));
    const paths = await Promise.all(files.map((bytes) => putBytes(store, bytes, 'race.jpg')));
    expect(new Set(paths).size).toBe(8);
    expect(paths).toContain('2026/11/race.jpg');
    for (const [i, path] of paths.entries())
      expect(Buffer.from(await store.read(path)).equals(files[i] ?? Buffer.alloc(0))).toBe(true);
    // The probe object is removed.
    expect((await conditional.keys()).filter((key) => key.includes('probe'))).toEqual([]);
  });

  it('two multipart uploads of one name at once: the loser of the conditional completion is aborted and takes the next name', async () => {
    const store = storeOn(conditional, { prefix: 'race-big', partSize: 5 * 1024 * 1024, conditionalWrites: true });
    const commands: string[] = [];
    store.client.middlewareStack.add(
      (next, context) => async (args) => {
        commands.push(context.commandName ?? '');
        return next(args);
      },
      { step: 'initialize', name: 'countCommands' },
    );
    const files = [randomBytes(6 * 1024 * 1024), randomBytes(6 * 1024 * 1024)];
    const paths = await Promise.all(files.map((bytes) => putBytes(store, bytes, 'big.jpg')));
    expect([...paths].sort()).toEqual(['2026/11/big-1.jpg', '2026/11/big.jpg']);
    for (const [i, path] of paths.entries())
      expect(Buffer.from(await store.read(path)).equals(files[i] ?? Buffer.alloc(0))).toBe(true);
    // Both checked the name free; one completion was refused (412) and its upload aborted, not left in parts.
    if (commands.filter((name) => name === 'CompleteMultipartUploadCommand').length === 3) {
      expect(commands.filter((name) => name === 'AbortMultipartUploadCommand')).toHaveLength(1);
    }
    expect((await conditional.keys()).filter((key) => key.startsWith('race-big/'))).toHaveLength(2);
  });

  it('on a backend that ignores conditional writes: found by the probe, names get a random suffix', async () => {
    const lines: string[] = [];
    const store = storeOn(plain, { prefix: 'plain', log: (line) => lines.push(line) });
    const files = Array.from({ length: 4 }, () => randomBytes(50));
    const paths = await Promise.all(files.map((bytes) => putBytes(store, bytes, 'photo.jpg')));
    expect(new Set(paths).size).toBe(4);
    for (const path of paths) expect(path).toMatch(/^2026\/11\/photo-[0-9a-f]{10}\.jpg$/);
    for (const [i, path] of paths.entries())
      expect(Buffer.from(await store.read(path)).equals(files[i] ?? Buffer.alloc(0))).toBe(true);
    expect(lines.join('\n')).toMatch(/ignores conditional writes/);
    expect((await plain.keys()).filter((key) => key.includes('probe'))).toEqual([]);
  });
});

describe('urls', () => {
  it('public: the bucket URL at the endpoint, or the base URL given, with the key encoded', () => {
    expect(storeOn(conditional, { prefix: 'p' }).url('2026/11/a b.jpg')).toBe(
      `${conditional.endpoint}/media/p/2026/11/a%20b.jpg`,
    );
    const cdn = storeOn(conditional, { prefix: 'p/', urls: { kind: 'public', baseUrl: 'https://cdn.example.com/' } });
    expect(cdn.url('2026/11/é.jpg')).toBe('https://cdn.example.com/p/2026/11/%C3%A9.jpg');
    const aws = s3FileStore({ bucket: 'my-bucket', region: 'eu-west-3', urls: { kind: 'public' } });
    stores.push(aws);
    expect(aws.url('2026/11/a.jpg')).toBe('https://my-bucket.s3.eu-west-3.amazonaws.com/2026/11/a.jpg');
  });

  it('signed: REST answers get the site path; the site answers it with a 302 to a presigned URL that serves the bytes', async () => {
    const store = storeOn(conditional, {
      prefix: 'signed',
      urls: { kind: 'signed', sitePath: '/cms-content/uploads', expiresInSeconds: 120 },
    });
    const bytes = randomBytes(500);
    const path = await putBytes(store, bytes, 'secret.jpg');
    expect(store.url(path)).toBe('/cms-content/uploads/2026/11/secret.jpg');
    const server: Server = createServer(s3UploadsHandler(store));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const answer = await fetch(`${site}${store.url(path)}`, { redirect: 'manual' });
      expect(answer.status).toBe(302);
      expect(answer.headers.get('cache-control')).toBe('private, max-age=60');
      const location = answer.headers.get('location') ?? '';
      expect(location).toMatch(/X-Amz-Expires=120/);
      expect(Buffer.from(await (await fetch(location)).arrayBuffer()).equals(bytes)).toBe(true);
      for (const bad of [
        '/cms-content/uploads/../x.jpg',
        '/cms-content/uploads/%2e%2e/x.jpg',
        '/other/2026/11/secret.jpg',
        '/cms-content/uploads/%E0%A4%A',
      ]) {
        expect((await fetch(`${site}${bad}`, { redirect: 'manual' })).status).toBe(404);
      }
      expect((await fetch(`${site}${store.url(path)}`, { method: 'POST', redirect: 'manual' })).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('failures', () => {
  it('a missing bucket: the upload is rest_upload_unknown_error (500), told to the log, nothing kept, the staged file gone', async () => {
    const lines: string[] = [];
    const store = storeOn(conditional, { bucket: 'no-such-bucket', log: (line) => lines.push(line), conditionalWrites: true });
    const localPath = await staged(store, randomBytes(6 * 1024 * 1024));
    const before = await conditional.keys();
    const error = await store.put({ localPath, folder: '2026/11', name: 'x.jpg', mimeType: 'image/jpeg' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isRestError(error) && error.code === 'rest_upload_unknown_error' && error.status === 500).toBe(true);
    expect(lines.join('\n')).toMatch(/could not store 2026\/11\/x\.jpg in bucket no-such-bucket/);
    expect(existsSync(localPath)).toBe(false);
    expect(await conditional.keys()).toEqual(before);
  });

  it('a stopped server: uploads fail with the upload error, deletes are logged and thrown (the routes swallow them after the commit)', async () => {
    const gone = await startTestS3Server();
    const lines: string[] = [];
    const store = storeOn(gone, { log: (line) => lines.push(line), conditionalWrites: false });
    const kept = await putBytes(store, randomBytes(10), 'kept.jpg');
    await gone.stop();
    const localPath = await staged(store, randomBytes(10));
    await expect(store.put({ localPath, folder: '2026/11', name: 'y.jpg', mimeType: 'image/jpeg' })).rejects.toMatchObject({
      code: 'rest_upload_unknown_error',
    });
    expect(existsSync(localPath)).toBe(false);
    await expect(store.remove([kept])).rejects.toThrow();
    expect(lines.join('\n')).toMatch(/could not delete/);
  });

  it('a service that accepts connections but never answers: the upload fails after the idle timeout, not never', async () => {
    const silent = createNetServer((socket) => socket.on('error', () => {}));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const store = storeOn(conditional, {
        endpoint: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        idleTimeoutMs: 200,
        conditionalWrites: true,
      });
      const localPath = await staged(store, randomBytes(10));
      await expect(store.put({ localPath, folder: '2026/11', name: 'w.jpg', mimeType: 'image/jpeg' })).rejects.toMatchObject({
        code: 'rest_upload_unknown_error',
      });
      expect(existsSync(localPath)).toBe(false);
    } finally {
      silent.close();
    }
  });

  it('unknown credentials: the upload error, nothing kept', async () => {
    const store = storeOn(conditional, {
      credentials: { accessKeyId: 'NOBODY', secretAccessKey: 'wrong' },
      conditionalWrites: true,
      prefix: 'wrong-key',
    });
    await expect(putBytes(store, randomBytes(10), 'z.jpg')).rejects.toMatchObject({ code: 'rest_upload_unknown_error' });
    expect((await conditional.keys()).filter((key) => key.startsWith('wrong-key/'))).toEqual([]);
  });
});

describe('settings', () => {
  const base: S3FileStoreOptions = { bucket: 'media', urls: { kind: 'public' } };
  it.each([
    [{ bucket: 'ab' }, /Invalid S3 bucket name "ab"/],
    [{ bucket: 'My_Bucket' }, /Invalid S3 bucket name/],
    [{ bucket: 'a..b' }, /Invalid S3 bucket name/],
    [{ bucket: '192.168.1.1' }, /Invalid S3 bucket name/],
    [{ endpoint: 'localhost:9000' }, /Invalid S3 endpoint "localhost:9000"/],
    [{ endpoint: 'ftp://x' }, /http:\/\/ or https:\/\//],
    [{ endpoint: 'https://user:pw@x' }, /no query, fragment or credentials/],
    [{ prefix: '/abs' }, /Invalid S3 prefix/],
    [{ partSize: 1024 }, /Invalid S3 part size 1024/],
    [{ queueSize: 0 }, /Invalid S3 queue size 0/],
    [{ idleTimeoutMs: 0 }, /Invalid S3 idle timeout 0/],
    [{ connectTimeoutMs: 1.5 }, /Invalid S3 connect timeout 1.5/],
    [{ urls: { kind: 'public', baseUrl: 'cdn.example.com' } }, /Invalid public URL/],
    [{ urls: { kind: 'signed', sitePath: '/u', expiresInSeconds: 700_000 } }, /Invalid expiry/],
    [{ urls: { kind: 'signed', sitePath: 'u' } }, /Invalid uploads path/],
  ] as [Partial<S3FileStoreOptions>, RegExp][])('refuses %j with a clear error', (bad, message) => {
    expect(s3SettingsError({ ...base, ...bad })).toMatch(message);
    expect(() => s3FileStore({ ...base, ...bad })).toThrow(message);
  });

  it('accepts the settings of MinIO, R2 and S3', () => {
    expect(s3SettingsError({ ...base, endpoint: 'http://127.0.0.1:9000', forcePathStyle: true })).toBeUndefined();
    expect(s3SettingsError({ ...base, endpoint: 'https://acc.r2.cloudflarestorage.com', region: 'auto' })).toBeUndefined();
    expect(s3SettingsError({ ...base, bucket: 'my.bucket-1', prefix: 'sites/a/' })).toBeUndefined();
  });
});
