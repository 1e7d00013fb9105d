/**
 * {@link s3FileStore}: a cms-json site's uploads kept in S3-compatible object storage (AWS
 * S3, Cloudflare R2, MinIO, …) instead of a folder on the local disk, so any number of nodes
 * that share no disk serve the same files.
 *
 * The local disk is scratch only: an upload is received into a staged file (in
 * `stagingDirectory`, by default under `os.tmpdir()`), its image sizes are made from it, then
 * each file is streamed to the bucket with a multipart upload of bounded parts
 * (`partSize` × `queueSize` bytes in memory at most, whatever the file's size) and the staged
 * file is removed.
 *
 * Names are never reused: a file is written with `If-None-Match: *` (a conditional write:
 * AWS S3, R2 and MinIO refuse it with 412 when the key exists), so of two uploads of
 * `photo.jpg` one keeps `photo.jpg` and the other gets `photo-1.jpg`, as on disk. A backend
 * that ignores conditional writes (found by a probe at the first upload, or told by
 * `conditionalWrites: false`) gets names made unique by a random suffix instead
 * (`photo-3f9a2c81d0.jpg`): nothing is ever replaced either way.
 *
 * @module
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentError, type FileStore, type PutFile } from '@cms-json/content';
import {
  DEFAULT_EXPIRES,
  DEFAULT_PART_SIZE,
  DEFAULT_QUEUE_SIZE,
  type S3FileStoreOptions,
  type S3Urls,
  s3SettingsError,
} from './settings.js';

/** How many numbered names are tried before the upload is refused, as the disk store. */
const MAX_VARIANTS = 10_000;
/** DeleteObjects takes at most this many keys. */
const DELETE_BATCH = 1000;

/** An S3 error's HTTP status, when the service answered. */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return undefined;
  const metadata = (error as { $metadata?: { httpStatusCode?: number } }).$metadata;
  return metadata?.httpStatusCode;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Encodes a key for a URL, keeping its `/`. */
function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

/** A name's base and its last extension, the dot included, as the media code splits it. */
function splitExtension(name: string): { base: string; extension: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return { base: name, extension: '' };
  return { base: name.slice(0, dot), extension: name.slice(dot) };
}

/**
 * A {@link FileStore} over an S3-compatible bucket. Build it with {@link s3FileStore}.
 */
export class S3FileStore implements FileStore {
  /** The client it sends requests with. */
  readonly client: S3Client;
  /** The bucket. */
  readonly bucket: string;
  /** The folder in the bucket, `''` or ending with `/`. */
  readonly prefix: string;
  private readonly urls: S3Urls;
  private readonly partSize: number;
  private readonly queueSize: number;
  private readonly staging: string;
  private readonly log: (message: string) => void;
  private readonly publicBase: string;
  private conditional: Promise<boolean> | undefined;

  constructor(options: S3FileStoreOptions) {
    const problem = s3SettingsError(options);
    if (problem !== undefined) throw new Error(problem);
    this.bucket = options.bucket;
    const prefix = (options.prefix ?? '').replace(/\/+$/, '');
    this.prefix = prefix === '' ? '' : `${prefix}/`;
    this.urls = options.urls;
    this.partSize = options.partSize ?? DEFAULT_PART_SIZE;
    this.queueSize = options.queueSize ?? DEFAULT_QUEUE_SIZE;
    this.staging = resolve(options.stagingDirectory ?? join(tmpdir(), 'cms-json-s3'));
    this.log = options.log ?? ((message) => console.error(message));
    if (options.conditionalWrites !== undefined && options.conditionalWrites !== 'auto') {
      this.conditional = Promise.resolve(options.conditionalWrites);
    }
    const region = options.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1';
    const config: S3ClientConfig = {
      region,
      forcePathStyle: options.forcePathStyle ?? false,
      // Checksums only where S3 requires them: S3-compatible services differ on the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A service that does not answer fails the request (the SDK retries it, then the upload fails) instead of hanging it.
      requestHandler: { connectionTimeout: options.connectTimeoutMs ?? 5_000, socketTimeout: options.idleTimeoutMs ?? 60_000 },
      ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
      ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
    };
    this.client = options.client ?? new S3Client(config);
    const base = options.urls.kind === 'public' ? options.urls.baseUrl : undefined;
    if (base !== undefined) this.publicBase = base.replace(/\/+$/, '');
    else if (options.endpoint !== undefined) {
      const endpoint = new URL(options.endpoint);
      const root = `${endpoint.origin}${endpoint.pathname.replace(/\/+$/, '')}`;
      this.publicBase =
        options.forcePathStyle === true ? `${root}/${this.bucket}` : `${endpoint.protocol}//${this.bucket}.${endpoint.host}`;
    } else this.publicBase = `https://${this.bucket}.s3.${region}.amazonaws.com`;
  }

  /** The object key of a stored path. */
  key(path: string): string {
    if (path === '' || path.startsWith('/') || path.split('/').some((s) => s === '' || s === '.' || s === '..')) {
      throw new Error(`Not a stored path: ${path}`);
    }
    return `${this.prefix}${path}`;
  }

  async stagingPath(): Promise<string> {
    await mkdir(this.staging, { recursive: true });
    return join(this.staging, randomUUID());
  }

