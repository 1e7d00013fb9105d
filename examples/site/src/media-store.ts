/**
 * Where the example site keeps its uploads: the disk folder (`UPLOADS_DIR`, the default) or
 * an S3-compatible bucket when `S3_BUCKET` is set, so nodes that share no disk serve the same
 * files. {@link readMediaStoreConfig} reads and checks the settings (a bad one stops the site
 * with one clear line); {@link createMediaStore} builds the store and what answers the
 * site's uploads path (the disk folder's files, or in signed mode a 302 to a presigned URL),
 * on node:http (`fallback`) and on a Fetch runtime (`fetchFallback`).
 *
 * | Variable | Meaning |
 * | --- | --- |
 * | `S3_BUCKET` | the bucket; when set, uploads go to S3 |
 * | `S3_ENDPOINT` | an S3-compatible service (`http://127.0.0.1:9000` for MinIO, `https://<account>.r2.cloudflarestorage.com`) |
 * | `S3_REGION` | the region (`auto` for R2); default the SDK's `AWS_REGION`, else `us-east-1` |
 * | `S3_PREFIX` | a folder in the bucket for this site |
 * | `S3_FORCE_PATH_STYLE` | `1` for path-style URLs (MinIO) |
 * | `S3_PUBLIC_URL` | public files: the URL readers reach the bucket's root at (a CDN); default the bucket's own URL |
 * | `S3_SIGNED_URLS` | `1` for a private bucket: the site redirects to presigned URLs |
 * | `S3_SIGNED_URL_EXPIRES` | their life in seconds, default 900 |
 * | `S3_CONDITIONAL_WRITES` | `1`, `0` or `auto` (default): whether the service honours `If-None-Match` |
 * | `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, … | credentials, read by the AWS SDK |
 *
 * @module
 */
import { join } from 'node:path';
import { diskFileStore, type FileStore } from '@cms-json/content';
import type { NodeRequest, NodeResponse } from '@cms-json/node';
import type { UploadsRequest, UploadsResponse } from '@cms-json/s3';
import { type S3FileStoreOptions, s3SettingsError } from '@cms-json/s3/settings';
import { uploadsFetchHandler, uploadsHandler } from './uploads.js';

/** The media store the settings ask for. */
export type MediaStoreConfig =
  | { readonly kind: 'disk' }
  | { readonly kind: 's3'; readonly options: Omit<S3FileStoreOptions, 'log' | 'client' | 'stagingDirectory'> };

const FLAGS: Readonly<Record<string, boolean>> = { '1': true, true: true, '0': false, false: false };

/**
 * Reads the media store's settings from the environment; throws one clear line for a bad
 * value or combination (an `S3_*` setting without `S3_BUCKET`, both `S3_PUBLIC_URL` and
 * `S3_SIGNED_URLS`, a bad bucket name or endpoint URL).
 *
 * @example
 * readMediaStoreConfig({ S3_BUCKET: 'media', S3_SIGNED_URLS: '1' }, { uploadsUrlPath: '/cms-content/uploads' });
 */
export function readMediaStoreConfig(
  env: Readonly<Record<string, string | undefined>>,
  site: { readonly uploadsUrlPath: string },
): MediaStoreConfig {
  const set = (name: string) => {
    const value = env[name];
    return value === undefined || value === '' ? undefined : value;
  };
  const bucket = set('S3_BUCKET');
  if (bucket === undefined) {
    const stray = Object.keys(env).filter((name) => name.startsWith('S3_') && set(name) !== undefined);
    if (stray.length > 0)
      throw new Error(`${stray.sort().join(', ')} set without S3_BUCKET: set S3_BUCKET to keep uploads in S3.`);
    return { kind: 'disk' };
  }
  const flag = (name: string): boolean | undefined => {
    const value = set(name);
    if (value === undefined) return undefined;
    const known = FLAGS[value.toLowerCase()];
    if (known === undefined) throw new Error(`${name} must be 1 or 0, not "${value}".`);
    return known;
  };
  const publicUrl = set('S3_PUBLIC_URL');
  const signed = flag('S3_SIGNED_URLS') ?? false;
  if (signed && publicUrl !== undefined) {
    throw new Error('S3_PUBLIC_URL and S3_SIGNED_URLS=1 exclude each other: public files, or a private bucket with signed URLs.');
  }
  const expiresText = set('S3_SIGNED_URL_EXPIRES');
  if (expiresText !== undefined && !signed) throw new Error('S3_SIGNED_URL_EXPIRES is for S3_SIGNED_URLS=1 only.');
  const expires = expiresText === undefined ? undefined : Number(expiresText);
  const conditionalText = set('S3_CONDITIONAL_WRITES');
  const conditionalWrites = conditionalText === undefined || conditionalText === 'auto' ? 'auto' : flag('S3_CONDITIONAL_WRITES');
  const endpoint = set('S3_ENDPOINT');
  const region = set('S3_REGION');
  const prefix = set('S3_PREFIX');
  const forcePathStyle = flag('S3_FORCE_PATH_STYLE');
  const options: MediaStoreConfig & { kind: 's3' } = {
    kind: 's3',
    options: {
      bucket,
      ...(endpoint === undefined ? {} : { endpoint }),
      ...(region === undefined ? {} : { region }),
      ...(prefix === undefined ? {} : { prefix }),
      ...(forcePathStyle === undefined ? {} : { forcePathStyle }),
      ...(conditionalWrites === undefined ? {} : { conditionalWrites }),
      urls: signed
        ? { kind: 'signed', sitePath: site.uploadsUrlPath, ...(expires === undefined ? {} : { expiresInSeconds: expires }) }
        : { kind: 'public', ...(publicUrl === undefined ? {} : { baseUrl: publicUrl }) },
    },
  };
  const problem = s3SettingsError(options.options);
  if (problem !== undefined) throw new Error(problem);
  return options;
}

