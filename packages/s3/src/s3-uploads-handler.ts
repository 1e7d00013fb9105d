/**
 * {@link s3UploadsHandler}: in signed mode, the site answers the URL a REST answer gives for
 * a file (`/cms-content/uploads/2026/11/photo.jpg`) with a 302 to a presigned URL made for
 * this request, so answers kept by shared caches never hold a URL that expires.
 *
 * @module
 */
import type { S3FileStore } from './s3-file-store.js';

/** The stored path a request URL names under `sitePath`, or `undefined` when it names none. */
export function storedPathOf(sitePath: string, url: string): string | undefined {
  const path = url.split('?')[0] ?? '';
  if (!path.startsWith(`${sitePath}/`)) return undefined;
  let relative: string;
  try {
    relative = decodeURIComponent(path.slice(sitePath.length + 1));
  } catch {
    return undefined;
  }
  const segments = relative.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.startsWith('.') || s.includes('\\') || s.includes('\0'))) {
    return undefined;
  }
  return segments.join('/');
}

/** The part of a request the handler reads (Node's `IncomingMessage`, HTTP/2's request). */
export interface UploadsRequest {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
}

/** The part of a response the handler writes (Node's `ServerResponse`, HTTP/2's response). */
export interface UploadsResponse {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(text: string): unknown;
}

function plain(res: UploadsResponse, status: number, text: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

/**
 * A request handler (a `fallback` of `serve()`) answering GET and HEAD under the store's
 * `sitePath` with a 302 to a presigned URL, kept by the browser (`private`) for half its
 * life and by no shared cache; anything else is a 404. It does not check that the object
 * exists (the presigned URL answers 404 itself), so it costs no request to the bucket.
 *
 * @example
 * ```ts
 * const store = s3FileStore({ bucket: 'media', urls: { kind: 'signed', sitePath: '/cms-content/uploads' } });
 * serve({ server, port: 8080, fallback: s3UploadsHandler(store) });
 * ```
 */
export function s3UploadsHandler(store: S3FileStore): (req: UploadsRequest, res: UploadsResponse) => void {
  const sitePath = store.sitePath;
  return (req, res) => {
    const path =
      sitePath !== undefined && (req.method === 'GET' || req.method === 'HEAD')
        ? storedPathOf(sitePath, req.url ?? '/')
        : undefined;
    if (path === undefined) {
      plain(res, 404, 'Not Found');
      return;
    }
    store.signedUrl(path).then(
      (location) => {
        res.writeHead(302, {
          Location: location,
          'Content-Length': '0',
          'Cache-Control': `private, max-age=${Math.floor(store.expiresInSeconds / 2)}`,
        });
        res.end('');
      },
      () => plain(res, 503, 'Service Unavailable'),
    );
  };
}