  /**
   * Streams the staged file to a free key in `folder` and removes the staged file. A
   * failure of the service (unreachable, refused, no such bucket) is the upload's
   * `rest_upload_unknown_error` (500), with no object left behind (a multipart upload is aborted).
   */
  async put(file: PutFile): Promise<string> {
    try {
      const conditional = await this.conditionalWrites();
      const { base, extension } = splitExtension(file.name);
      for (let n = 0; n < MAX_VARIANTS; n++) {
        const name = !conditional
          ? `${base}-${randomBytes(5).toString('hex')}${extension}`
          : n === 0
            ? file.name
            : `${base}-${n}${extension}`;
        const path = `${file.folder}/${name}`;
        const key = this.key(path);
        // A name known taken is passed over without sending the file; the write below decides.
        if (conditional && (await this.exists(key))) continue;
        if (await this.upload(key, file, { conditional })) return path;
      }
      throw new Error(`No free name for ${file.name} in ${file.folder}`);
    } catch (error) {
      this.log(`cms-json s3: could not store ${file.folder}/${file.name} in bucket ${this.bucket}: ${describe(error)}`);
      throw contentError('rest_upload_unknown_error.not_stored');
    } finally {
      await rm(file.localPath, { force: true });
    }
  }

  /** Sends the file to `key`; `false` when a conditional write found the key taken. */
  private async upload(key: string, file: PutFile, options: { conditional: boolean }): Promise<boolean> {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(file.localPath),
        ContentType: file.mimeType,
        ...(options.conditional ? { IfNoneMatch: '*' } : {}),
      },
      partSize: this.partSize,
      queueSize: this.queueSize,
      // A failed multipart upload is aborted: its parts are not kept (nor billed).
      leavePartsOnError: false,
    });
    try {
      await upload.done();
      return true;
    } catch (error) {
      const status = statusOf(error);
      // 412: the key exists; 409: another write to it is under way.
      if (options.conditional && (status === 412 || status === 409)) return false;
      throw error;
    }
  }

  private async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw error;
    }
  }

  /** Whether writes are conditional: told, or found once by a probe (retried after a failure). */
  private conditionalWrites(): Promise<boolean> {
    if (this.conditional === undefined) {
      const probing = this.probe();
      this.conditional = probing;
      probing.catch(() => {
        if (this.conditional === probing) this.conditional = undefined;
      });
    }
    return this.conditional;
  }

  /** Writes a probe object twice with `If-None-Match: *`: a backend that honours it refuses the second. */
  private async probe(): Promise<boolean> {
    const key = `${this.prefix}.cms-json-probe-${randomUUID()}`;
    const put = () => this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: 'probe', IfNoneMatch: '*' }));
    try {
      await put();
    } catch (error) {
      const status = statusOf(error);
      // A backend that refuses the header itself (501 Not Implemented, 400): no conditional writes.
      if (status === 501 || status === 400) return false;
      throw error;
    }
    try {
      await put();
      this.log(
        `cms-json s3: bucket ${this.bucket} ignores conditional writes (If-None-Match); new files get a random suffix to stay unique.`,
      );
      return false;
    } catch (error) {
      if (statusOf(error) === 412 || statusOf(error) === 409) return true;
      throw error;
    } finally {
      await this.deleteKeys([key]).catch(() => undefined);
    }
  }

  /**
   * Deletes the objects of `paths` (in batches of 1000); missing ones are skipped. A failure
   * is logged and thrown: the media routes run it after the commit and never pass it to the client.
   */
  async remove(paths: readonly string[]): Promise<void> {
    if (paths.length === 0) return;
    try {
      await this.deleteKeys(paths.map((path) => this.key(path)));
    } catch (error) {
      this.log(`cms-json s3: could not delete ${paths.join(', ')} from bucket ${this.bucket}: ${describe(error)}`);
      throw error;
    }
  }

  private async deleteKeys(keys: readonly string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      const result = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
      const failed = (result.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length > 0) {
        throw new Error(`DeleteObjects failed for ${failed.map((e) => `${e.Key ?? '?'} (${e.Code ?? '?'})`).join(', ')}`);
      }
    }
  }

  /** The bytes of a stored file (to edit an image). */
  async read(path: string): Promise<Uint8Array> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(path) }));
    if (answer.Body === undefined) throw new Error(`No body for ${path}`);
    return answer.Body.transformToByteArray();
  }

  /**
   * The URL written into REST answers: the public URL of the object, or in signed mode the
   * site's own path for it (answered by {@link s3UploadsHandler}).
   */
  url(path: string): string {
    if (this.urls.kind === 'signed') return `${this.urls.sitePath.replace(/\/+$/, '')}/${encodeKey(path)}`;
    return `${this.publicBase}/${encodeKey(this.key(path))}`;
  }

  /** A presigned GET URL of a stored path, valid `expiresInSeconds` (signed mode's setting, default 900). */
  async signedUrl(path: string): Promise<string> {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: this.key(path) }), {
      expiresIn: this.expiresInSeconds,
    });
  }

  /** How long the presigned URLs of {@link signedUrl} last, in seconds. */
  get expiresInSeconds(): number {
    return this.urls.kind === 'signed' ? (this.urls.expiresInSeconds ?? DEFAULT_EXPIRES) : DEFAULT_EXPIRES;
  }

  /** The site path signed URLs are answered at (signed mode), else `undefined`. */
  get sitePath(): string | undefined {
    return this.urls.kind === 'signed' ? this.urls.sitePath.replace(/\/+$/, '') : undefined;
  }

  /** Stops the client's connections (the process can then exit). */
  destroy(): void {
    this.client.destroy();
  }
}

/**
 * A {@link FileStore} over an S3-compatible bucket: give it to the content plugin as
 * `media.store`. Throws at once on a bad setting (bucket name, endpoint URL, part size).
 *
 * @example
 * ```ts
 * // MinIO, files public through a CDN:
 * const store = s3FileStore({
 *   bucket: 'media', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true,
 *   urls: { kind: 'public', baseUrl: 'https://media.example.com' },
 * });
 * await server.use(contentPlugin({ auth, media: { store } }));
 * ```
 */
export function s3FileStore(options: S3FileStoreOptions): S3FileStore {
  return new S3FileStore(options);
}
