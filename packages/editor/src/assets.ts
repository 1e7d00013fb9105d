/**
 * The browser files of the authoring area: `editor.js` (WordPress's block editor and
 * `window.cmsJsonEditor.start`), `editor.css`, their source maps and the bundled packages'
 * license notices.
 *
 * The published package carries them prebuilt in `dist/client/` (its `prepack` builds them).
 * Running from the workspace (where `scripts/build-client.ts` is), they are built with esbuild on first use
 * (`scripts/build-client.ts`, some 20 seconds) and kept under
 * `node_modules/.cache/cms-json-editor/<key>/`, the key a hash of the lock file and of the
 * client's sources, so a fresh clone's `npm start` and `npm test` need no build step.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One file of the authoring area's browser side. */
export interface EditorAsset {
  /** The file's bytes. */
  body: Uint8Array;
  /** Its media type, with the charset for text. */
  type: string;
}

/** The browser files, and what the host page passes the editor from them. */
export interface EditorAssets {
  /**
   * The files by name: `editor.js`, `editor.js.map`, `editor.js.LEGAL.txt`, `editor.css`,
   * `editor.css.map`, `default-editor-styles.css`. Serve them under one directory: the files name each other relatively.
   */
  files: Map<string, EditorAsset>;
  /**
   * A hash of the files' contents, for the URLs' cache busting (WordPress's `?ver=`): a page
   * that names `editor.js?ver=<version>` may be cached for good.
   */
  version: string;
  /**
   * The block editor's default content styles (`@wordpress/block-editor`'s
   * `default-editor-styles.css`), which WordPress passes as the settings'
   * `defaultEditorStyles: [{ css }]` and, for a theme without editor styles, in `styles`.
   */
  defaultEditorStyles: string;
}

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** `packages/editor` in the workspace, the package's root when installed. */
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The media type of a built file, by its extension. */
function typeOf(name: string): string {
  const extension = /\.[a-z]+$/.exec(name)?.[0] ?? '';
  return types[extension] ?? 'application/octet-stream';
}

/** The build script: in the workspace only (the published package has `dist/` alone). */
const buildScript = join(packageDir, 'scripts/build-client.ts');

/** Where the published package keeps the prebuilt files. */
const prebuiltDir = join(packageDir, 'dist/client');

/** The workspace's root: the nearest directory above this package with a `package-lock.json`. */
function workspaceDir(): string {
  let dir = packageDir;
  for (let depth = 0; depth < 8; depth++) {
    if (existsSync(join(dir, 'package-lock.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return packageDir;
}

/**
 * The client's sources: the files of `client/` the build reads (`.ts`, `.css`, its `tsconfig.json`).
 * Directories are not sources: `tsc -b` writes the client's declarations into `client/.tsbuild/`.
 */
const clientSource = /\.(?:ts|css|json)$/;

/** The cache key: the lock file (the bundled versions) and the client's sources. */
async function buildKey(): Promise<string> {
  const hash = createHash('sha256');
  const lock = join(workspaceDir(), 'package-lock.json');
  const inputs = [
    lock,
    join(packageDir, 'package.json'),
    join(packageDir, 'scripts/build-client.ts'),
    ...(await readdir(join(packageDir, 'client'), { withFileTypes: true }))
      .filter((entry) => entry.isFile() && clientSource.test(entry.name))
      .map((entry) => join(packageDir, 'client', entry.name))
      .sort(),
  ];
  for (const input of inputs) {
    hash.update(input.slice(packageDir.length));
    hash.update(existsSync(input) ? await readFile(input) : '');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Builds into the cache (once per key; a concurrent build of the same key is not disturbed). */
async function builtDir(): Promise<string> {
  const cache = join(workspaceDir(), 'node_modules/.cache/cms-json-editor');
  const dir = join(cache, await buildKey());
  if (existsSync(join(dir, 'editor.js')) && existsSync(join(dir, 'editor.css'))) return dir;
  // The build script is TypeScript: the workspace runs under tsx or Vitest, which load it.
  const { buildClient } = (await import(buildScript)) as typeof import('../scripts/build-client.ts');
  await mkdir(cache, { recursive: true });
  const scratch = `${dir}.${process.pid}.${Date.now()}`;
  await buildClient({ outDir: scratch });
  try {
    await rename(scratch, dir);
  } catch (error) {
    // Another process built the same key first: keep its files.
    await rm(scratch, { recursive: true, force: true });
    if (!existsSync(join(dir, 'editor.js'))) throw error;
  }
  // Earlier builds (of other lock files or sources) are not used again.
  for (const entry of await readdir(cache)) {
    if (/^[0-9a-f]{16}$/.test(entry) && join(cache, entry) !== dir)
      await rm(join(cache, entry), { recursive: true, force: true });
  }
  return dir;
}

/** Reads the files of `dir`. */
async function load(dir: string): Promise<EditorAssets> {
  const files = new Map<string, EditorAsset>();
  const hash = createHash('sha256');
  for (const name of (await readdir(dir)).sort()) {
    const body = new Uint8Array(await readFile(join(dir, name)));
    files.set(name, { body, type: typeOf(name) });
    hash.update(name).update(body);
  }
  const defaultEditorStyles = await readFile(join(dir, 'default-editor-styles.css'), 'utf8');
  return { files, version: hash.digest('hex').slice(0, 12), defaultEditorStyles };
}

/**
 * The directory the browser files are read from: the build cache in the workspace, the
 * package's `dist/client/` when published.
 */
export async function builtDirectory(): Promise<string> {
  return existsSync(buildScript) ? await builtDir() : prebuiltDir;
}

let loading: Promise<EditorAssets> | undefined;

/**
 * The authoring area's browser files: the prebuilt ones of the published package, or, in the
 * workspace, built on first use and cached. The files are read once per process.
 */
export function editorAssets(): Promise<EditorAssets> {
  loading ??= (async () => load(await builtDirectory()))();
  // A failed build is not remembered: the next call tries again.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
