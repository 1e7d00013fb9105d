/**
 * Where uploaded files are kept: the {@link FileStore} interface and its default,
 * {@link diskFileStore}, an uploads folder on disk in year/month folders.
 *
 * A store never replaces a file: {@link FileStore.put} picks a free name (`photo.jpg`,
 * then `photo-1.jpg`, …) and claims it in one step, so two uploads of the same name at the
 * same time keep both. Files are staged in the store's staging folder and moved into place
 * whole, so a failed upload leaves nothing half-written under a public name.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, unlink } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { splitExtension } from './file-name.js';

/** What {@link FileStore.put} keeps. */
export interface PutFile {
  /** The staged file on the local disk (from {@link FileStore.stagingPath}); the store takes it over. */
  readonly localPath: string;
  /** The folder under the store, `/`-separated (`2026/11`). */
  readonly folder: string;
  /** The wanted name, already made safe (`safeFileName`): a free variant is chosen. */
  readonly name: string;
  /** The file's media type. */
  readonly mimeType: string;
}

/**
 * A place to keep uploaded files. Implement it to keep them elsewhere (object storage, a
 * CDN); the media routes only go through these calls.
 *
 * @example
 * ```ts
 * const store = diskFileStore({ directory: './uploads', urlPath: '/uploads' });
 * const key = await store.put({ localPath: await store.stagingPath(), folder: '2026/11', name: 'photo.jpg', mimeType: 'image/jpeg' });
 * store.url(key); // '/uploads/2026/11/photo.jpg'
 * ```
 */
export interface FileStore {
  /** A fresh local path to stage a file at (nothing exists there yet). */
  stagingPath(): Promise<string>;
  /**
   * Keeps a staged file under a free name in `folder`, never replacing a file, and returns
   * its path in the store (`2026/11/photo-1.jpg`). The staged file is gone afterwards.
   */
  put(file: PutFile): Promise<string>;
  /** Removes stored files by path; paths already gone are skipped. */
  remove(paths: readonly string[]): Promise<void>;
  /** The URL of a stored path: absolute, or a path on the site (`/uploads/2026/11/a.jpg`). */
  url(path: string): string;
  /**
   * The bytes of a stored file (to edit an image: `/media/<id>/edit`); a store without it
   * cannot edit images (500 `rest_unknown_image_file_type`).
   */
  read?(path: string): Promise<Uint8Array>;
}

/** Options of {@link diskFileStore}. */
export interface DiskFileStoreOptions {
  /** The uploads folder; made when needed. */
  directory: string;
  /** Where the site serves that folder: a path (`/uploads`) or an absolute URL. */
  urlPath: string;
}

/** How many numbered variants of a name are tried before the upload is refused. */
const MAX_VARIANTS = 10_000;

/**
 * The default store: files under `directory` in the folders asked for, served by the site
 * at `urlPath` (the example site serves it). Staged files go to `directory/.staging`, on the
 * same disk, so a file is moved into place with a hard link, which fails instead of
 * replacing a file of the same name. Its steps are methods a subclass may override.
 *
 * @example
 * const store = new DiskFileStore({ directory: './data/uploads', urlPath: '/cms-content/uploads' });
 */
export class DiskFileStore implements FileStore {
  /** The uploads folder, absolute. */
  protected readonly root: string;
  /** Where files are staged before they are kept. */
  protected readonly staging: string;
  /** The URL of the uploads folder, without a trailing slash. */
  protected readonly urlBase: string;

  constructor(options: DiskFileStoreOptions) {
    this.root = resolve(options.directory);
    this.staging = join(this.root, '.staging');
    this.urlBase = options.urlPath.replace(/\/+$/, '');
  }

  /** The file of a stored path; throws for a path outside the store (or in its staging folder). */
  protected inside(path: string): string {
    const full = resolve(this.root, path);
    if (!full.startsWith(this.root + sep) || full.startsWith(this.staging + sep)) throw new Error(`Not a stored path: ${path}`);
    return full;
  }

  async stagingPath(): Promise<string> {
    await mkdir(this.staging, { recursive: true });
    return join(this.staging, randomUUID());
  }

  async put(file: PutFile): Promise<string> {
    const folder = this.inside(file.folder);
    await mkdir(folder, { recursive: true });
    const { base, extension } = splitExtension(file.name);
    for (let n = 0; n < MAX_VARIANTS; n++) {
      const name = n === 0 ? file.name : `${base}-${n}${extension}`;
      try {
        await link(file.localPath, join(folder, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw error;
      }
      await unlink(file.localPath);
      return `${file.folder}/${name}`;
    }
    throw new Error(`No free name for ${file.name} in ${file.folder}`);
  }

  async remove(paths: readonly string[]): Promise<void> {
    for (const path of paths) {
      try {
        await unlink(this.inside(path));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }

  async read(path: string): Promise<Uint8Array> {
    return readFile(this.inside(path));
  }

  url(path: string): string {
    return `${this.urlBase}/${path.split('/').map(encodeURIComponent).join('/')}`;
  }
}

/**
 * A {@link DiskFileStore}: the shorthand the docs and the example site use.
 *
 * @example
 * const store = diskFileStore({ directory: './data/uploads', urlPath: '/cms-content/uploads' });
 */
export function diskFileStore(options: DiskFileStoreOptions): FileStore {
  return new DiskFileStore(options);
}
