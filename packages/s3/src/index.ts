/**
 * Media of a cms-json site in S3-compatible object storage (AWS S3, Cloudflare R2, MinIO):
 * {@link s3FileStore} keeps uploads in a bucket, {@link s3UploadsHandler} answers the
 * site's upload URLs with presigned redirects when the bucket is private. The settings'
 * check alone, without the AWS SDK, is `@cms-json/s3/settings`.
 *
 * @module
 */
export { S3FileStore, s3FileStore } from './s3-file-store.js';
export { s3UploadsHandler, storedPathOf, type UploadsRequest, type UploadsResponse } from './s3-uploads-handler.js';
export { type S3FileStoreOptions, type S3Urls, s3SettingsError } from './settings.js';