/** The site's media: its file store, what answers its uploads path, and how to let it go. */
export interface SiteMedia {
  readonly store: FileStore;
  /**
   * What the site answers for requests the REST server does not: the uploads folder's files
   * (disk), a 302 to a presigned URL (S3, signed), else 404 (S3, public: the bucket or CDN serves files).
   */
  readonly fallback: (req: NodeRequest, res: NodeResponse) => void;
  /** The same answers as {@link fallback}, for `createFetchHandler()` (Bun, Deno, `worker.ts`). */
  readonly fetchFallback: (request: Request) => Promise<Response>;
  /** Lets the store's connections go (the S3 client's). */
  close(): void;
}

/**
 * The site's media: the disk folder, or the S3 bucket, staging uploads in `<directory>/.staging`
 * (scratch only). The AWS SDK is loaded only for S3.
 *
 * @example
 * const media = await createMediaStore(config.mediaStore, { directory: config.uploadsDir, urlPath: config.uploadsUrlPath });
 */
export async function createMediaStore(
  config: MediaStoreConfig,
  disk: { directory: string; urlPath: string },
): Promise<SiteMedia> {
  if (config.kind === 'disk') {
    return {
      store: diskFileStore(disk),
      fallback: uploadsHandler(disk),
      fetchFallback: uploadsFetchHandler(disk),
      close: () => {},
    };
  }
  process.env.AWS_SDK_JS_SUPPRESS_NODE_VERSION_WARNING ??= '1';
  const { s3FileStore, s3UploadsHandler } = await import('@cms-json/s3');
  const store = s3FileStore({ ...config.options, stagingDirectory: join(disk.directory, '.staging') });
  const fallback = s3UploadsHandler(store);
  return { store, fallback, fetchFallback: fetchOfTextHandler(fallback), close: () => store.destroy() };
}

/**
 * A handler that writes a head and a text body (the S3 uploads handler's redirects and
 * errors) as a Fetch handler: what it writes becomes the `Response`.
 */
function fetchOfTextHandler(
  handler: (req: UploadsRequest, res: UploadsResponse) => void,
): (request: Request) => Promise<Response> {
  return (request) =>
    new Promise((answer) => {
      const url = new URL(request.url);
      let status = 200;
      let headers: Record<string, string> = {};
      handler(
        { method: request.method, url: url.pathname + url.search },
        {
          writeHead(code, head) {
            status = code;
            headers = head;
          },
          end(text) {
            const body = text === '' || request.method === 'HEAD' ? null : text;
            answer(new Response(body, { status, headers }));
          },
        },
      );
    });
}

/**
 * One line naming where uploads go, for the site's start-up message.
 *
 * @example
 * describeMediaStore(config.mediaStore, './data/uploads'); // 's3://media/site-a/ at http://127.0.0.1:9000, signed URLs'
 */
export function describeMediaStore(config: MediaStoreConfig, directory: string): string {
  if (config.kind === 'disk') return directory;
  const { bucket, prefix, endpoint, urls } = config.options;
  const where = `s3://${bucket}/${prefix === undefined ? '' : `${prefix.replace(/\/+$/, '')}/`}`;
  const mode = urls.kind === 'signed' ? 'signed URLs' : `public at ${urls.baseUrl ?? 'the bucket URL'}`;
  return `${where}${endpoint === undefined ? '' : ` at ${endpoint}`}, ${mode}`;
}
