/**
 * The editor bundle's files served as pages of the area, `<area>assets/<name>`: cached for a
 * year by browsers (`immutable`), addressed with a `?ver=` of their content so that a new
 * build is a new URL.
 *
 * @module
 */
import type { PageRequest, PageResponse } from '@cms-json/core';

/** One built file: its content and media type. */
export interface AssetFile {
  readonly body: Uint8Array | string;
  readonly type: string;
}

/** The bundle's files by name (`editor.js`, `editor.css`). */
export interface AssetFiles {
  readonly files: ReadonlyMap<string, AssetFile>;
}

/** A year, in seconds: the files never change under one URL. */
const LONG_CACHE = 'public, max-age=31536000, immutable';

/** The bundle's files as text, each with a short version of its content. */
export interface ServedAssets {
  /** The text of a file and its headers, or `undefined`. */
  file(name: string): { body: string; type: string } | undefined;
  /** The version of a file (a hash of its content), for its URL's `?ver=`. */
  version(name: string): string | undefined;
  /** The names, in the order the bundle lists them. */
  names(): readonly string[];
}

/**
 * The files of a bundle, read once: text files are served as they are, the rest are left out
 * (a page's body is text; the bundle's own files are JavaScript and CSS).
 *
 * @example
 * const served = servedAssets(await editorAssets());
 * served.version('editor.js'); // '3f9a1c0e'
 */
export function servedAssets(assets: AssetFiles): ServedAssets {
  const decoder = new TextDecoder();
  const files = new Map<string, { body: string; type: string; version: string }>();
  for (const [name, file] of assets.files) {
    const body = typeof file.body === 'string' ? file.body : decoder.decode(file.body);
    files.set(name, { body, type: file.type, version: contentVersion(body) });
  }
  return {
    file: (name) => files.get(name),
    version: (name) => files.get(name)?.version,
    names: () => [...files.keys()],
  };
}

/**
 * A file's page: 200 with the file and a year of caching, 404 for a name the bundle does not have.
 *
 * @example
 * server.page({ path: '/cms-admin/assets/:name', handler: async (request) => assetPage(await served(), request) });
 */
export function assetPage(served: ServedAssets, request: PageRequest): PageResponse {
  const file = served.file(request.params.name ?? '');
  if (file === undefined) {
    return {
      status: 404,
      headers: { 'Cache-Control': 'no-cache' },
      body: '<!doctype html><title>Not Found</title><h1>Not Found</h1>\n',
    };
  }
  return { headers: { 'Content-Type': file.type, 'Cache-Control': LONG_CACHE }, body: file.body };
}

/** FNV-1a over the text's UTF-16 code units, as eight hex digits: a version, not a security hash. */
export function contentVersion(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
