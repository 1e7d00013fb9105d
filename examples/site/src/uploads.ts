/**
 * The site serves its uploads folder (`/{prefix}-content/uploads/2026/11/photo.jpg`), for
 * GET and HEAD, as the requests the REST server does not answer. Only files under the folder
 * are served: a path that leaves it (`..`, an encoded `/` or `\`, a NUL byte) or names the
 * staging folder is a 404. The media type comes from the extension, through the same
 * allow-list uploads are checked against, and `nosniff` stops browsers guessing another.
 *
 * @module
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { DEFAULT_ALLOWED_TYPES } from '@cms-json/content';
import type { NodeRequest, NodeResponse } from '@cms-json/node';

/** Options of {@link uploadsHandler}. */
export interface UploadsHandlerOptions {
  /** The uploads folder (the disk file store's `directory`). */
  directory: string;
  /** The path it is served at, without a trailing slash (`/cms-content/uploads`). */
  urlPath: string;
}

const MEDIA_TYPES = new Map(DEFAULT_ALLOWED_TYPES.flatMap((type) => type.extensions.map((ext) => [ext, type.mimeType] as const)));

function notFound(res: NodeResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': '9' });
  res.end('Not Found');
}

/** The file a URL path names under the folder, or `undefined` when it names none. */
function fileOf(root: string, urlPath: string, url: string): string | undefined {
  const path = url.split('?')[0] ?? '';
  if (!path.startsWith(`${urlPath}/`)) return undefined;
  let relative: string;
  try {
    relative = decodeURIComponent(path.slice(urlPath.length + 1));
  } catch {
    return undefined;
  }
  const segments = relative.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.startsWith('.') || s.includes('\\') || s.includes('\0'))) {
    return undefined;
  }
  const full = resolve(root, ...segments);
  return full.startsWith(root + sep) ? full : undefined;
}

/**
 * A fallback for `serve()` / `createRequestListener()`: answers the uploads folder's files
 * and 404 for anything else.
 *
 * @example
 * ```ts
 * serve({ server, port: 8080, fallback: uploadsHandler({ directory: './data/uploads', urlPath: '/cms-content/uploads' }) });
 * ```
 */
export function uploadsHandler(options: UploadsHandlerOptions): (req: NodeRequest, res: NodeResponse) => void {
  const root = resolve(options.directory);
  return (req, res) => {
    const file = req.method === 'GET' || req.method === 'HEAD' ? fileOf(root, options.urlPath, req.url ?? '/') : undefined;
    if (file === undefined) {
      notFound(res);
      return;
    }
    const extension = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
    stat(file).then(
      (info) => {
        if (!info.isFile()) {
          notFound(res);
          return;
        }
        res.writeHead(200, {
          'Content-Type': MEDIA_TYPES.get(extension) ?? 'application/octet-stream',
          'Content-Length': String(info.size),
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'public, max-age=31536000',
        });
        if (req.method === 'HEAD') res.end();
        else
          createReadStream(file)
            .on('error', () => res.destroy())
            .pipe(res);
      },
      () => notFound(res),
    );
  };
}
