/**
 * The settings of {@link S3FileStoreOptions} and their check, {@link s3SettingsError}, apart
 * from the store so that a site can check its settings at start without loading the AWS SDK
 * (`@cms-json/s3/settings`).
 *
 * @module
 */
import type { S3Client } from '@aws-sdk/client-s3';

const MIB = 1024 * 1024;
/** S3's smallest part (but the last). */
const MIN_PART_SIZE = 5 * MIB;
const MAX_PART_SIZE = 5 * 1024 * MIB;
/** The default part size of multipart uploads (8 MiB). */
export const DEFAULT_PART_SIZE = 8 * MIB;
/** The default number of parts sent at once. */
export const DEFAULT_QUEUE_SIZE = 4;
/** The default life of a presigned URL, in seconds. */
export const DEFAULT_EXPIRES = 900;
/** S3's longest presigned URL (7 days). */
const MAX_EXPIRES = 604_800;
/** Bucket names as S3 (and R2, MinIO) accept them. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** How the URLs of stored files are made. */
export type S3Urls =
  | {
      /** Files are public: their URL is `baseUrl` + the object's key. */
      readonly kind: 'public';
      /**
       * The URL of the bucket's root as readers reach it: a CDN (`https://media.example.com`) or
       * the bucket's public URL (R2's `https://pub-….r2.dev`). Default: the bucket's URL at its
       * endpoint (`https://<bucket>.s3.<region>.amazonaws.com`, or `<endpoint>/<bucket>` with
       * `forcePathStyle`).
       */
      readonly baseUrl?: string;
    }
  | {
      /**
       * The bucket is private: a file's URL is a path on the site (`sitePath` + its path), which
       * the site answers with a 302 to a freshly presigned URL ({@link s3UploadsHandler}). A
       * presigned URL expires, so it is never written into a REST answer, which shared caches keep.
       */
      readonly kind: 'signed';
      /** Where the site answers for its uploads, without a trailing slash (`/cms-content/uploads`). */
      readonly sitePath: string;
      /** How long a presigned URL is valid, in seconds (1 to 604800). @default 900 */
      readonly expiresInSeconds?: number;
    };

/** Options of {@link s3FileStore}. */
export interface S3FileStoreOptions {
  /** The bucket (3 to 63 characters: lowercase letters, digits, `.` and `-`). */
  readonly bucket: string;
  /** A folder in the bucket for this site's files (`site-a/`); default none. */
  readonly prefix?: string;
  /** The region; default the SDK's (`AWS_REGION`), else `us-east-1` (R2: `auto`). */
  readonly region?: string;
  /** The endpoint of an S3-compatible service (MinIO, R2): `https://…` or `http://…`; default AWS. */
  readonly endpoint?: string;
  /** Path-style URLs (`<endpoint>/<bucket>/<key>`), which MinIO needs. @default false */
  readonly forcePathStyle?: boolean;
  /** Credentials; default the SDK's chain (`AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY`, profiles, roles). */
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string; readonly sessionToken?: string };
  /** Public or signed URLs. */
  readonly urls: S3Urls;
  /** The size of each part of a multipart upload, in bytes (at least 5 MiB). @default 8 MiB */
  readonly partSize?: number;
  /** How many parts are sent at once (1 to 16). @default 4 */
  readonly queueSize?: number;
  /** Where uploads are staged on the local disk (scratch only). @default `<os.tmpdir()>/cms-json-s3` */
  readonly stagingDirectory?: string;
  /**
   * Whether the backend honours `If-None-Match: *` on writes (AWS S3, R2 and MinIO do);
   * `'auto'` finds out with a probe object at the first upload.
   * @default 'auto'
   */
  readonly conditionalWrites?: boolean | 'auto';
  /** How long connecting to the service may take before a request fails (and is retried). @default 5000 */
  readonly connectTimeoutMs?: number;
  /** How long a request may wait for the service without a byte before it fails (and is retried). @default 60000 */
  readonly idleTimeoutMs?: number;
  /** A client to use instead of one made from the settings above (its settings win). */
  readonly client?: S3Client;
  /** Where failures that are not thrown (a delete after the commit) are told. @default console.error */
  readonly log?: (message: string) => void;
}

/** Why a setting of {@link s3FileStore} is refused; `undefined` when all are sound. */
export function s3SettingsError(options: S3FileStoreOptions): string | undefined {
  const { bucket } = options;
  if (!BUCKET_NAME.test(bucket) || bucket.includes('..') || /^\d+\.\d+\.\d+\.\d+$/.test(bucket)) {
    return `Invalid S3 bucket name "${bucket}": 3 to 63 characters, lowercase letters, digits, "." and "-", starting and ending with a letter or digit.`;
  }
  if (options.prefix !== undefined && (options.prefix.startsWith('/') || options.prefix.split('/').some((s) => s === '..'))) {
    return `Invalid S3 prefix "${options.prefix}": a folder in the bucket, without a leading "/" or "..".`;
  }
  if (options.endpoint !== undefined) {
    const problem = urlProblem(options.endpoint);
    if (problem !== undefined) return `Invalid S3 endpoint "${options.endpoint}": ${problem}`;
  }
  const { partSize = DEFAULT_PART_SIZE, queueSize = DEFAULT_QUEUE_SIZE } = options;
  if (!Number.isInteger(partSize) || partSize < MIN_PART_SIZE || partSize > MAX_PART_SIZE) {
    return `Invalid S3 part size ${partSize}: a whole number of bytes from ${MIN_PART_SIZE} (5 MiB) to ${MAX_PART_SIZE} (5 GiB).`;
  }
  if (!Number.isInteger(queueSize) || queueSize < 1 || queueSize > 16) {
    return `Invalid S3 queue size ${queueSize}: a whole number from 1 to 16.`;
  }
  for (const [name, value] of [
    ['connect timeout', options.connectTimeoutMs],
    ['idle timeout', options.idleTimeoutMs],
  ] as const) {
    if (value !== undefined && (!Number.isInteger(value) || value < 1 || value > 3_600_000)) {
      return `Invalid S3 ${name} ${value}: a whole number of milliseconds from 1 to 3600000.`;
    }
  }
  const { urls } = options;
  if (urls.kind === 'public' && urls.baseUrl !== undefined) {
    const problem = urlProblem(urls.baseUrl);
    if (problem !== undefined) return `Invalid public URL of the S3 bucket "${urls.baseUrl}": ${problem}`;
  }
  if (urls.kind === 'signed') {
    const expires = urls.expiresInSeconds ?? DEFAULT_EXPIRES;
    if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES) {
      return `Invalid expiry of signed S3 URLs ${expires}: a whole number of seconds from 1 to ${MAX_EXPIRES} (7 days).`;
    }
    if (!urls.sitePath.startsWith('/')) return `Invalid uploads path "${urls.sitePath}": a path on the site, starting with "/".`;
  }
  return undefined;
}

function urlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not a URL.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'an http:// or https:// URL is needed.';
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    return 'no query, fragment or credentials in it.';
  }
  return undefined;
}
