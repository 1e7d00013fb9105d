/**
 * The site serves its uploads folder (`/{prefix}-content/uploads/2026/11/photo.jpg`), for
 * GET and HEAD, as the requests the REST server does not answer. Only files under the folder
 * are served: a path that leaves it (`..`, an encoded `/` or `\`, a NUL byte) or names the
 * staging folder is a 404. The media type comes from the extension, through the same
 * allow-list uploads are checked against, and `nosniff` stops browsers guessing another.
 * {@link uploadsHandler} answers on node:http, {@link uploadsFetchHandler} on a Fetch runtime
 * (Bun, Deno); both find the file through {@link findUpload}.
 *
 * @module
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
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

const NOT_FOUND_HEADERS = { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': '9' };

function notFound(res: NodeResponse): void {
  res.writeHead(404, NOT_FOUND_HEADERS);
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

/** A file the uploads path answers with: its full path and the headers of its 200. */
export interface FoundUpload {
  readonly file: string;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * The uploaded file a GET or HEAD request names, with the headers to send it with, or
 * `undefined` (a 404) for another method, a path outside the folder, or no such file.
 *
 * @example
 * const found = await findUpload({ directory: './data/uploads', urlPath: '/cms-content/uploads' }, 'GET', '/cms-content/uploads/2026/11/a.png');
 */
export async function findUpload(options: UploadsHandlerOptions, method: string, url: string): Promise<FoundUpload | undefined> {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  const file = fileOf(resolve(options.directory), options.urlPath, url);
  if (file === undefined) return undefined;
  const info = await stat(file).catch(() => undefined);
  if (info === undefined || !info.isFile()) return undefined;
  const extension = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  return {
    file,
    headers: {
      'Content-Type': MEDIA_TYPES.get(extension) ?? 'application/octet-stream',
      'Content-Length': String(info.size),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=31536000',
    },
  };
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
  return (req, res) => {
    findUpload(options, req.method ?? 'GET', req.url ?? '/').then(
      (found) => {
        if (found === undefined) {
          notFound(res);
          return;
        }
        res.writeHead(200, found.headers);
        if (req.method === 'HEAD') res.end();
        else
          createReadStream(found.file)
            .on('error', () => res.destroy())
            .pipe(res);
      },
      () => notFound(res),
    );
  };
}

/**
 * The same as {@link uploadsHandler} for a Fetch runtime: a `fallback` of `createFetchHandler()`
 * (the file is streamed from `node:fs`, which Bun and Deno have).
 *
 * @example
 * ```ts
 * createFetchHandler(server, { fallback: uploadsFetchHandler({ directory: './data/uploads', urlPath: '/cms-content/uploads' }) });
 * ```
 */
export function uploadsFetchHandler(options: UploadsHandlerOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const found = await findUpload(options, request.method, url.pathname + url.search).catch(() => undefined);
    if (found === undefined) return new Response('Not Found', { status: 404, headers: NOT_FOUND_HEADERS });
    const body = request.method === 'HEAD' ? null : Readable.toWeb(createReadStream(found.file));
    return new Response(body, { status: 200, headers: found.headers });
  };
}
